import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { getPatient, patientKeys, REDIRECT_DELAY_MS, updatePatient, type Patient } from './api';
import { formToBody, PatientFormFields, patientToForm, type PatientFormState } from './patient-form-fields';
import { issuesByField } from './patient-form-errors';
import { PatientNotFound } from './patient-not-found';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PatientFormState>(() => patientToForm(patient));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => setForm(patientToForm(patient)), [patient]);

  const detailHref = paths.patientDetail.getHref(patient.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    const toastId = toast.loading('Atualizando paciente...');
    try {
      await updatePatient(patient.id, formToBody(form));
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente atualizado com sucesso!', { id: toastId });
      window.setTimeout(() => navigate(detailHref), REDIRECT_DELAY_MS);
    } catch (err) {
      const message = errorMessage(err, UPDATE_FAILED);
      setError(message);
      setFieldErrors(issuesByField(err));
      toast.error(message, { id: toastId });
      setSaving(false);
    }
  }

  return (
    <div className="patients patients--form">
      <PageHeader title="Editar Paciente" description={patient.name} back={{ to: detailHref, label: 'Voltar' }} />
      <Card>
        <form className="patient-form" onSubmit={onSubmit}>
          {error && <Banner variant="error">{error}</Banner>}
          <fieldset className="patient-form__fields" disabled={saving}>
            <PatientFormFields form={form} onChange={setForm} errors={fieldErrors} />
          </fieldset>
          <p className="patient-form__note">* Campos obrigatórios</p>
          <div className="patient-form__actions">
            <Button variant="secondary" disabled={saving} onClick={() => navigate(detailHref)}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving} loadingText="Salvando...">
              Salvar Alterações
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
