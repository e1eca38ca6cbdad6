import { Link, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { EmailInput, Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useForm, type FormProblem } from '../../../lib/use-form';
import { useAuthConfig } from '../api/auth-config';
import { login as loginRequest } from '../api/login';
import { afterLoginPath } from '../after-login';
import { useAuth } from '../auth-context';
import { GoogleSignIn } from './google-sign-in';
import './login-form.css';

const REQUIRED_MESSAGE = 'Por favor, preencha todos os campos';
const LOGIN_FAILED_MESSAGE = 'Erro ao fazer login. Verifique suas credenciais.';

/** Both fields are required (spec §5 login); both are marked, each shows its error while blank. */
function validateLogin(values: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  return values.email.trim() === '' || values.password === '' ? { message: REQUIRED_MESSAGE, fields: ['email', 'password'] } : null;
}

/**
 * Sign-in (spec §2 login screen, §5 validation, §8 failure toasts): Google's button when the server
 * has a Google client id, then e-mail + password. "Lembrar de mim" is sent as `rememberMe` and picks
 * a 30-day session instead of a 12-hour one.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const auth = useAuth();
  const googleClientId = useAuthConfig().data?.googleClientId ?? null;
  const form = useForm({ email: '', password: '', rememberMe: false }, {
    validate: validateLogin,
    failureMessage: LOGIN_FAILED_MESSAGE,
    onFailure: (message) => toast.error(message),
    keepBusyOnSuccess: true,
    submit: async ({ email, password, rememberMe }) => {
      const { token, user } = await loginRequest({ email: email.trim(), password, rememberMe });
      auth.login(token, user);
      navigate(afterLoginPath(user), { replace: true });
    },
  });
  const { values, busy: submitting } = form;
  // after a submit with a blank field, each field says so until it is filled
  const emailMissing = form.invalid('email') && values.email.trim() === '';
  const passwordMissing = form.invalid('password') && values.password === '';

  return (
    <form className="login-form" onSubmit={form.onSubmit} noValidate aria-describedby="login-form-error">
      {googleClientId && (
        <>
          <GoogleSignIn clientId={googleClientId} rememberMe={values.rememberMe} disabled={submitting} />
          <p className="auth-divider">ou entre com e-mail</p>
        </>
      )}
      <div id="login-form-error">
        {(emailMissing || passwordMissing) && <Banner variant="error">{REQUIRED_MESSAGE}</Banner>}
      </div>
      <Field label="E-mail" error={emailMissing ? 'Informe seu e-mail' : undefined}>
        {(control) => <EmailInput {...control} {...form.text('email')} autoComplete="username" />}
      </Field>
      <Field label="Senha" error={passwordMissing ? 'Informe sua senha' : undefined}>
        {(control) => (
          <Input {...control} type="password" {...form.text('password')} autoComplete="current-password" placeholder="Sua senha" />
        )}
      </Field>
      <div className="login-form__row">
        <Checkbox
          label="Lembrar de mim"
          name="rememberMe"
          checked={values.rememberMe}
          onChange={(event) => form.set('rememberMe', event.target.checked)}
          disabled={submitting}
        />
        <Link className="login-form__forgot" to={paths.forgotPassword.getHref()}>
          Esqueci minha senha
        </Link>
      </div>
      <Button type="submit" fullWidth loading={submitting} loadingText="Entrando...">
        Entrar
      </Button>
    </form>
  );
}
