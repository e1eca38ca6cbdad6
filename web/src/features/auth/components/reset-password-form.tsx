import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { paths } from '../../../config/paths';
import { clearToken, errorMessage } from '../../../lib/api-client';
import { useForm, type FormProblem } from '../../../lib/use-form';
import { checkResetLink, resetPassword } from '../api/password-reset';
import './login-form.css';

const CHECK_FAILED = 'Não foi possível verificar o link. Tente novamente.';
const RESET_FAILED = 'Não foi possível redefinir a senha. Tente novamente.';
type Check = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'valid'; email: string } | { state: 'done'; message: string };
type FieldName = 'password' | 'confirmPassword';

/** The secret travels in the URL fragment (`#token=`), which browsers never send to a server. */
const tokenFromLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** The register rules in the spec order: both fields, equal, at least 6 characters. */
function validateNewPassword({ password, confirmPassword }: Record<FieldName, string>): FormProblem<FieldName> | null {
  if (!password) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: ['password'] };
  if (!confirmPassword) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: ['confirmPassword'] };
  if (password !== confirmPassword) return { message: ACCOUNT_MESSAGES.passwordsDoNotMatch, fields: ['confirmPassword'] };
  if (password.length < MIN_PASSWORD_LENGTH) return { message: ACCOUNT_MESSAGES.passwordTooShort, fields: ['password'] };
  return null;
}

/**
 * New password from a reset link (issue 14): checks the link first, then the register rules in the
 * spec order (both fields, equal, at least 6). On success every session of the account has ended.
 */
export function ResetPasswordForm() {
  const [token] = useState(tokenFromLocation);
  const [check, setCheck] = useState<Check>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const form = useForm({ password: '', confirmPassword: '' }, {
    validate: validateNewPassword,
    failureMessage: RESET_FAILED,
    submit: async ({ password, confirmPassword }) => {
      const done = await resetPassword({ token, password, confirmPassword });
      clearToken(); // this browser's session, if any, was revoked with the others
      setCheck({ state: 'done', message: done.message });
    },
  });
  const error = form.problem;
  const fieldError = (field: FieldName) => (error?.fields[0] === field ? error.message : undefined);

  useEffect(() => {
    const controller = new AbortController();
    setCheck({ state: 'loading' });
    if (!token) {
      setCheck({ state: 'invalid', message: 'Este endereço não contém um link de redefinição. Solicite um novo link.' });
      return;
    }
    checkResetLink(token, controller.signal)
      .then((valid) => setCheck({ state: 'valid', email: valid.email }))
      .catch((failure) => {
        if (!controller.signal.aborted) setCheck({ state: 'invalid', message: errorMessage(failure, CHECK_FAILED) });
      });
    return () => controller.abort();
  }, [token, attempt]);

  if (check.state === 'loading') return <LoadingState label="Verificando o link..." />;
  if (check.state === 'invalid') {
    return (
      <ErrorState
        title="Link indisponível"
        message={check.message}
        onRetry={() => setAttempt((n) => n + 1)}
        retryLabel="Verificar de novo"
        actions={<Link to={paths.forgotPassword.getHref()}>Solicitar um novo link</Link>}
      />
    );
  }
  if (check.state === 'done') {
    return (
      <div className="login-form">
        <Banner variant="success" title="Senha redefinida">{check.message}</Banner>
        {/* a full page load: the app forgets the revoked session */}
        <a className={buttonClassName({ fullWidth: true })} href={paths.login.getHref()}>
          Entrar com a nova senha
        </a>
      </div>
    );
  }
  return (
    <form className="login-form" onSubmit={form.onSubmit} noValidate>
      <p className="auth-page__subtitle">
        Conta: <strong>{check.email}</strong>
      </p>
      <div aria-live="polite">{error && <Banner variant="error">{error.message}</Banner>}</div>
      <Field label="Nova senha" hint={ACCOUNT_MESSAGES.passwordHint} error={fieldError('password')}>
        {(control) => <Input {...control} type="password" {...form.text('password')} autoComplete="new-password" autoFocus />}
      </Field>
      <Field label="Confirmar nova senha" error={fieldError('confirmPassword')}>
        {(control) => <Input {...control} type="password" {...form.text('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" fullWidth loading={form.busy} loadingText="Salvando...">
        Redefinir senha
      </Button>
    </form>
  );
}
