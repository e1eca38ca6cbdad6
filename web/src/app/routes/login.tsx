import { Link, Navigate } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { useAuth, AuthLayout, LoginForm } from '../../features/auth';

/** /login (spec §2): an authenticated visitor goes straight to /dashboard. */
export default function LoginRoute() {
  useDocumentTitle('Entrar');
  const { status } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'authenticated') return <Navigate to={paths.dashboard.getHref()} replace />;

  return (
    <AuthLayout
      title="Entrar"
      subtitle="Acesse sua conta para gerenciar pacientes, exames e laudos."
      switchPrompt={
        <>
          Não tem uma conta? <Link to={paths.register.getHref()}>Criar conta</Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
