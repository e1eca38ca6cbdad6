import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { createPatient, patientKeys, REDIRECT_DELAY_MS } from './api';
import { maskCpf } from './format';
import { issuesByField } from './patient-form-errors';
import './patients.css';

const empty = { name: '', age: '', sex: 'M', birthDate: '', cpf: '', phone: '', email: '', address: '', company: '', jobTitle: '' };
type FormState = typeof empty;

/** /patients/new (spec §2 "New patient", §5 "Patient create"). */
export default function PatientNewPage() {
  useDocumentTitle('Novo Paciente');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(empty);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: key === 'cpf' ? maskCpf(e.target.value) : e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    const optional = (v: string) => (v.trim() === '' ? null : v.trim());
    try {
      await createPatient({
        name: form.name.trim(),
        age: form.age === '' ? null : Math.trunc(Number(form.age)),
        sex: form.sex,
        birthDate: optional(form.birthDate),
        cpf: optional(form.cpf.replace(/\D/g, '')),
        phone: optional(form.phone),
        email: optional(form.email),
        address: optional(form.address),
        company: optional(form.company),
        jobTitle: optional(form.jobTitle),
      });
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
            <Field label="Nome Completo" required error={fieldErrors.name} className="patient-form__wide">
              {(p) => <Input {...p} value={form.name} onChange={set('name')} autoComplete="off" maxLength={200} />}
            </Field>
            <Field label="Idade" required error={fieldErrors.age}>
              {(p) => <Input {...p} type="number" min={0} max={150} step={1} inputMode="numeric" value={form.age} onChange={set('age')} />}
            </Field>
            <Field label="Sexo" required error={fieldErrors.sex}>
              {(p) => (
                <Select {...p} value={form.sex} onChange={set('sex')}>
                  <option value="M">Masculino</option>
                  <option value="F">Feminino</option>
                </Select>
              )}
            </Field>
            <Field label="Data de Nascimento" error={fieldErrors.birthDate}>
              {(p) => <Input {...p} type="date" value={form.birthDate} onChange={set('birthDate')} />}
            </Field>
            <Field label="CPF" hint="000.000.000-00" error={fieldErrors.cpf}>
              {(p) => <Input {...p} inputMode="numeric" placeholder="000.000.000-00" value={form.cpf} onChange={set('cpf')} />}
            </Field>
            <Field label="Telefone" error={fieldErrors.phone}>
              {(p) => <Input {...p} type="tel" placeholder="(11) 91234-5678" value={form.phone} onChange={set('phone')} />}
            </Field>
            <Field label="E-mail" error={fieldErrors.email}>
              {(p) => <Input {...p} type="email" placeholder="nome@empresa.com.br" value={form.email} onChange={set('email')} />}
            </Field>
            <Field label="Endereço" error={fieldErrors.address} className="patient-form__wide">
              {(p) => <Textarea {...p} value={form.address} onChange={set('address')} />}
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
