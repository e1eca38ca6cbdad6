import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { createPatient, patientKeys, REDIRECT_DELAY_MS } from './api';
import { emptyPatientForm, formToBody, PatientFormFields, type PatientFormState } from './patient-form-fields';
import { issuesByField } from './patient-form-errors';
import './patients.css';

/** /patients/new (spec §2 "New patient", §5 "Patient create"). */
export default function PatientNewPage() {
  useDocumentTitle('Novo Paciente');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PatientFormState>(emptyPatientForm);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      await createPatient(formToBody(form));
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente cadastrado com sucesso!');
      window.setTimeout(() => navigate(paths.patients.getHref()), REDIRECT_DELAY_MS);
    } catch (err) {
      const message = errorMessage(err, 'Erro ao criar paciente. Tente novamente.');
      setError(message);
      setFieldErrors(issuesByField(err));
      toast.error(message);
      setSaving(false);
    }
  }

  return (
    <div className="patients patients--form">
      <PageHeader title="Novo Paciente" description="Cadastre um trabalhador para registrar seus exames." back={{ to: paths.patients.getHref(), label: 'Voltar' }} />
      <Card>
        <form className="patient-form" onSubmit={onSubmit} noValidate={false}>
          {error && <Banner variant="error">{error}</Banner>}
          <fieldset className="patient-form__fields" disabled={saving}>
            <PatientFormFields form={form} onChange={setForm} errors={fieldErrors} />
          </fieldset>
          <p className="patient-form__note">* Campos obrigatórios</p>
          <div className="patient-form__actions">
            <Button variant="secondary" disabled={saving} onClick={() => navigate(paths.patients.getHref())}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving} loadingText="Salvando...">
              Salvar Paciente
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
