import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, PROFESSIONAL_TYPE_LABELS, PROFESSIONAL_TYPES, type ProfessionalType } from '../../../../../core/src/index';
import { RegistryFields } from '../../../components/forms/registry-fields';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { EmailInput, Input } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useAuth } from '../../auth';
import { registerAccount } from '../api/register';
import { emptyRegisterValues, toRegisterPayload, validateRegistration, type RegisterField } from '../validation';
import './register-form.css';

const REGISTER_FAILED_MESSAGE = 'Erro ao criar conta.';

/** Short words on the cards (also the invitation page's, issue 18); the full title (core's PROFESSIONAL_TYPE_LABELS) is the card's tooltip. */
const typeCards: Record<ProfessionalType, { label: string; description: string }> = {
  Medico: { label: 'Médico(a)', description: 'Registro no CRM' },
  Fonoaudiologo: { label: 'Fonoaudiólogo(a)', description: 'Registro no CRFa' },
  Engenheiro: { label: 'Engenheiro(a)', description: 'Segurança do Trabalho · CREA' },
};

export const typeOptions = PROFESSIONAL_TYPES.map((type) => ({
  value: type,
  label: <span title={PROFESSIONAL_TYPE_LABELS[type]}>{typeCards[type].label}</span>,
  description: typeCards[type].description,
}));

/** Registration (spec §2 register screen, §3 payload and regions, §5 checks in order, §8 failure). */
export function RegisterForm() {
  const navigate = useNavigate();
  const auth = useAuth();
  const form = useForm(emptyRegisterValues, {
    validate: validateRegistration,
    focusInvalid: true,
    failureMessage: REGISTER_FAILED_MESSAGE,
    onFailure: (message) => toast.error(message),
    keepBusyOnSuccess: true,
    submit: async (values) => {
      const session = await registerAccount(toRegisterPayload(values));
      auth.login(session.token, session.user);
      navigate(paths.dashboard.getHref(), { replace: true });
    },
  });
  const { values, problem, invalid, busy: submitting } = form;
  /** A field's own error text: only where it says more than the banner. */
  const fieldError = (field: RegisterField, text: string) => (invalid(field) ? text : undefined);

  const type = values.professionalType;

  return (
    <form className="register-form" onSubmit={form.onSubmit} noValidate aria-describedby="register-form-error">
      <div id="register-form-error" className="register-form__error">
        {problem && <Banner variant="error">{problem.message}</Banner>}
      </div>

      <Field label="Nome completo" required error={fieldError('name', 'Informe seu nome')}>
        {(control) => <Input {...control} {...form.text('name')} autoComplete="name" placeholder="Dra. Maria Silva" />}
      </Field>
      <Field
        label="E-mail"
        required
        error={fieldError('email', values.email.trim() === '' ? 'Informe seu e-mail' : 'Informe um e-mail válido')}
      >
        {(control) => <EmailInput {...control} {...form.text('email')} autoComplete="email" />}
      </Field>
      <div className="register-form__row">
        <Field label="Senha" required hint={ACCOUNT_MESSAGES.passwordHint} error={fieldError('password', 'Senha inválida')}>
          {(control) => <Input {...control} type="password" {...form.text('password')} autoComplete="new-password" />}
        </Field>
        <Field label="Confirmar senha" required error={fieldError('confirmPassword', 'Confira a senha')}>
          {(control) => <Input {...control} type="password" {...form.text('confirmPassword')} autoComplete="new-password" />}
        </Field>
      </div>

      <RadioCards
        legend="Tipo de profissional"
        name="professionalType"
        required
        value={type}
        onChange={(next) => form.set('professionalType', next)}
        options={typeOptions}
        disabled={submitting}
        error={invalid('professionalType') ? 'Selecione o tipo de profissional' : undefined}
      />

      <RegistryFields type={type} variant="register" values={values} onChange={form.set} invalid={invalid} disabled={submitting}
        rowClassName="register-form__row register-form__row--registry" />

      <p className="register-form__note">* Campos obrigatórios</p>
      <Button type="submit" fullWidth loading={submitting} loadingText="Criando conta...">
        Criar conta
      </Button>
    </form>
  );
}
