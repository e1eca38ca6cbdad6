import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '../../../../core/src/index';
import { DataTable } from '../../components/data-table/data-table';
import { ExportCsvButton } from '../../components/export-csv-button';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../auth';
import { WorkerCombobox, type PickedWorker } from '../integrations';
import { actorText, auditKeys, filterParams, getWorker, listAudit, listMembers, outcomeText, PAGE_SIZE, type AuditEntry, type AuditFilters } from './api';
import './audit.css';

const column = createColumnHelper<AuditEntry>();
const columns = [
  column.accessor('at', { header: 'Data e hora', cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time> }),
  column.display({ id: 'actor', header: 'Quem', cell: (c) => actorText(c.row.original) }),
  column.accessor('actionLabel', { header: 'Ação' }),
  column.display({
    id: 'record', header: 'Registro',
    cell: (c) => (
      <span className="audit-record">
        {c.row.original.entityLabel}
        <span className="audit-record__route">{c.row.original.route}</span>
      </span>
    ),
  }),
  column.display({
    id: 'worker', header: 'Trabalhador',
    cell: (c) => {
      const id = c.row.original.patientId;
      return id ? <Link to={paths.patientDetail.getHref(id)}>Ver ficha<span className="visually-hidden"> do trabalhador</span></Link> : <span className="audit-muted">—</span>;
    },
  }),
  column.accessor('status', {
    header: 'Resultado',
    cell: (c) => <span className={c.getValue() >= 200 && c.getValue() < 300 ? 'audit-status' : 'audit-status audit-status--refused'}>{outcomeText(c.getValue())}</span>,
  }),
  column.accessor('ip', { header: 'Endereço IP', cell: (c) => c.getValue() ?? '—' }),
];

const FILTER_KEYS = ['patientId', 'actorId', 'action', 'from', 'to'] as const;

/**
 * /auditoria (issue 20, 'audit.read'): the organisation's audit trail — who read or wrote which worker's
 * records, exams, files, laudos and exports, and the widget's and the public page's reads — filtered by
 * worker, member, action and period (kept in the address, so the worker page links to its own trail),
 * newest first, 50 per page, and the same filter as a CSV for Excel.
 */
export default function AuditPage() {
  useDocumentTitle('Auditoria');
  const allowed = useCan('audit.read');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters;
  const page = Math.max(0, Number(params.get('pagina') ?? '1') - 1 || 0);
  const setFilter = (key: keyof AuditFilters | 'pagina', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'pagina') next.delete('pagina');
    setParams(next, { replace: true });
  };

  const list = useQuery({ queryKey: auditKeys.list(filters, page), queryFn: ({ signal }) => listAudit(filters, page, signal), enabled: allowed, placeholderData: keepPreviousData });
  const members = useQuery({ queryKey: auditKeys.members, queryFn: ({ signal }) => listMembers(signal), enabled: allowed, staleTime: 60_000 });
  const [worker, setWorker] = useState<PickedWorker | null>(null);
  // a link from the worker's page carries only the id: the filter shows his name
  const linked = useQuery({
    queryKey: auditKeys.worker(filters.patientId), queryFn: ({ signal }) => getWorker(filters.patientId, signal),
    enabled: allowed && filters.patientId !== '' && worker?.id !== filters.patientId, staleTime: 60_000,
  });
  useEffect(() => {
    if (linked.data && linked.data.id === filters.patientId) setWorker({ id: linked.data.id, name: linked.data.name, cpf: linked.data.cpf, company: linked.data.company });
  }, [linked.data, filters.patientId]);
  const hasFilters = FILTER_KEYS.some((k) => filters[k] !== '');
  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);

  return (
    <div className="ui-page audit">
      <PageHeader
        title="Auditoria"
        description="Quem leu ou alterou os dados dos trabalhadores — cadastros, exames, arquivos, laudos e exportações — e quando, de qual endereço. A trilha não pode ser alterada nem apagada."
        actions={allowed && <ExportCsvButton path="/api/audit.csv" filters={filterParams(filters)} fileName="auditoria.csv" />}
      />
      {!allowed ? (
        <Banner variant="warning" title="Sem permissão">Somente o administrador da organização consulta a trilha de auditoria.</Banner>
      ) : (
        <>
          <Card>
            <form className="audit__filters" aria-label="Filtros da trilha de auditoria" onSubmit={(e) => e.preventDefault()}>
              <Field label="Trabalhador">
                {(control) => (
                  <WorkerCombobox
                    {...control}
                    key={filters.patientId === '' ? 'none' : worker ? worker.id : 'linked'}
                    value={worker && worker.id === filters.patientId ? worker : null}
                    onChange={(w) => {
                      setWorker(w);
                      setFilter('patientId', w?.id ?? '');
                    }}
                  />
                )}
              </Field>
              <Field label="Membro">
                {(control) => (
                  <Select {...control} value={filters.actorId} onChange={(e) => setFilter('actorId', e.target.value)}>
                    <option value="">Todos os membros</option>
                    {(members.data ?? []).map((m) => <option key={m.userId} value={m.userId}>{m.name}{m.status === 'desativado' ? ' (desativado)' : ''}</option>)}
                  </Select>
                )}
              </Field>
              <Field label="Ação">
                {(control) => (
                  <Select {...control} value={filters.action} onChange={(e) => setFilter('action', e.target.value)}>
                    <option value="">Todas as ações</option>
                    {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABELS[a]}</option>)}
                  </Select>
                )}
              </Field>
              <Field label="De">
                {(control) => <Input {...control} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => setFilter('from', e.target.value)} />}
              </Field>
              <Field label="Até">
                {(control) => <Input {...control} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => setFilter('to', e.target.value)} />}
              </Field>
              {hasFilters && (
                <Button type="button" variant="ghost" size="sm" className="audit__clear" onClick={() => { setWorker(null); setParams(new URLSearchParams(), { replace: true }); }}>
                  Limpar filtros
                </Button>
              )}
            </form>
          </Card>
          <Card padding="none">
            {list.isPending ? (
              <LoadingState />
            ) : list.isError ? (
              <ErrorState message="Erro ao carregar a trilha de auditoria. Tente novamente." onRetry={() => void list.refetch()} retrying={list.isFetching} />
            ) : list.data.items.length === 0 ? (
              <EmptyState
                title="Nenhum acesso encontrado"
                description={hasFilters ? 'Nenhum registro corresponde aos filtros escolhidos.' : 'Os acessos aos dados dos trabalhadores aparecerão aqui.'}
              />
            ) : (
              <>
                <DataTable caption="Trilha de auditoria, o acesso mais recente primeiro" data={list.data.items} columns={columns} getRowId={(e) => e.id} />
                <nav className="audit__pager" aria-label="Páginas da trilha">
                  <p aria-live="polite">Mostrando {first}–{last} de {total} {total === 1 ? 'registro' : 'registros'}</p>
                  <div>
                    <Button type="button" variant="secondary" size="sm" disabled={page === 0} onClick={() => setFilter('pagina', page > 1 ? String(page) : '')}>Anterior</Button>
                    <Button type="button" variant="secondary" size="sm" disabled={last >= total} onClick={() => setFilter('pagina', String(page + 2))}>Próxima</Button>
                  </div>
                </nav>
              </>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
