import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { EmailInput, Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import type { Company, CompanyBody } from './api';
import { cnpjCharacters, maskCnpj } from './format';

const text = (v: string | null | undefined) => v ?? '';

function toForm(c: Company | null) {
  return {
    name: text(c?.name), tradeName: text(c?.tradeName), cnpj: c?.cnpj ? maskCnpj(c.cnpj) : '', address: text(c?.address), cnae: text(c?.cnae),
    riskGrade: c?.riskGrade ? String(c.riskGrade) : '', contactName: text(c?.contactName), contactEmail: text(c?.contactEmail), contactPhone: text(c?.contactPhone),
  };
}
type Values = ReturnType<typeof toForm>;
type Key = keyof Values;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function toCompanyBody(v: Values): CompanyBody {
  return {
    name: v.name.trim(), tradeName: orNull(v.tradeName), cnpj: cnpjCharacters(v.cnpj) || null, address: orNull(v.address), cnae: orNull(v.cnae),
    riskGrade: v.riskGrade ? Number(v.riskGrade) : null, contactName: orNull(v.contactName), contactEmail: orNull(v.contactEmail), contactPhone: orNull(v.contactPhone),
  };
}

/** The server's issues under their fields; a CNPJ refusal (invalid check digits, another company's CNPJ) under the CNPJ. */
function fieldMessages(error: unknown): Partial<Record<Key, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<Key, string>> = {};
  for (const i of error.issues) {
    const key = i.path.split('.')[0] as Key;
    out[key] ??= i.message;
  }
  if (!out.cnpj && /CNPJ/i.test(error.code)) out.cnpj = error.message;
  if (!out.name && error.code === 'COMPANY.NAME_CONFLICT') out.name = error.message;
  return out;
}

export interface CompanyFormProps {
  company: Company | null;
  submitLabel: string;
  onSave: (body: CompanyBody) => Promise<unknown>;
  onCancel?: () => void;
  /** Read-only for a member without 'programme.manage'. */
  readOnly?: boolean;
}

/**
 * The company's record (issue 19): razão social (required), nome fantasia, CNPJ (masked as typed,
 * checked by the server: check digits, unique in the organisation), address, CNAE, grau de risco
 * and the contact. The server's pt-BR messages appear under their fields.
 */
export function CompanyForm({ company, submitLabel, onSave, onCancel, readOnly = false }: CompanyFormProps) {
  const form = useForm<Values, Key>(() => toForm(company), {
    failureMessage: 'Não foi possível salvar a empresa. Tente novamente.',
    fieldMessagesOf: fieldMessages,
    focusInvalid: true,
    validate: (v) => (v.name.trim() === '' ? { message: 'Informe a razão social.', fields: ['name'], fieldMessages: { name: 'Informe a razão social.' } } : null),
    submit: (v) => onSave(toCompanyBody(v)),
  });
  const err = (k: Key) => form.fieldMessage(k);
  const bind = (k: Key) => ({ ...form.text(k), disabled: form.busy || readOnly });

  return (
    <form className="company-form" onSubmit={form.onSubmit} aria-label={company ? 'Dados da empresa' : 'Nova empresa'} noValidate>
      {form.problem && <Banner variant="error">{form.problem.message}</Banner>}
      <div className="company-form__grid">
        <Field label="Razão social" required error={err('name')} className="company-form__wide">
          {(p) => <Input {...p} {...bind('name')} maxLength={200} autoComplete="organization" />}
        </Field>
        <Field label="Nome fantasia" error={err('tradeName')}>
          {(p) => <Input {...p} {...bind('tradeName')} maxLength={200} />}
        </Field>
        <Field label="CNPJ" hint="14 caracteres; a empresa sem CNPJ fica com o cadastro incompleto" error={err('cnpj')}>
          {(p) => <Input {...p} {...bind('cnpj')} onChange={(e) => form.set('cnpj', maskCnpj(e.target.value))} placeholder="00.000.000/0000-00" autoCapitalize="characters" />}
        </Field>
        <Field label="CNAE" error={err('cnae')}>
          {(p) => <Input {...p} {...bind('cnae')} maxLength={20} placeholder="2512-8/00" />}
        </Field>
        <Field label="Grau de risco" hint="NR-4, Quadro I" error={err('riskGrade')}>
          {(p) => (
            <Select {...p} {...bind('riskGrade')}>
              <option value="">Não informado</option>
              {[1, 2, 3, 4].map((g) => (
                <option key={g} value={String(g)}>
                  {g}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Endereço" error={err('address')} className="company-form__wide">
          {(p) => <Textarea {...p} {...bind('address')} rows={2} maxLength={500} />}
        </Field>
        <Field label="Contato" error={err('contactName')}>
          {(p) => <Input {...p} {...bind('contactName')} maxLength={200} />}
        </Field>
        <Field label="E-mail do contato" error={err('contactEmail')}>
          {(p) => <EmailInput {...p} {...bind('contactEmail')} placeholder="rh@empresa.com.br" maxLength={200} />}
        </Field>
        <Field label="Telefone do contato" error={err('contactPhone')}>
          {(p) => <Input {...p} {...bind('contactPhone')} type="tel" maxLength={40} />}
        </Field>
      </div>
      {!readOnly && (
        <div className="company-form__actions">
          {onCancel && (
            <Button variant="secondary" disabled={form.busy} onClick={onCancel}>
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={form.busy} loadingText="Salvando...">
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
