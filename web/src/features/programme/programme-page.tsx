import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, Pagination } from '../../components/data-table/data-table';
import { ExportCsvButton } from '../../components/export-csv-button';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { Select } from '../../components/ui/select';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { RequirePermission, useCan } from '../auth';
import { companyKeys, companyOptionLabel, ExposureBadge, getCompany, IncompleteBadge, listCompanies } from '../companies';
import { getOverview, getPrevalence, listProgrammeWorkers, programmeKeys, query as queryString, WORKERS_PAGE_SIZE, type CompanyRow, type Figures, type GheRow, type ProgrammeFilters, type ProgrammeWorkerRow, type WorkerState } from './api';
import { downloadFile } from '../../lib/download';
import './programme.css';

const PrevalenceChart = lazy(() => import('./prevalence-chart'));

const EXPOSURE_LABELS: Record<string, string> = {
  acima_limite: 'Acima do limite de tolerância',
  acima_nivel_acao: 'Acima do nível de ação',
  abaixo_nivel_acao: 'Abaixo do nível de ação',
  nao_avaliado: 'Exposição não avaliada',
};

/** The worker lists of the dashboard, in the order a coordinator works them. */
export const WORKER_STATES: { value: WorkerState; label: string }[] = [
  { value: 'vencido', label: 'Vencidos' },
  { value: 'vence_30', label: 'Vencem em ≤ 30 dias' },
  { value: 'due60', label: 'Vencem em ≤ 60 dias' },
  { value: 'due90', label: 'Vencem em ≤ 90 dias' },
  { value: 'sem_referencia', label: 'Sem exame de referência' },
  { value: 'em_dia', label: 'Em dia' },
];

const n = (v: number) => v.toLocaleString('pt-BR');
const workersText = (v: number) => `${n(v)} ${v === 1 ? 'trabalhador' : 'trabalhadores'}`;
export const percentText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 0 })} %`);

/** /programa (issue 19): the hearing-conservation programme's compliance dashboard; 'dashboards.export'. */
export default function ProgrammePage() {
  useDocumentTitle('Programa de conservação auditiva');
  return (
    <RequirePermission action="dashboards.export">
      <ProgrammeDashboard />
    </RequirePermission>
  );
}

function ProgrammeDashboard() {
  const [params, setParams] = useSearchParams();
  const filters: ProgrammeFilters = { companyId: params.get('companyId') || undefined, sectorId: params.get('sectorId') || undefined, gheId: params.get('gheId') || undefined };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const state = (params.get('estado') as WorkerState | null) ?? 'vencido';
  const offset = Number(params.get('offset') ?? 0) || 0;

  /** Sets some search parameters (empty = removed); a filter change goes back to the first page of workers. */
  const update = (next: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        if (!('offset' in next)) out.delete('offset');
        return out;
      },
      { replace: true },
    );

  const overview = useQuery({ queryKey: programmeKeys.overview(filters), queryFn: ({ signal }) => getOverview(filters, signal), placeholderData: keepPreviousData, staleTime: 0 });
  const prevalence = useQuery({ queryKey: programmeKeys.prevalence(filters, from, to), queryFn: ({ signal }) => getPrevalence(filters, from, to, signal), placeholderData: keepPreviousData, staleTime: 0 });
  const workers = useQuery({ queryKey: programmeKeys.workers(filters, state, offset), queryFn: ({ signal }) => listProgrammeWorkers(filters, state, offset, signal), placeholderData: keepPreviousData, staleTime: 0 });

  return (
    <div className="ui-page programme">
      <PageHeader
        title="Programa de conservação auditiva"
        description={`Exposição a ruído, audiometrias a vencer e vencidas, e a evolução auditiva dos trabalhadores expostos${overview.data ? ` — situação em ${formatDay(overview.data.today)}` : ''}.`}
      />
      <FiltersCard filters={filters} from={from} to={to} onChange={update} />
      {overview.isPending ? (
        <LoadingState />
      ) : overview.isError ? (
        <Card>
          <ErrorState message="Erro ao carregar o painel do programa. Tente novamente." onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
        </Card>
      ) : (
        <>
          <SummaryCards figures={overview.data.totals} onState={(s) => update({ estado: s })} />
          {overview.data.totals.exposedWorkers === 0 && (
            <Card>
              <EmptyState
                title="Nenhum trabalhador exposto"
                description={
                  <>
                    O programa acompanha os trabalhadores com vínculo ativo em GHE com ruído acima do nível de ação. Cadastre os GHEs e a exposição em{' '}
                    <Link to={paths.companies.getHref()}>Empresas</Link> e registre o vínculo na página do trabalhador.
                  </>
                }
              />
            </Card>
          )}
          <CompanyTable rows={overview.data.companies} selected={filters.companyId} onSelect={(companyId) => update({ companyId, sectorId: undefined, gheId: undefined })} />
          <GheTable rows={overview.data.ghes} selected={filters.gheId} onSelect={(g) => update({ companyId: g.companyId, sectorId: undefined, gheId: g.gheId })} />
        </>
      )}
      <WorkersCard filters={filters} state={state} offset={offset} query={workers} onState={(s) => update({ estado: s })} onOffset={(o) => update({ offset: o ? String(o) : undefined })} />
      <PrevalenceCard query={prevalence} />
      <AnnualReportCard companyId={filters.companyId} />
    </div>
  );
}

function FiltersCard({ filters, from, to, onChange }: { filters: ProgrammeFilters; from: string; to: string; onChange: (next: Record<string, string | undefined>) => void }) {
  const companies = useQuery({ queryKey: companyKeys.list(''), queryFn: ({ signal }) => listCompanies('', signal) });
  const company = useQuery({ queryKey: companyKeys.detail(filters.companyId ?? ''), queryFn: ({ signal }) => getCompany(filters.companyId ?? '', signal), enabled: !!filters.companyId });
  const ghes = (company.data?.ghes ?? []).filter((g) => !filters.sectorId || g.sectorId === filters.sectorId);
  const any = filters.companyId || filters.sectorId || filters.gheId || from || to;
  return (
    <Card title="Filtros">
      <div className="programme__filters" role="search" aria-label="Filtros do programa">
        <Field label="Empresa">
          {(p) => (
            <Select {...p} value={filters.companyId ?? ''} onChange={(e) => onChange({ companyId: e.target.value, sectorId: undefined, gheId: undefined })}>
              <option value="">Todas as empresas</option>
              {companies.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {companyOptionLabel(c)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Setor">
          {(p) => (
            <Select {...p} value={filters.sectorId ?? ''} disabled={!filters.companyId} onChange={(e) => onChange({ sectorId: e.target.value, gheId: undefined })}>
              <option value="">{filters.companyId ? 'Todos os setores' : 'Escolha a empresa'}</option>
              {company.data?.sectors.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="GHE">
          {(p) => (
            <Select {...p} value={filters.gheId ?? ''} disabled={!filters.companyId} onChange={(e) => onChange({ gheId: e.target.value })}>
              <option value="">{filters.companyId ? 'Todos os GHEs' : 'Escolha a empresa'}</option>
              {ghes.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Prevalência de" hint="Padrão: últimos 12 meses">
          {(p) => <Input {...p} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ from: e.target.value })} />}
        </Field>
        <Field label="até">
          {(p) => <Input {...p} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ to: e.target.value })} />}
        </Field>
        {any && (
          <Button variant="ghost" className="programme__clear" onClick={() => onChange({ companyId: undefined, sectorId: undefined, gheId: undefined, from: undefined, to: undefined })}>
            Limpar filtros
          </Button>
        )}
      </div>
    </Card>
  );
}

function SummaryCards({ figures: f, onState }: { figures: Figures; onState: (s: WorkerState) => void }) {
  const card = (label: string, value: ReactNode, stateValue?: WorkerState, tone?: string) => (
    <StatCard key={label} label={label} value={value} card={stateValue ?? label} className={tone ? `programme__card programme__card--${tone}` : 'programme__card'}>
      {stateValue && (
        <button type="button" className="programme__card-link" onClick={() => onState(stateValue)} aria-label={`Ver lista: ${label}`}>
          Ver lista
        </button>
      )}
    </StatCard>
  );
  return (
    <section className="programme__cards" aria-label="Resumo do programa">
      {card('Expostos', n(f.exposedWorkers))}
      {card('Vencidos', n(f.overdue), 'vencido', f.overdue > 0 ? 'danger' : undefined)}
      {card('Vencem em 30 dias', n(f.dueIn30), 'vence_30', f.dueIn30 > 0 ? 'warning' : undefined)}
      {card('Vencem em 60 dias', n(f.dueIn60), 'due60')}
      {card('Vencem em 90 dias', n(f.dueIn90), 'due90')}
      {card('Sem exame de referência', n(f.withoutReference), 'sem_referencia', f.withoutReference > 0 ? 'warning' : undefined)}
      {card('Cobertura', percentText(f.coverage))}
    </section>
  );
}

/** The figures' columns shared by the company and GHE tables. */
function figureColumns<T extends Figures>() {
  const c = createColumnHelper<T>();
  const num = (key: keyof Figures & string, header: string) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the accessor's key is one of the Figures
    c.accessor(key as any, { id: key, header, meta: { align: 'end' }, cell: (i) => n(Number(i.getValue())) });
  return [
    num('exposedWorkers', 'Expostos'),
    num('overdue', 'Vencidos'),
    num('dueIn30', '≤ 30 dias'),
    num('dueIn60', '≤ 60 dias'),
    num('dueIn90', '≤ 90 dias'),
    num('withoutReference', 'Sem referência'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    c.accessor('coverage' as any, { id: 'coverage', header: 'Cobertura', meta: { align: 'end' }, cell: (i) => percentText(i.getValue() as number | null) }),
  ];
}

function CompanyTable({ rows, selected, onSelect }: { rows: CompanyRow[]; selected?: string; onSelect: (companyId: string) => void }) {
  const c = createColumnHelper<CompanyRow>();
  const columns = [
    c.accessor('name', {
      header: 'Empresa',
      cell: ({ row }) => (
        <span className="programme__name">
          <button type="button" className="programme__filter-link" aria-pressed={selected === row.original.companyId} onClick={() => onSelect(row.original.companyId)} aria-label={`Filtrar pela empresa ${row.original.name}`}>
            {row.original.name}
          </button>
          {row.original.needsCompletion && <IncompleteBadge />}
        </span>
      ),
    }),
    ...figureColumns<CompanyRow>(),
  ];
  return (
    <Card title="Por empresa" padding="none">
      {rows.length === 0 ? <EmptyState title="Nenhuma empresa com trabalhadores expostos" /> : <DataTable caption="Programa por empresa" data={rows} columns={columns} getRowId={(r) => r.companyId} />}
    </Card>
  );
}

function GheTable({ rows, selected, onSelect }: { rows: GheRow[]; selected?: string; onSelect: (row: GheRow) => void }) {
  const c = createColumnHelper<GheRow>();
  const columns = [
    c.accessor('name', {
      header: 'GHE',
      cell: ({ row }) => (
        <span className="programme__name">
          <button type="button" className="programme__filter-link" aria-pressed={selected === row.original.gheId} onClick={() => onSelect(row.original)} aria-label={`Filtrar pelo GHE ${row.original.name}`}>
            {row.original.name}
          </button>
          <span className="programme__sub">
            {row.original.companyName}
            {row.original.sectorName ? ` · ${row.original.sectorName}` : ''}
          </span>
          <ExposureBadge status={row.original.exposureStatus} label={EXPOSURE_LABELS[row.original.exposureStatus] ?? row.original.exposureStatus} />
        </span>
      ),
    }),
    ...figureColumns<GheRow>(),
  ];
  return (
    <Card title="Por GHE" padding="none">
      {rows.length === 0 ? <EmptyState title="Nenhum GHE com trabalhadores expostos" /> : <DataTable caption="Programa por GHE" data={rows} columns={columns} getRowId={(r) => r.gheId} />}
    </Card>
  );
}

const workerColumn = createColumnHelper<ProgrammeWorkerRow>();
const workerColumns = [
  workerColumn.accessor('name', {
    header: 'Trabalhador',
    cell: ({ row }) => (
      <Link className="data-table__link" to={paths.patientDetail.getHref(row.original.patientId)}>
        {row.original.name}
      </Link>
    ),
  }),
  workerColumn.accessor('companyName', {
    header: 'Empresa / GHE',
    cell: ({ row }) => (
      <span className="programme__name programme__name--plain">
        {row.original.companyName}
        <span className="programme__sub">{[row.original.sectorName, row.original.gheName].filter(Boolean).join(' · ') || 'Sem setor/GHE'}</span>
      </span>
    ),
  }),
  workerColumn.accessor('registration', { header: 'Matrícula', cell: (i) => i.getValue() || '-' }),
  workerColumn.accessor('lastExamDate', { header: 'Último exame', cell: (i) => formatDay(i.getValue()) }),
  workerColumn.accessor('dueDate', {
    header: 'Vencimento',
    cell: ({ row }) => (
      <span className="programme__name programme__name--plain programme__name--narrow">
        {formatDay(row.original.dueDate)}
        {row.original.reasonLabel && <span className="programme__sub">{row.original.reasonLabel}</span>}
      </span>
    ),
  }),
  workerColumn.accessor('stateLabel', {
    header: 'Situação',
    cell: ({ row }) => <span className={`company-badge programme__state--${row.original.state ?? 'none'}`}>{row.original.stateLabel ?? '-'}</span>,
  }),
];

/** The exam type the due audiometry will be (the entry form preselects it). */
const EXAM_TYPE_OF_REASON: Record<string, string> = { admissao: 'admissional', periodico: 'periodico', mudanca_riscos: 'mudanca_riscos', demissao: 'demissional' };

/** "Registrar exame" on each row, for members who record exams: the entry form for the worker, its type preselected. */
const recordColumn = workerColumn.display({
  id: 'actions',
  header: 'Ações',
  meta: { align: 'end', label: '' },
  cell: ({ row }) => (
    <Link
      className={buttonClassName({ variant: 'ghost', size: 'sm' })}
      to={`${paths.examNew.getHref()}${queryString({ patientId: row.original.patientId, examType: EXAM_TYPE_OF_REASON[row.original.reason ?? ''] })}`}
      aria-label={`Registrar exame de ${row.original.name}`}
    >
      Registrar exame
    </Link>
  ),
});

type WorkersQuery = ReturnType<typeof useQuery<Awaited<ReturnType<typeof listProgrammeWorkers>>>>;

function WorkersCard({ filters, state, offset, query, onState, onOffset }: { filters: ProgrammeFilters; state: WorkerState; offset: number; query: WorkersQuery; onState: (s: WorkerState) => void; onOffset: (o: number) => void }) {
  const label = WORKER_STATES.find((s) => s.value === state)?.label ?? state;
  const canRecord = useCan('exams.write');
  const columns = canRecord ? [...workerColumns, recordColumn] : workerColumns;
  return (
    <Card
      title="Trabalhadores"
      description="Clique no nome para abrir a página do trabalhador e registrar o exame."
      padding="none"
      actions={<ExportCsvButton path="/api/programme/workers.csv" filters={{ ...filters, state }} fileName={`trabalhadores-${state}.csv`} />}
    >
      <div className="programme__states" role="group" aria-label="Situação dos trabalhadores">
        {WORKER_STATES.map((s) => (
          <Button key={s.value} variant={s.value === state ? 'secondary' : 'ghost'} size="sm" aria-pressed={s.value === state} onClick={() => onState(s.value)}>
            {s.label}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Erro ao carregar os trabalhadores. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={`Nenhum trabalhador: ${label.toLowerCase()}`} description="Com os filtros escolhidos, ninguém está nesta situação." />
      ) : (
        <>
          <p className="programme__count" aria-live="polite">
            {query.data.total === 1 ? '1 trabalhador' : `${n(query.data.total)} trabalhadores`} — {label.toLowerCase()}
          </p>
          <DataTable caption={`Trabalhadores — ${label}`} data={query.data.items} columns={columns} getRowId={(w) => `${w.patientId}-${w.companyId}`} />
          <Pagination offset={offset} pageSize={WORKERS_PAGE_SIZE} total={query.data.total} onOffsetChange={onOffset} label="Paginação dos trabalhadores" />
        </>
      )}
    </Card>
  );
}

type PrevalenceQuery = ReturnType<typeof useQuery<Awaited<ReturnType<typeof getPrevalence>>>>;

function PrevalenceCard({ query }: { query: PrevalenceQuery }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <Card title="Prevalência">
        <ErrorState message="Erro ao carregar a prevalência. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  const { current, window, byYear } = query.data;
  return (
    <Card title="Prevalência" description={`Trabalhadores examinados de ${formatDay(window.from)} a ${formatDay(window.to)}: o último exame no período para o sugestivo; qualquer exame para desencadeamento e agravamento.`}>
      <div className="programme__cards" role="group" aria-label="Prevalência no período">
        <StatCard label="Examinados" value={n(current.workersExamined)} card="examinados" className="programme__card" />
        <StatCard label="Sugestivo de PAINPSE" value={percentText(current.sugestivoPercent)} card="sugestivo" className="programme__card">
          <span className="programme__sub">{workersText(current.sugestivo)}</span>
        </StatCard>
        <StatCard label="Desencadeamento" value={percentText(current.desencadeamentoPercent)} card="desencadeamento" className="programme__card">
          <span className="programme__sub">{workersText(current.desencadeamento)}</span>
        </StatCard>
        <StatCard label="Agravamento" value={percentText(current.agravamentoPercent)} card="agravamento" className="programme__card">
          <span className="programme__sub">{workersText(current.agravamento)}</span>
        </StatCard>
      </div>
      <h3 className="programme__subtitle">Tendência por ano</h3>
      {byYear.every((y) => y.workersExamined === 0) ? (
        <p className="programme__sub">Sem exames nos últimos anos.</p>
      ) : (
        <Suspense fallback={<LoadingState />}>
          <PrevalenceChart byYear={byYear} />
        </Suspense>
      )}
    </Card>
  );
}

function AnnualReportCard({ companyId }: { companyId?: string }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(String(thisYear));
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const companies = useQuery({ queryKey: companyKeys.list(''), queryFn: ({ signal }) => listCompanies('', signal) });
  const company = chosen || companyId || '';

  async function download(format: 'pdf' | 'csv') {
    setBusy(format);
    try {
      await downloadFile(`/api/programme/annual-report.${format}${queryString({ companyId: company, year })}`, `relatorio-analitico-${year}.${format}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Não foi possível baixar o relatório.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title="Relatório analítico anual" description="NR-7, item 7.6.2: a parte de audiometria do relatório analítico da empresa, em PDF para anexar ao PCMSO ou em CSV.">
      <div className="programme__report">
        <Field label="Empresa do relatório">
          {(p) => (
            <Select {...p} value={company} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Escolha a empresa</option>
              {companies.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {companyOptionLabel(c)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Ano">
          {(p) => (
            <Select {...p} value={year} onChange={(e) => setYear(e.target.value)}>
              {[0, 1, 2, 3, 4].map((i) => (
                <option key={i} value={String(thisYear - i)}>
                  {thisYear - i}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="programme__report-actions">
          <Button onClick={() => void download('pdf')} disabled={!company || busy !== null} loading={busy === 'pdf'} loadingText="Gerando PDF...">
            Baixar PDF
          </Button>
          <Button variant="secondary" onClick={() => void download('csv')} disabled={!company || busy !== null} loading={busy === 'csv'} loadingText="Exportando...">
            Baixar CSV
          </Button>
        </div>
      </div>
    </Card>
  );
}
