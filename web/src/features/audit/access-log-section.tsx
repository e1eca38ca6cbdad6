import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../auth';
import { accessLog, actorText, auditKeys, outcomeText } from './api';
import './audit.css';

const LATEST = 10;

/**
 * "Quem acessou este prontuário" on the worker's page (issue 20): the latest entries of the audit trail
 * naming this worker — who, when, what — for members holding 'audit.read'; the full filtered trail is
 * one link away. Renders nothing for the others.
 */
export function AccessLogSection({ patientId }: { patientId: string }) {
  const allowed = useCan('audit.read');
  const query = useQuery({ queryKey: auditKeys.accessLog(patientId), queryFn: ({ signal }) => accessLog(patientId, LATEST, signal), enabled: allowed });
  if (!allowed) return null;
  return (
    <Card
      title="Quem acessou este prontuário"
      description="Cada leitura e alteração dos dados deste trabalhador fica registrada na trilha de auditoria, que não pode ser alterada."
      actions={<Link className="audit-link" to={`${paths.audit.getHref()}?patientId=${encodeURIComponent(patientId)}`}>Ver trilha completa</Link>}
    >
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Erro ao carregar os acessos. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="Nenhum acesso registrado" description="Os acessos a este prontuário aparecerão aqui." />
      ) : (
        <>
          <ul className="audit-access-log" aria-label="Últimos acessos a este prontuário">
            {query.data.items.map((e) => (
              <li key={e.id}>
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                <span className="audit-access-log__who">{actorText(e)}</span>
                <span>
                  {e.actionLabel} — {e.entityLabel}
                  {(e.status < 200 || e.status >= 300) && <span className="audit-status audit-status--refused"> ({outcomeText(e.status)})</span>}
                </span>
              </li>
            ))}
          </ul>
          <p className="audit-access-log__total">
            {query.data.total} {query.data.total === 1 ? 'acesso registrado' : 'acessos registrados'} no total.
          </p>
        </>
      )}
    </Card>
  );
}
