import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  CRFA_REGIONS,
  PROFESSIONAL_TYPE_LABELS,
  PROFESSIONAL_TYPES,
  UFS,
  type ProfessionalType,
} from '../../../../../core/src/index';
import { ACCOUNT_MESSAGES } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { registerAccount } from '../api/register';
import {
  emptyRegisterValues,
  toRegisterPayload,
  validateRegistration,
  type RegisterField,
  type RegisterProblem,
  type RegisterValues,
} from '../validation';
import './register-form.css';

const REGISTER_FAILED_MESSAGE = 'Erro ao criar conta.';

/** Short words on the cards; the full title (core's PROFESSIONAL_TYPE_LABELS) is the card's tooltip. */
const typeCards: Record<ProfessionalType, { label: string; description: string }> = {
  Medico: { label: 'Médico(a)', description: 'Registro no CRM' },
  Fonoaudiologo: { label: 'Fonoaudiólogo(a)', description: 'Registro no CRFa' },
  Engenheiro: { label: 'Engenheiro(a)', description: 'Segurança do Trabalho · CREA' },
};

const typeOptions = PROFESSIONAL_TYPES.map((type) => ({
  value: type,
  label: <span title={PROFESSIONAL_TYPE_LABELS[type]}>{typeCards[type].label}</span>,
  description: typeCards[type].description,
}));

/** Registration (spec §2 register screen, §3 payload and regions, §5 checks in order, §8 failure). */
export function RegisterForm() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [values, setValues] = useState<RegisterValues>(emptyRegisterValues);
  const [problem, setProblem] = useState<RegisterProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: RegisterField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: RegisterField) => problem?.fields.includes(field) ?? false;
  /** A field's own error text: only where it says more than the banner. */
  const fieldError = (field: RegisterField, text: string) => (invalid(field) ? text : undefined);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateRegistration(values);
    setProblem(found);
    if (found) {
      focusFirst(found.fields);
      return;
    }
    setSubmitting(true);
    try {
      const session = await registerAccount(toRegisterPayload(values));
      auth.login(session.token, session.user);
      navigate(paths.dashboard.getHref(), { replace: true });
    } catch (error) {
      const message = errorMessage(error, REGISTER_FAILED_MESSAGE);
      setProblem({ message, fields: [] });
      toast.error(message);
      setSubmitting(false);
    }
  }

  const type = values.professionalType;

  return (
    <form className="register-form" onSubmit={handleSubmit} noValidate aria-describedby="register-form-error">
      <div id="register-form-error" className="register-form__error">
        {problem && <Banner variant="error">{problem.message}</Banner>}
      </div>

      <Field label="Nome completo" required error={fieldError('name', 'Informe seu nome')}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            placeholder="Dra. Maria Silva"
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            disabled={submitting}
          />
        )}
      </Field>
      <Field
        label="E-mail"
        required
        error={fieldError('email', values.email.trim() === '' ? 'Informe seu e-mail' : 'Informe um e-mail válido')}
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="seu@email.com"
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
            disabled={submitting}
          />
        )}
      </Field>
      <div className="register-form__row">
        <Field label="Senha" required hint={ACCOUNT_MESSAGES.passwordHint} error={fieldError('password', 'Senha inválida')}>
          {(control) => (
            <Input
              {...control}
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password')(event.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
        <Field label="Confirmar senha" required error={fieldError('confirmPassword', 'Confira a senha')}>
          {(control) => (
            <Input
              {...control}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => set('confirmPassword')(event.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
      </div>

      <RadioCards
        legend="Tipo de profissional"
        name="professionalType"
        required
        value={type}
        onChange={(next) => set('professionalType')(next)}
        options={typeOptions}
        disabled={submitting}
        error={invalid('professionalType') ? 'Selecione o tipo de profissional' : undefined}
      />

      {type === 'Medico' && (
        <div className="register-form__row register-form__row--registry">
          <Field label="CRM" required hint="Apenas números" error={fieldError('crm', 'Informe o CRM')}>
            {(control) => (
              <Input
                {...control}
                name="crm"
                inputMode="numeric"
                maxLength={6}
                placeholder="123456"
                value={values.crm}
                onChange={(event) => set('crm')(event.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="UF do CRM" required error={fieldError('crmState', 'Selecione a UF')}>
            {(control) => (
              <Select
                {...control}
                name="crmState"
                value={values.crmState}
                onChange={(event) => set('crmState')(event.target.value)}
                disabled={submitting}
              >
                <option value="">Selecione</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}

      {type === 'Fonoaudiologo' && (
        <div className="register-form__row register-form__row--registry">
          <Field label="CRFa" required error={fieldError('crfa', 'Informe o CRFa')}>
            {(control) => (
              <Input
                {...control}
                name="crfa"
                inputMode="numeric"
                placeholder="12345"
                value={values.crfa}
                onChange={(event) => set('crfa')(event.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="Região do CRFa" required error={fieldError('crfaRegion', 'Selecione a região')}>
            {(control) => (
              <Select
                {...control}
                name="crfaRegion"
                value={values.crfaRegion}
                onChange={(event) => set('crfaRegion')(event.target.value)}
                disabled={submitting}
              >
                <option value="">Selecione</option>
                {CRFA_REGIONS.map((region) => (
                  <option key={region.id} value={region.id}>
                    {`${region.label} (${region.states.join(', ')})`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}

      {type === 'Engenheiro' && (
        <div className="register-form__row register-form__row--registry">
          <Field label="CREA" required error={fieldError('crea', 'Informe o CREA')}>
            {(control) => (
              <Input
                {...control}
                name="crea"
                placeholder="1234567890"
                value={values.crea}
                onChange={(event) => set('crea')(event.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="UF do CREA" required error={fieldError('creaState', 'Selecione a UF')}>
            {(control) => (
              <Select
                {...control}
                name="creaState"
                value={values.creaState}
                onChange={(event) => set('creaState')(event.target.value)}
                disabled={submitting}
              >
                <option value="">Selecione</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}

      <p className="register-form__note">* Campos obrigatórios</p>
      <Button type="submit" fullWidth loading={submitting} loadingText="Criando conta...">
        Criar conta
      </Button>
    </form>
  );
}

/** Moves the keyboard focus to the first invalid control, so the message is where the user is. */
function focusFirst(fields: RegisterField[]) {
  const first = fields[0];
  if (!first) return;
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(`.register-form [name="${first}"]`);
    target?.focus();
  });
}
