import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { LoadingState } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { getDeletionStatus, type DeletionStatus } from './api/requests';
import { PublicLayout, PublicPageHeader } from './components/public-layout';

/**
 * /data-deletion/status/{id}#token=… (issue 20, public): the requester's view of a data-deletion
 * request — recebido, aprovado (dados anonimizados em dd/mm/aaaa) or recusado (with the reason). The
 * token travels in the fragment (never sent to a server in a page request, never in a Referer).
 */
export default function DataDeletionStatusPage() {
  useDocumentTitle('Situação do pedido de exclusão');
  const { id = '' } = useParams();
  const token = new URLSearchParams(useLocation().hash.replace(/^#/, '')).get('token') ?? '';
  const query = useQuery({
    queryKey: ['data-deletion-status', id, token],
    queryFn: ({ signal }) => getDeletionStatus(id, token, signal),
    enabled: token !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Privacidade · LGPD" title="Situação do pedido de exclusão">
        Acompanhe o pedido de exclusão de dados enviado pelo site.
      </PublicPageHeader>
      <div className="public-page-body">
        <div className="public-container public-container--narrow">
          <Card padding="lg">
            {token === '' || (query.isError && query.error instanceof ApiError && query.error.status === 404) ? (
              <Banner variant="warning" title="Pedido não encontrado">
                Confira o link recebido ao enviar o pedido (ele contém o código de acompanhamento). Para um novo pedido, use a página de{' '}
                <Link to={paths.dataDeletion.getHref()}>exclusão de dados</Link>.
              </Banner>
            ) : query.isPending ? (
              <LoadingState />
            ) : query.isError ? (
              <ErrorState message="Erro ao consultar o pedido. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
            ) : (
              <StatusView status={query.data} />
            )}
          </Card>
        </div>
      </div>
    </PublicLayout>
  );
}

function StatusView({ status: s }: { status: DeletionStatus }) {
  return (
    <div className="public-confirmation" role="status">
      <h2>{s.status === 'recebido' ? 'Recebido' : s.status === 'aprovado' ? 'Aprovado' : 'Recusado'}</h2>
      {s.status === 'recebido' && <p>O pedido foi recebido em {formatDate(s.createdAt)} e aguarda a análise da organização que guarda seus dados.</p>}
      {s.status === 'aprovado' && (
        <p>
          Dados anonimizados em {formatDate(s.decidedAt)}: seu nome, CPF, contatos e arquivos foram removidos. Os exames ocupacionais continuam
          guardados sem identificar você, pelo prazo da NR-7 (item 7.6.1.1: 20 anos após o desligamento).
        </p>
      )}
      {s.status === 'recusado' && <p>O pedido foi recusado em {formatDate(s.decidedAt)}.</p>}
      {s.reason && (
        <p>
          <strong>{s.status === 'recusado' ? 'Motivo' : 'Observação'}:</strong> {s.reason}
        </p>
      )}
      <p className="public-confirmation__protocol">
        Protocolo: <code>{s.id}</code> · recebido em {formatDate(s.createdAt)}
      </p>
    </div>
  );
}
