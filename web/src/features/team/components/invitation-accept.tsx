import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH, type ProfessionalType } from '../../../../../core/src/index';
import { RegistryFields } from '../../../components/forms/registry-fields';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { EmailInput, Input } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import { LoadingState } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForm, type FormProblem } from '../../../lib/use-form';
import { useAuth, type AuthSession } from '../../auth';
import { emptyRegisterValues, toRegisterPayload, typeOptions, validateRegistration, type RegisterField, type RegisterValues } from '../../register';
import { acceptInvitation, checkInvitation, type AcceptInvitationInput, type InvitationPreview } from '../api/team';
import { formatDateTime, rolesLabel } from '../roles';

const CHECK_FAILED = 'Não foi possível verificar o convite. Tente novamente.';
const ACCEPT_FAILED = 'Não foi possível aceitar o convite. Tente novamente.';
const NO_TOKEN = 'Este endereço não contém um convite. Peça ao administrador da equipe um novo link.';
/** The value of the "no professional registry" card (RadioCards has no empty option). */
const NO_TYPE = 'SemRegistro';

type Check = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'valid'; preview: InvitationPreview };

/** The secret travels in the URL fragment (`#token=`), which browsers never send to a server. */
const tokenFromLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/**
 * /convite#token=… (issue 18): what the invitation is for, then one of three ways in — the open
 * session of the invited account, the password of that existing account, or a new account with the
 * register form's fields (e-mail fixed to the invitation's). The session is stored like a login's.
 */
export function InvitationAccept() {
  const [token] = useState(tokenFromLocation);
  const [check, setCheck] = useState<Check>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const auth = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    if (!token) {
      setCheck({ state: 'invalid', message: NO_TOKEN });
      return;
    }
    setCheck({ state: 'loading' });
    checkInvitation(token, controller.signal)
      .then((preview) => setCheck({ state: 'valid', preview }))
      .catch((failure) => {
        if (!controller.signal.aborted) setCheck({ state: 'invalid', message: errorMessage(failure, CHECK_FAILED) });
      });
    return () => controller.abort();
  }, [token, attempt]);

  if (check.state === 'loading') return <LoadingState label="Verificando o convite..." />;
  if (check.state === 'invalid') {
    return (
      <ErrorState
        title="Convite indisponível"
        message={check.message}
        onRetry={token ? () => setAttempt((n) => n + 1) : undefined}
        retryLabel="Verificar de novo"
        actions={<Link to={paths.login.getHref()}>Ir para o login</Link>}
      />
    );
  }

  const { preview } = check;
  const accept = async (input: AcceptInvitationInput) => {
    const session: AuthSession = await acceptInvitation(token, input);
    auth.login(session.token, session.user);
    toast.success(`Bem-vindo(a) à equipe de ${preview.organizationName}!`);
    navigate(paths.dashboard.getHref(), { replace: true });
  };
  const signedInAsInvited = auth.status === 'authenticated' && auth.user?.email.toLowerCase() === preview.email.toLowerCase();

  return (
    <div className="login-form">
      <dl className="team-invitation__summary" aria-label="Dados do convite">
        <dt>Organização</dt>
        <dd>{preview.organizationName}</dd>
        <dt>Convidado(a) por</dt>
        <dd>{preview.invitedByName}</dd>
        <dt>E-mail</dt>
        <dd>{preview.email}</dd>
        <dt>Papéis</dt>
        <dd>{rolesLabel(preview.roles)}</dd>
        <dt>Válido até</dt>
        <dd>{formatDateTime(preview.expiresAt)}</dd>
      </dl>
      {!preview.accountExists ? (
        <NewAccountForm preview={preview} accept={accept} />
      ) : signedInAsInvited ? (
        <SessionAccept accept={accept} />
      ) : (
        <ExistingAccountForm preview={preview} signedInAs={auth.status === 'authenticated' ? auth.user?.email : undefined} accept={accept} />
      )}
    </div>
  );
}

type Accept = (input: AcceptInvitationInput) => Promise<void>;

function SessionAccept({ accept }: { accept: Accept }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setProblem(null);
    try {
      await accept({ mode: 'session' });
    } catch (failure) {
      setProblem(errorMessage(failure, ACCEPT_FAILED));
      setBusy(false);
    }
  }
  return (
    <>
      <p>Você já está conectado(a) com este e-mail.</p>
      <div aria-live="polite">{problem && <Banner variant="error">{problem}</Banner>}</div>
      <Button fullWidth loading={busy} loadingText="Aceitando..." onClick={() => void run()}>
        Aceitar com minha conta
      </Button>
    </>
  );
}

function ExistingAccountForm({ preview, signedInAs, accept }: { preview: InvitationPreview; signedInAs?: string; accept: Accept }) {
  const form = useForm({ password: '' }, {
    validate: ({ password }) => (password ? null : { message: 'Informe sua senha', fields: ['password'] }),
    failureMessage: ACCEPT_FAILED,
    keepBusyOnSuccess: true,
    submit: ({ password }) => accept({ mode: 'existing', password }),
  });
  return (
    <form className="login-form" onSubmit={form.onSubmit} noValidate aria-label="Aceitar com a conta existente">
      {signedInAs && (
        <Banner variant="info">
          Você está conectado(a) como {signedInAs}. Ao aceitar, entra com a conta {preview.email}.
        </Banner>
      )}
      <p>Já existe uma conta no Limiar com o e-mail <strong>{preview.email}</strong>. Informe a senha dela para entrar na equipe.</p>
      <div aria-live="polite">{form.problem && <Banner variant="error">{form.problem.message}</Banner>}</div>
      <Field label="Senha" error={form.invalid('password') ? form.problem?.message : undefined}>
        {(control) => <Input {...control} type="password" {...form.text('password')} autoComplete="current-password" autoFocus />}
      </Field>
      <Button type="submit" fullWidth loading={form.busy} loadingText="Aceitando...">
        Aceitar convite
      </Button>
      <p className="auth-page__subtitle">
        Esqueceu a senha? <Link to={paths.forgotPassword.getHref()}>Redefinir senha</Link>
      </p>
    </form>
  );
}

type TypeChoice = ProfessionalType | typeof NO_TYPE;
type NewValues = Omit<RegisterValues, 'professionalType'> & { professionalType: TypeChoice | '' };

/** The register checks; without a professional type (roles that need none) the registry is skipped. */
function validateNewAccount(values: NewValues): FormProblem<RegisterField> | null {
  if (values.professionalType !== NO_TYPE) return validateRegistration(values as RegisterValues);
  const missing = (['name', 'password', 'confirmPassword'] as const).filter((f) => values[f].trim() === '');
  if (missing.length) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: [...missing] };
  if (values.password !== values.confirmPassword) return { message: ACCOUNT_MESSAGES.passwordsDoNotMatch, fields: ['confirmPassword'] };
  if (values.password.length < MIN_PASSWORD_LENGTH) return { message: ACCOUNT_MESSAGES.passwordTooShort, fields: ['password'] };
  return null;
}

function NewAccountForm({ preview, accept }: { preview: InvitationPreview; accept: Accept }) {
  const fixedType = preview.requiredType;
  const form = useForm<NewValues, RegisterField>({ ...emptyRegisterValues, email: preview.email, professionalType: fixedType ?? '' }, {
    validate: validateNewAccount,
    focusInvalid: true,
    failureMessage: ACCEPT_FAILED,
    keepBusyOnSuccess: true,
    fieldMessagesOf: (failure) => {
      const issues = (failure as { issues?: { path: string; message: string }[] }).issues ?? [];
      return Object.fromEntries(issues.filter((i) => i.path).map((i) => [i.path, i.message]));
    },
    submit: async (values) => {
      const type = values.professionalType === NO_TYPE ? '' : values.professionalType;
      const { email: _email, name, password, confirmPassword, ...registry } = toRegisterPayload({ ...values, professionalType: type } as RegisterValues);
      await accept({ mode: 'new', name: name ?? '', password: password ?? '', confirmPassword: confirmPassword ?? '', ...registry, professionalType: type });
    },
  });
  const { values, problem, invalid, busy } = form;
  const fieldError = (field: RegisterField, text: string) => (invalid(field) ? (form.fieldMessage(field) ?? text) : undefined);
  const chosen = values.professionalType === NO_TYPE ? '' : values.professionalType;
  const options: { value: TypeChoice; label: ReactNode; description: string }[] = fixedType
    ? typeOptions.filter((o) => o.value === fixedType)
    : [...typeOptions, { value: NO_TYPE as TypeChoice, label: <span>Sem registro profissional</span>, description: 'Técnico(a) ou função sem conselho' }];

  return (
    <form className="register-form" onSubmit={form.onSubmit} noValidate aria-label="Criar conta e aceitar o convite">
      <p>Crie sua conta no Limiar para entrar na equipe.</p>
      <div className="register-form__error" aria-live="polite">
        {problem && <Banner variant="error">{problem.message}</Banner>}
      </div>
      <Field label="Nome completo" required error={fieldError('name', 'Informe seu nome')}>
        {(control) => <Input {...control} {...form.text('name')} autoComplete="name" />}
      </Field>
      <Field label="E-mail" hint="O e-mail do convite.">
        {(control) => <EmailInput {...control} name="email" value={preview.email} readOnly aria-readonly="true" />}
      </Field>
      <div className="register-form__row">
        <Field label="Senha" required hint={ACCOUNT_MESSAGES.passwordHint} error={fieldError('password', 'Senha inválida')}>
          {(control) => <Input {...control} type="password" {...form.text('password')} autoComplete="new-password" />}
        </Field>
        <Field label="Confirmar senha" required error={fieldError('confirmPassword', 'Confira a senha')}>
          {(control) => <Input {...control} type="password" {...form.text('confirmPassword')} autoComplete="new-password" />}
        </Field>
      </div>
      <RadioCards<TypeChoice>
        legend={fixedType ? 'Tipo de profissional (definido pelo papel do convite)' : 'Tipo de profissional'}
        name="professionalType"
        required
        value={values.professionalType}
        onChange={(next) => form.set('professionalType', next)}
        options={options}
        disabled={busy}
        columns={fixedType ? 1 : 2}
        error={invalid('professionalType') ? 'Selecione o tipo de profissional' : undefined}
      />
      <RegistryFields type={chosen} variant="register" values={values} onChange={form.set} invalid={invalid} disabled={busy}
        rowClassName="register-form__row register-form__row--registry" />
      <p className="register-form__note">* Campos obrigatórios</p>
      <Button type="submit" fullWidth loading={busy} loadingText="Criando conta...">
        Criar conta e aceitar
      </Button>
    </form>
  );
}
