import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { patientKeys, REDIRECT_DELAY_MS, type Patient } from './api';
import { maskCpf } from './format';
import { issuesByField } from './patient-form-errors';

/** Every field of a worker (spec §3 Patient), as the create and edit forms hold them. */
export const emptyPatientForm = { name: '', age: '', sex: 'M', birthDate: '', cpf: '', phone: '', email: '', address: '', company: '', jobTitle: '' };
export type PatientFormState = typeof emptyPatientForm;

/** The stored worker as form text (CPF masked). */
export function patientToForm(p: Patient): PatientFormState {
  return {
    name: p.name, age: p.age === null ? '' : String(p.age), sex: p.sex, birthDate: p.birthDate ?? '', cpf: maskCpf(p.cpf ?? ''),
    phone: p.phone ?? '', email: p.email ?? '', address: p.address ?? '', company: p.company ?? '', jobTitle: p.jobTitle ?? '',
  };
}

/** The form as the API body: blanks are null (cleared), CPF as digits. */
export function formToBody(f: PatientFormState) {
  const optional = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: f.name.trim(), age: f.age === '' ? null : Math.trunc(Number(f.age)), sex: f.sex, birthDate: optional(f.birthDate),
    cpf: optional(f.cpf.replace(/\D/g, '')), phone: optional(f.phone), email: optional(f.email), address: optional(f.address),
    company: optional(f.company), jobTitle: optional(f.jobTitle),
  };
}

export type PatientBody = ReturnType<typeof formToBody>;

export interface PatientFormProps {
  /** The values to start from: empty for a new worker, the stored worker for an edit. */
  initial: PatientFormState;
  /** Sends the body (create or update); throws an ApiError whose `issues` mark the fields. */
  save: (body: PatientBody) => Promise<unknown>;
  submitLabel: string;
  /** Where 'Cancelar' goes and where the form goes once saved (after the success toast). */
  doneHref: string;
  messages: { success: string; failure: string; pending?: string };
}

/**
 * The worker form of /patients/new and /patients/{id}/edit (spec §2, §5): the browser checks the
 * required fields, the server the rest (CPF check digits...), its issues shown under each field;
 * saved, a toast, the patient lists refreshed, and the page leaves after a short delay.
 */
export function PatientForm({ initial, save, submitLabel, doneHref, messages }: PatientFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  let toastId: string | number | undefined;
  const form = useForm(initial, {
    failureMessage: messages.failure,
    fieldMessagesOf: issuesByField,
    keepBusyOnSuccess: true,
    onFailure: (message) => toast.error(message, toastId === undefined ? undefined : { id: toastId }),
    submit: async (values) => {
      toastId = messages.pending ? toast.loading(messages.pending) : undefined;
      await save(formToBody(values));
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success(messages.success, toastId === undefined ? undefined : { id: toastId });
      window.setTimeout(() => navigate(doneHref), REDIRECT_DELAY_MS);
    },
  });
  const { setValues } = form;
  // the edit page's worker may be fetched again (after a save): the form follows it
  useEffect(() => setValues(initial), [initial, setValues]);
  const errors = form.problem?.fieldMessages ?? {};

  return (
    <Card>
      <form className="patient-form" onSubmit={form.onSubmit}>
        {form.problem && <Banner variant="error">{form.problem.message}</Banner>}
        <fieldset className="patient-form__fields" disabled={form.busy}>
          <PatientFormFields form={form.values} onChange={form.setValues} errors={errors} />
        </fieldset>
        <p className="patient-form__note">* Campos obrigatórios</p>
        <div className="patient-form__actions">
          <Button variant="secondary" disabled={form.busy} onClick={() => navigate(doneHref)}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.busy} loadingText="Salvando...">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface Props {
  form: PatientFormState;
  onChange: (next: PatientFormState) => void;
  errors: Partial<Record<keyof PatientFormState, string>>;
}

/** The worker's fields; age may be left blank when the birth date is given (spec §2: computed from it). */
function PatientFormFields({ form, onChange, errors }: Props) {
  const set = (key: keyof PatientFormState) => (e: { target: { value: string } }) =>
    onChange({ ...form, [key]: key === 'cpf' ? maskCpf(e.target.value) : e.target.value });
  return (
    <>
      <Field label="Nome Completo" required error={errors.name} className="patient-form__wide">
        {(p) => <Input {...p} value={form.name} onChange={set('name')} autoComplete="off" maxLength={200} />}
      </Field>
      <Field label="Data de Nascimento" error={errors.birthDate}>
        {(p) => <Input {...p} type="date" value={form.birthDate} onChange={set('birthDate')} />}
      </Field>
      <Field label="Idade" required={!form.birthDate} hint={form.birthDate ? 'Opcional: calculada pela data de nascimento' : undefined} error={errors.age}>
        {(p) => <Input {...p} type="number" min={0} max={150} step={1} inputMode="numeric" value={form.age} onChange={set('age')} />}
      </Field>
      <Field label="Sexo" required error={errors.sex}>
        {(p) => (
          <Select {...p} value={form.sex} onChange={set('sex')}>
            <option value="M">Masculino</option>
            <option value="F">Feminino</option>
            <option value="O">Outro</option>
          </Select>
        )}
      </Field>
      <Field label="CPF" hint="000.000.000-00" error={errors.cpf}>
        {(p) => <Input {...p} inputMode="numeric" placeholder="000.000.000-00" value={form.cpf} onChange={set('cpf')} />}
      </Field>
      <Field label="Telefone" error={errors.phone}>
        {(p) => <Input {...p} type="tel" placeholder="(11) 91234-5678" value={form.phone} onChange={set('phone')} />}
      </Field>
      <Field label="E-mail" error={errors.email}>
        {(p) => <Input {...p} type="email" placeholder="nome@empresa.com.br" value={form.email} onChange={set('email')} />}
      </Field>
      <Field label="Endereço" error={errors.address} className="patient-form__wide">
        {(p) => <Textarea {...p} value={form.address} onChange={set('address')} maxLength={500} />}
      </Field>
      <Field label="Empresa" error={errors.company}>
        {(p) => <Input {...p} value={form.company} onChange={set('company')} maxLength={200} />}
      </Field>
      <Field label="Cargo/Função" error={errors.jobTitle}>
        {(p) => <Input {...p} value={form.jobTitle} onChange={set('jobTitle')} maxLength={200} />}
      </Field>
    </>
  );
}
