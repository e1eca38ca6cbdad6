import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { AuthLayout } from './components/auth-layout';
import { ResetPasswordForm } from './components/reset-password-form';

/** /reset-password#token=… (issue 14): the page a reset link opens. */
export default function ResetPasswordPage() {
  useDocumentTitle('Redefinir senha');
  return (
    <AuthLayout
      title="Redefinir senha"
      subtitle="Escolha uma nova senha. Ao salvar, todas as sessões abertas da conta são encerradas."
      switchPrompt={
        <>
          Lembrou a senha? <Link to={paths.login.getHref()}>Entrar</Link>
        </>
      }
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
