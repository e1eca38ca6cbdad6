import { paths } from '../../config/paths';
import { AuthLayout } from './components/auth-layout';
import { ResetPasswordForm } from './components/reset-password-form';

/** /reset-password#token=… (issue 14): the page a reset link opens. */
export default function ResetPasswordPage() {
  return (
    <AuthLayout
      title="Redefinir senha"
      subtitle="Escolha uma nova senha. Ao salvar, todas as sessões abertas da conta são encerradas."
      switchTo={{ prompt: 'Lembrou a senha?', to: paths.login.getHref(), label: 'Entrar' }}
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
