import { useDocumentTitle } from '../../components/layout/use-document-title';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { createPatient } from './api';
import { emptyPatientForm, PatientForm } from './patient-form';
import { RequirePermission } from '../auth';
import './patients.css';

/** /patients/new (spec §2 "New patient", §5 "Patient create"). */
export default function PatientNewPage() {
  useDocumentTitle('Novo Paciente');
  return (
    <div className="ui-page patients patients--form">
      <PageHeader title="Novo Paciente" description="Cadastre um trabalhador para registrar seus exames." back={{ to: paths.patients.getHref(), label: 'Voltar' }} />
      <RequirePermission action="workers.write">
        <PatientForm
          initial={emptyPatientForm}
          save={createPatient}
          submitLabel="Salvar Paciente"
          doneHref={paths.patients.getHref()}
          messages={{ success: 'Paciente cadastrado com sucesso!', failure: 'Erro ao criar paciente. Tente novamente.' }}
        />
      </RequirePermission>
    </div>
  );
}
