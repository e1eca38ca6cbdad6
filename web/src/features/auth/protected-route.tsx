import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from './auth-context';

/**
 * Guard of spec §2: 'Carregando...' while the session is checked; an unauthenticated visitor goes to
 * /login with the history entry replaced. Renders `children`, or the nested routes.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'unauthenticated') return <Navigate to={paths.login.getHref()} replace />;
  return children ?? <Outlet />;
}
