import { paths } from '../../config/paths';
import { AuthLayout } from './components/auth-layout';
import { ForgotPasswordForm } from './components/forgot-password-form';

/** /forgot-password (issue 14): "Esqueci minha senha". */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta para receber um link de redefinição de senha."
      switchTo={{ prompt: 'Lembrou a senha?', to: paths.login.getHref(), label: 'Entrar' }}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
