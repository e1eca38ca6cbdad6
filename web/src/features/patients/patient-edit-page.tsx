import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { getPatient, patientKeys, updatePatient, type Patient } from './api';
import { PatientForm, patientToForm, type PatientBody } from './patient-form';
import { PatientNotFound } from './patient-not-found';
import { RequirePermission } from '../auth';
import './patients.css';

const UPDATE_FAILED = 'Erro ao atualizar paciente';

/** /patients/{id}/edit (spec §2 "Patient edit", §5; issue 14): every field of the worker, CPF by its check digits. */
export default function PatientEditPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Editar Paciente');
  const patient = useQuery({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => getPatient(id, signal) });

  if (patient.isPending) return <LoadingState />;
  if (patient.isError) return <PatientNotFound />;
  return <EditForm patient={patient.data} />;
}

function EditForm({ patient }: { patient: Patient }) {
  const initial = useMemo(() => patientToForm(patient), [patient]);
  const detailHref = paths.patientDetail.getHref(patient.id);
  return (
    <div className="ui-page patients patients--form">
      <PageHeader title="Editar Paciente" description={patient.name} back={{ to: detailHref, label: 'Voltar' }} />
      <RequirePermission action="workers.write">
        <PatientForm
          initial={initial}
          save={(body: PatientBody) => updatePatient(patient.id, body)}
          submitLabel="Salvar Alterações"
          doneHref={detailHref}
          messages={{ pending: 'Atualizando paciente...', success: 'Paciente atualizado com sucesso!', failure: UPDATE_FAILED }}
        />
      </RequirePermission>
    </div>
  );
}
