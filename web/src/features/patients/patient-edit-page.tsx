import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { getPatient, patientKeys, REDIRECT_DELAY_MS, updatePatient, type Patient } from './api';
import { sexWord } from './format';
import { issuesByField } from './patient-form-errors';
import { PatientNotFound } from './patient-not-found';
import './patients.css';

const UPDATE_FAILED = 'Erro ao atualizar paciente';

/** /patients/{id}/edit (spec §2 "Patient edit", §5): name, age, sex, company, job title. */
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
  const [form, setForm] = useState({ name: '', age: '', sex: '', company: '', jobTitle: '' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setForm({
      name: patient.name,
      age: patient.age === null ? '' : String(patient.age),
      sex: sexWord(patient.sex),
      company: patient.company ?? '',
      jobTitle: patient.jobTitle ?? '',
    });
  }, [patient]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const detailHref = paths.patientDetail.getHref(patient.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    const toastId = toast.loading('Atualizando paciente...');
    try {
      await updatePatient(patient.id, {
        name: form.name.trim(),
        age: Math.trunc(Number(form.age)),
        sex: form.sex,
        company: form.company.trim() === '' ? null : form.company.trim(),
        jobTitle: form.jobTitle.trim() === '' ? null : form.jobTitle.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente atualizado com sucesso!', { id: toastId });
      window.setTimeout(() => navigate(detailHref), REDIRECT_DELAY_MS);
    } catch (err) {
      setError(UPDATE_FAILED);
      setFieldErrors(issuesByField(err));
      toast.error(UPDATE_FAILED, { id: toastId });
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
            <Field label="Nome Completo" required error={fieldErrors.name} className="patient-form__wide">
              {(p) => <Input {...p} value={form.name} onChange={set('name')} maxLength={200} />}
            </Field>
            <Field label="Idade" required error={fieldErrors.age}>
              {(p) => <Input {...p} type="number" min={0} max={150} step={1} inputMode="numeric" value={form.age} onChange={set('age')} />}
            </Field>
            <Field label="Sexo" required error={fieldErrors.sex}>
              {(p) => (
                <Select {...p} value={form.sex} onChange={set('sex')}>
                  <option value="">Selecione</option>
                  <option value="Masculino">Masculino</option>
                  <option value="Feminino">Feminino</option>
                  <option value="Outro">Outro</option>
                </Select>
              )}
            </Field>
            <Field label="Empresa" error={fieldErrors.company}>
              {(p) => <Input {...p} value={form.company} onChange={set('company')} />}
            </Field>
            <Field label="Cargo/Função" error={fieldErrors.jobTitle}>
              {(p) => <Input {...p} value={form.jobTitle} onChange={set('jobTitle')} />}
            </Field>
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
