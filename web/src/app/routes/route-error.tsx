import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/states';
import './route-error.css';

/**
 * Last-resort screen when rendering a route throws (a bug, or a page chunk that failed to download
 * after a deploy). Reloading fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `Erro ${error.status}: ${error.statusText || 'falha ao abrir a página.'}`
    : 'Ocorreu um erro inesperado ao abrir esta página. Recarregue para tentar novamente.';
  return (
    <main className="route-error">
      <ErrorState
        title="Algo deu errado"
        message={message}
        retryLabel="Recarregar página"
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
