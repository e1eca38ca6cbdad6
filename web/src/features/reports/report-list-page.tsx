import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconFileText, IconTrend } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { StatCard, StatCards } from '../../components/ui/stat-card';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { formatDate, listReports, openReportPdf, reportKeys, reportTypeBadge, type Report } from './api';
import { filterReports, groupReports, reportCounters, type Grouping } from './grouping';
import { useCan } from '../auth';
import './reports.css';

const column = createColumnHelper<Report>();
const columns = [
  column.accessor('examDate', { header: 'Data', cell: (i) => formatDate(i.getValue() || i.row.original.createdAt) }),
  column.accessor('patientName', { header: 'Paciente', cell: (i) => i.getValue() || '-' }),
  // issue 18: in a team the drafter and the signer may differ; a finalised laudo names who signed it
  column.accessor((r) => r.finalizedBy?.name ?? r.doctorName, { id: 'doctorName', header: 'Profissional', cell: (i) => i.getValue() || '-' }),
  column.accessor('type', {
    header: 'Tipo',
    cell: (i) => (
      <span className={`reports__badge reports__badge--${i.getValue() === 'nexo-causal' ? 'nexo' : 'simple'}`}>{reportTypeBadge(i.getValue())}</span>
    ),
  }),
  column.display({
    id: 'actions',
    header: 'Ações',
    meta: { align: 'end' },
    cell: ({ row }) => {
      const r = row.original;
      const who = `${r.patientName} de ${formatDate(r.examDate)}`;
      return (
        <div className="reports__actions">
          <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.reportDetail.getHref(r.id)} aria-label={`Ver laudo de ${who}`}>
            Ver
          </Link>
          <Button variant="ghost" size="sm" onClick={() => void openReportPdf(r)} aria-label={`PDF do laudo de ${who}`}>
            PDF
          </Button>
        </div>
      );
    },
  }),
];

/** /reports (spec §2 "Report list"): search, group by patient or company, counters, table. */
export default function ReportListPage() {
  useDocumentTitle('Laudos');
  const [search, setSearch] = useState('');
  const [grouping, setGrouping] = useState<Grouping>('none');
  const canDraft = useCan('laudo.draft');
  const query = useQuery({ queryKey: reportKeys.list, queryFn: ({ signal }) => listReports(signal) });
  const all = useMemo(() => query.data?.items ?? [], [query.data]);
  const filtered = useMemo(() => filterReports(all, search), [all, search]);
  const counters = reportCounters(all);
  const groups = useMemo(() => (grouping === 'none' ? [] : groupReports(filtered, grouping)), [filtered, grouping]);
  const toggle = (g: Exclude<Grouping, 'none'>) => setGrouping((current) => (current === g ? 'none' : g));
  const counter = (n: number) => (query.isPending ? '...' : n.toLocaleString('pt-BR'));

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState message="Erro ao carregar laudos" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (all.length === 0)
    body = (
      <EmptyState
        icon={IconFileText}
        title="Nenhum laudo gerado"
        description="Organize o primeiro laudo a partir de um exame com o assistente."
        action={
          canDraft && (
            <Link className={buttonClassName()} to={paths.reportWizard.getHref()}>
              Gerar Primeiro Laudo
            </Link>
          )
        }
      />
    );
  else if (filtered.length === 0) body = <EmptyState title="Nenhum laudo encontrado" description={`Nenhum laudo corresponde a “${search.trim()}”.`} />;
  else if (grouping === 'none') body = <DataTable caption="Lista de laudos" data={filtered} columns={columns} getRowId={(r) => r.id} />;
  else
    body = (
      <div className="reports__groups">
        {groups.map((g) => (
          <section key={g.key} className="reports__group" aria-labelledby={`group-${g.key}`}>
            <header className="reports__group-header">
              <h2 id={`group-${g.key}`} className="reports__group-title">
                {g.label} <span className="reports__group-count">({g.reports.length} {g.reports.length === 1 ? 'laudo' : 'laudos'})</span>
              </h2>
              {grouping === 'patient' && g.patientId && g.reports.length >= 2 && (
                <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={paths.reportEvolution.getHref(g.patientId)}>
                  <IconTrend size={16} />
                  Análise Evolutiva
                </Link>
              )}
            </header>
            <DataTable caption={`Laudos de ${g.label}`} data={g.reports} columns={columns} getRowId={(r) => r.id} />
          </section>
        ))}
      </div>
    );

  return (
    <div className="ui-page reports">
      <PageHeader
        title="Laudos"
        description="Laudos audiométricos organizados pela sua organização."
        actions={
          canDraft && (
            <Link className={buttonClassName()} to={paths.reportWizard.getHref()}>
              <IconFileText size={16} />
              Novo Laudo
            </Link>
          )
        }
      />
      {/* reports__stat* name the counters for the report-wizard browser test */}
      <StatCards>
        <StatCard label="Total de laudos" value={counter(counters.total)} className="reports__stat" valueClassName="reports__stat-value" />
        <StatCard label="Este mês" value={counter(counters.thisMonth)} className="reports__stat" valueClassName="reports__stat-value" />
        <StatCard label="Pacientes únicos" value={counter(counters.uniquePatients)} className="reports__stat" valueClassName="reports__stat-value" />
      </StatCards>
      <Card padding="none">
        <div className="reports__toolbar">
          <label className="visually-hidden" htmlFor="report-search">
            Buscar laudos por paciente, médico ou tipo
          </label>
          <Input
            id="report-search"
            type="search"
            placeholder="Buscar por paciente, médico ou tipo..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div className="reports__toggles" role="group" aria-label="Agrupar laudos">
            <Button variant={grouping === 'patient' ? 'primary' : 'secondary'} size="sm" aria-pressed={grouping === 'patient'} onClick={() => toggle('patient')}>
              Agrupar por Paciente
            </Button>
            <Button variant={grouping === 'company' ? 'primary' : 'secondary'} size="sm" aria-pressed={grouping === 'company'} onClick={() => toggle('company')}>
              Agrupar por Empresa
            </Button>
          </div>
        </div>
        {body}
      </Card>
    </div>
  );
}
