import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { INSUFFICIENT_REPORTS_MESSAGE } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconArrowLeft, IconCpu, IconFileText, IconTrend } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { StatCard, StatCards } from '../../components/ui/stat-card';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { getPatientReports } from './api';
import { buildReportEvolutionView, formatLongDateBr, formatSignedDb, type ReportEvolutionView } from './evolution-view';
import './report-evolution.css';

// Plotly stays in the chunk of the two Plotly charts; the radar is a small SVG of its own.
const ThresholdChart = lazy(() => import('./threshold-chart'));
const AverageTimelineChart = lazy(() => import('./average-timeline-chart'));
const RadarChart = lazy(() => import('./radar-chart'));

/** /reports/{patientId}/evolution (spec §2 "Patient evolution, report-based"). Lazy-loaded. */
export default function ReportEvolutionPage() {
  const { patientId = '' } = useParams();
  useDocumentTitle('Análise evolutiva');
  const query = useQuery({ queryKey: ['reports', 'patient', patientId], queryFn: ({ signal }) => getPatientReports(patientId, signal) });
  const view = useMemo(() => (query.data ? buildReportEvolutionView(query.data) : undefined), [query.data]);

  useEffect(() => {
    // spec §8: the failure is logged and the user sees the unavailable screen
    if (query.isError) console.error('Erro ao carregar dados:', query.error);
  }, [query.isError, query.error]);

  if (query.isPending) return <LoadingState />;
  if (!view || !view.summary.sufficient) return <Unavailable />;
  return <Evolution view={view} />;
}

function Unavailable() {
  return (
    <div className="ui-page report-evolution">
      <Card>
        <div className="report-evolution__unavailable">
          <span className="report-evolution__unavailable-icon">
            <IconTrend size={28} />
          </span>
          <h1>Análise Evolutiva Indisponível</h1>
          <p>São necessários pelo menos 2 laudos do mesmo paciente para realizar a análise evolutiva.</p>
          <p className="report-evolution__muted">{INSUFFICIENT_REPORTS_MESSAGE}</p>
          <Link className={buttonClassName({ variant: 'secondary' })} to={paths.reports.getHref()}>
            <IconArrowLeft size={16} />
            Voltar para Laudos
          </Link>
        </div>
      </Card>
    </div>
  );
}

const STATUS_ICON = { Agravamento: '▲', Melhora: '▼', Estável: '=' } as const;

function Evolution({ view }: { view: ReportEvolutionView }) {
  const s = view.summary;
  if (!s.sufficient) return null;
  const tone = s.hasProgression ? 'worse' : s.status === 'Melhora' ? 'better' : 'stable';
  return (
    <div className="ui-page report-evolution">
      <PageHeader
        title={`Análise Evolutiva — ${view.patientName}`}
        description={`${s.totalReports} laudos encontrados para este paciente`}
        back={{ to: paths.reports.getHref(), label: 'Voltar para Laudos' }}
      />
      <StatCards>
        <StatCard label="Status da evolução" card="status">
          <span className={`report-evolution__status report-evolution__status--${tone}`}>
            <span aria-hidden="true">{STATUS_ICON[s.status]}</span> {s.status}
          </span>
          <span className="report-evolution__detail">Variação média: {formatSignedDb(s.averageDifference)}</span>
        </StatCard>
        <StatCard label="Classificação da perda" card="classification">
          <span className="report-evolution__detail">
            Primeiro exame: <strong>{s.firstClassification ?? 'Não classificável'}</strong>
          </span>
          <span className="report-evolution__detail">
            Último exame: <strong>{s.lastClassification ?? 'Não classificável'}</strong>
          </span>
        </StatCard>
        <StatCard label="Período analisado" card="period">
          <span className="report-evolution__value">{s.daysBetween.toLocaleString('pt-BR')} dias</span>
          <span className="report-evolution__detail">{s.totalReports} exames</span>
        </StatCard>
      </StatCards>

      <section
        className={`report-evolution__recommendation report-evolution__recommendation--${s.hasProgression ? 'worsening' : 'info'}`}
        aria-labelledby="report-evolution-recommendation"
        data-tone={s.hasProgression ? 'worsening' : 'info'}
      >
        <IconCpu size={20} className="report-evolution__recommendation-icon" />
        <div>
          <h2 id="report-evolution-recommendation">Recomendação IA</h2>
          <p>{s.recommendation}</p>
        </div>
      </section>

      <ChartCard title="Limiares por frequência" description="Uma linha por exame: contínua para a orelha direita (OD), tracejada para a esquerda (OE). Eixo de limiar invertido." height={400}>
        <ThresholdChart series={view.series} />
      </ChartCard>
      <ChartCard title="Evolução das médias tonais" description="Média dos limiares de cada orelha por exame (mês/ano)." height={350}>
        <AverageTimelineChart timeline={view.timeline} />
      </ChartCard>
      {view.radar && (
        <ChartCard title="Comparação do primeiro e do último exame" description="Média binaural por frequência; raio de 0 a 120 dB NA invertido (quanto mais perto do centro, pior a audição)." height={400}>
          <RadarChart first={view.radar.first} last={view.radar.last} />
        </ChartCard>
      )}

      <Card title="Exames incluídos na análise">
        <ol className="report-evolution__exams">
          {view.reports.map((r, i) => (
            <li key={r.id} className="report-evolution__exam">
              <span className="report-evolution__exam-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="report-evolution__exam-date">{formatLongDateBr(r.examDate)}</span>
              <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.reportDetail.getHref(r.id)} aria-label={`Ver Laudo de ${formatLongDateBr(r.examDate)}`}>
                <IconFileText size={16} />
                Ver Laudo
              </Link>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

function ChartCard({ title, description, height, children }: { title: string; description: string; height: number; children: ReactNode }) {
  return (
    <Card title={title} description={description}>
      <Suspense
        fallback={
          <div className="report-evolution__chart-loading" style={{ minHeight: height }}>
            <Spinner label="Carregando gráfico..." />
          </div>
        }
      >
        {children}
      </Suspense>
    </Card>
  );
}
