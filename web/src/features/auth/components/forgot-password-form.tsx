import { useState } from 'react';
import { Link } from 'react-router';
import type { ForgotPasswordResponse } from '../../../../../adapters/src/http/contract/accounts';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { EmailInput } from '../../../components/ui/input';
import { useForm } from '../../../lib/use-form';
import { requestPasswordReset } from '../api/password-reset';
import './login-form.css';

const FAILED_MESSAGE = 'Não foi possível solicitar a redefinição de senha. Tente novamente.';
const REQUIRED_MESSAGE = 'Informe seu e-mail';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * "Esqueci minha senha" (issue 14): asks the e-mail. With mail configured the answer is neutral;
 * without it (ADR 0013) the server returns the link, shown here as the way forward.
 */
export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<ForgotPasswordResponse | null>(null);
  const form = useForm({ email: '' }, {
    validate: ({ email }) => (email.trim() === '' ? { message: REQUIRED_MESSAGE, fields: ['email'] } : null),
    failureMessage: FAILED_MESSAGE,
    submit: async ({ email }) => {
      setAnswer(null);
      setAnswer(await requestPasswordReset(email.trim()));
    },
  });
  const missing = form.invalid('email');
  const error = form.problem && !missing ? form.problem.message : null;
  const submitting = form.busy;

  return (
    <form className="login-form" onSubmit={form.onSubmit} noValidate>
      <div aria-live="polite">
        {error && <Banner variant="error">{error}</Banner>}
        {answer?.delivery === 'email' && <Banner variant="success" title="Pedido recebido">{answer.message}</Banner>}
        {answer?.delivery === 'screen' && answer.resetPath && (
          <Banner variant="info" title="Link de redefinição">
            <p>{answer.message}</p>
            <p>
              <Link to={answer.resetPath}>
                Redefinir minha senha
              </Link>
              {answer.expiresAt && <> (válido até {timeOf(answer.expiresAt)})</>}
            </p>
          </Banner>
        )}
      </div>
      <Field label="E-mail" error={missing ? REQUIRED_MESSAGE : undefined}>
        {(control) => <EmailInput {...control} {...form.text('email')} autoComplete="username" autoFocus />}
      </Field>
      <Button type="submit" fullWidth loading={submitting} loadingText="Enviando...">
        Enviar link de redefinição
      </Button>
    </form>
  );
}
