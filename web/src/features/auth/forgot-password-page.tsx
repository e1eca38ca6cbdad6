import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { AuthLayout } from './components/auth-layout';
import { ForgotPasswordForm } from './components/forgot-password-form';

/** /forgot-password (issue 14): "Esqueci minha senha". */
export default function ForgotPasswordPage() {
  useDocumentTitle('Esqueci minha senha');
  return (
    <AuthLayout
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta para receber um link de redefinição de senha."
      switchPrompt={
        <>
          Lembrou a senha? <Link to={paths.login.getHref()}>Entrar</Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
