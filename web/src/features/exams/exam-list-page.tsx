import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, Pagination } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconAudiogram } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { StatCard, StatCards } from '../../components/ui/stat-card';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { examSummary } from '../../lib/exam-summary';
import { examKeys, EXAMS_PAGE_SIZE, getDashboardSummary, listExams, type Exam } from './api';
import { formatDay, operatorRegistration } from './format';
import { useCan } from '../auth';
import './exams.css';
import { ExportCsvButton } from '../../components/export-csv-button';

const column = createColumnHelper<Exam>();
const columns = [
  column.accessor('date', { header: 'Data', cell: (i) => formatDay(i.getValue()) }),
  column.accessor('operatorName', { header: 'Operador', cell: (i) => i.getValue() || 'N/A' }),
  column.accessor('patientName', {
    header: 'Paciente',
    cell: (i) => (
      <Link className="data-table__link" to={paths.patientDetail.getHref(i.row.original.patientId)}>
        {i.getValue()}
      </Link>
    ),
  }),
  column.accessor('patientCompany', { header: 'Empresa', cell: (i) => i.getValue() || '-' }),
  column.display({ id: 'classification', header: 'Classificação (NR-7)', cell: ({ row }) => examSummary(row.original.classification) }),
  column.display({ id: 'registration', header: 'Registro', cell: ({ row }) => operatorRegistration(row.original) }),
  column.display({
    id: 'actions',
    header: 'Ações',
    meta: { align: 'end' },
    cell: ({ row }) => (
      <Link
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        to={paths.examDetail.getHref(row.original.id)}
        aria-label={`Ver exame de ${row.original.patientName} em ${formatDay(row.original.date)}`}
      >
        Ver
      </Link>
    ),
  }),
];

function useDebounced(value: string, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** /exams (spec §2 "Exam list"): search, counters (total, this month, filtered), table. */
export default function ExamListPage() {
  useDocumentTitle('Exames');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [offset, setOffset] = useState(0);
  const query = useQuery({ queryKey: examKeys.list(q, offset), queryFn: ({ signal }) => listExams(q, offset, signal), placeholderData: keepPreviousData });
  const canRecord = useCan('exams.write');
  const canDraft = useCan('laudo.draft');
  // the organisation's counters are the dashboards' (issue 18: dashboards.export); without it only the filtered count shows
  const canSeeStats = useCan('dashboards.export');
  const summary = useQuery({ queryKey: examKeys.summary, queryFn: ({ signal }) => getDashboardSummary(signal), enabled: canSeeStats });
  const counter = (n: number | undefined) => (n === undefined ? '...' : n.toLocaleString('pt-BR'));

  const page = query.data;
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError && !page) body = <ErrorState message="Erro ao carregar exames" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (page && page.items.length === 0)
    body = q ? (
      <EmptyState title="Nenhum exame encontrado" description={`Nenhum exame corresponde a “${q}”.`} />
    ) : (
      <EmptyState
        icon={IconAudiogram}
        title="Nenhum exame cadastrado"
        action={
          canDraft ? (
            <Link className={buttonClassName()} to={paths.reportWizard.getHref()}>
              Criar Primeiro Exame
            </Link>
          ) : (
            canRecord && (
              <Link className={buttonClassName()} to={paths.examNew.getHref()}>
                Criar Primeiro Exame
              </Link>
            )
          )
        }
      />
    );
  else if (page)
    body = (
      <>
        <DataTable caption="Lista de exames" data={page.items} columns={columns} getRowId={(e) => e.id} />
        <div className="data-table__footer">
          <span aria-live="polite">
            Mostrando {page.items.length} de {page.total} exames
          </span>
          <Pagination offset={offset} pageSize={EXAMS_PAGE_SIZE} total={page.total} onOffsetChange={setOffset} label="Paginação de exames" />
        </div>
      </>
    );

  return (
    <div className="ui-page exams">
      <PageHeader
        title="Exames"
        description="Exames audiométricos da sua organização."
        actions={
          (canRecord || canDraft) && (
            <>
              {canRecord && (
                <Link className={buttonClassName({ variant: canDraft ? 'secondary' : 'primary' })} to={paths.examNew.getHref()}>
                  Digitar Exame
                </Link>
              )}
              {canDraft && (
                <Link className={buttonClassName()} to={paths.reportWizard.getHref()}>
                  <IconAudiogram size={16} />
                  Novo Exame
                </Link>
              )}
            </>
          )
        }
      />
      <StatCards>
        {canSeeStats && <StatCard label="Total de exames" value={counter(summary.data?.exams)} />}
        {canSeeStats && <StatCard label="Este mês" value={counter(summary.data?.examsThisMonth)} />}
        <StatCard label="Resultados filtrados" value={counter(page?.total)} />
      </StatCards>
      <Card padding="none">
        <div className="exams__toolbar">
          <label className="visually-hidden" htmlFor="exam-search">
            Buscar exames por paciente, empresa ou operador
          </label>
          <Input
            id="exam-search"
            type="search"
            placeholder="Buscar por paciente, empresa ou operador..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
          {canSeeStats && <ExportCsvButton path="/api/exams/export.csv" filters={{ q }} fileName="exames.csv" />}
        </div>
        {body}
      </Card>
    </div>
  );
}
