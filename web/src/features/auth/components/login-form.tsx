import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuthConfig } from '../api/auth-config';
import { login as loginRequest } from '../api/login';
import { useAuth } from '../auth-context';
import { GoogleSignIn } from './google-sign-in';
import './login-form.css';

const REQUIRED_MESSAGE = 'Por favor, preencha todos os campos';
const LOGIN_FAILED_MESSAGE = 'Erro ao fazer login. Verifique suas credenciais.';

/**
 * Sign-in (spec §2 login screen, §5 validation, §8 failure toasts): Google's button when the server
 * has a Google client id, then e-mail + password. "Lembrar de mim" is sent as `rememberMe` and picks
 * a 30-day session instead of a 12-hour one.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const auth = useAuth();
  const googleClientId = useAuthConfig().data?.googleClientId ?? null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [missingFields, setMissingFields] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const emailMissing = missingFields && email.trim() === '';
  const passwordMissing = missingFields && password === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (email.trim() === '' || password === '') {
      setMissingFields(true);
      return;
    }
    setMissingFields(false);
    setSubmitting(true);
    try {
      const { token, user } = await loginRequest({ email: email.trim(), password, rememberMe });
      auth.login(token, user);
      navigate(paths.dashboard.getHref(), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, LOGIN_FAILED_MESSAGE));
      setSubmitting(false);
    }
  }

  return (
    <form className="login-form" onSubmit={handleSubmit} noValidate aria-describedby="login-form-error">
      {googleClientId && (
        <>
          <GoogleSignIn clientId={googleClientId} rememberMe={rememberMe} disabled={submitting} />
          <p className="auth-divider">ou entre com e-mail</p>
        </>
      )}
      <div id="login-form-error">
        {missingFields && (emailMissing || passwordMissing) && <Banner variant="error">{REQUIRED_MESSAGE}</Banner>}
      </div>
      <Field label="E-mail" error={emailMissing ? 'Informe seu e-mail' : undefined}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="seu@email.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
          />
        )}
      </Field>
      <Field label="Senha" error={passwordMissing ? 'Informe sua senha' : undefined}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Sua senha"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={submitting}
          />
        )}
      </Field>
      <div className="login-form__row">
        <Checkbox
          label="Lembrar de mim"
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
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
