import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth, AuthLayout } from '../auth';
import { RegisterForm } from './components/register-form';

/** /register (spec §2): an authenticated visitor goes straight to /dashboard. Lazy-loaded. */
export default function RegisterPage() {
  useDocumentTitle('Criar conta');
  const { status } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'authenticated') return <Navigate to={paths.dashboard.getHref()} replace />;

  return (
    <AuthLayout
      title="Criar conta"
      subtitle="Cadastre-se para registrar trabalhadores, exames e laudos da sua clínica."
      width="wide"
      switchPrompt={
        <>
          Já tem uma conta? <Link to={paths.login.getHref()}>Entrar</Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
