import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { severityFromPta, formatDateBr } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconArrowLeft, IconAudiogram, IconTrend } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { StatCard, StatCards } from '../../components/ui/stat-card';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { boundedDb } from '../../lib/bounded-db';
import { getEvolution, getPatient, type EvolutionEvent, type ExamEvolution } from './api';
import { useCan } from '../auth';
import './evolution.css';

const EarSeriesChart = lazy(() => import('./pta-chart'));

const ROLE_TEXT = { referencia: 'referência', sequencial: 'sequencial', sem_limiares: 'sem limiares' } as const;

const date = (d: string | null) => (d ? formatDateBr(d.slice(0, 10)) : '-');
const wholeDb = (v: number | null) => (v === null ? '-' : `${Math.round(v)} dB`);

/** /patients/{id}/evolution (spec §2 "Patient evolution, exam-based"). */
export default function EvolutionPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Evolução auditiva');
  // issue 18: the wizard needs laudo.draft; a member who only records exams types one in
  const canDraft = useCan('laudo.draft');
  const canRecord = useCan('exams.write');
  const evolution = useQuery({ queryKey: ['patients', 'detail', id, 'evolution'], queryFn: ({ signal }) => getEvolution(id, signal) });
  const patient = useQuery({ queryKey: ['patients', 'detail', id], queryFn: ({ signal }) => getPatient(id, signal) });
  const backToList = (
    <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patients.getHref()}>
      <IconArrowLeft size={16} />
      Voltar para Pacientes
    </Link>
  );

  if (evolution.isPending) return <LoadingState />;
  if (evolution.isError)
    return (
      <Card>
        <ErrorState
          title="Evolução indisponível"
          message={errorMessage(evolution.error, 'Erro ao carregar dados de evolução')}
          onRetry={() => void evolution.refetch()}
          retrying={evolution.isFetching}
          actions={backToList}
        />
      </Card>
    );

  const e = evolution.data;
  const name = patient.data?.name;
  const newExamHref = canDraft ? paths.reportWizard.getHref() : canRecord ? `${paths.examNew.getHref()}?patientId=${encodeURIComponent(id)}` : null;
  const newExam = newExamHref && (
    <Link className={buttonClassName()} to={newExamHref}>
      <IconAudiogram size={16} />
      Novo Exame
    </Link>
  );

  if (!e.hasMultipleExams)
    return (
      <div className="ui-page evolution">
        <PageHeader title="Evolução Auditiva" description={name} back={{ to: paths.patientDetail.getHref(id), label: 'Voltar' }} />
        <Card>
          <div className="evolution__insufficient">
            <span className="evolution__insufficient-icon">
              <IconTrend size={28} />
            </span>
            <h2>Dados Insuficientes para Análise de Evolução</h2>
            <p>{e.message}</p>
            <p className="evolution__count">
              Exames encontrados: <strong>{e.totalExams}</strong>
            </p>
            <div className="evolution__actions">
              {newExam}
              <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patientDetail.getHref(id)}>
                <IconArrowLeft size={16} />
                Voltar
              </Link>
            </div>
          </div>
        </Card>
      </div>
    );

  return (
    <div className="ui-page evolution">
      <PageHeader
        title="Evolução Auditiva"
        description={name ? `Paciente: ${name}` : undefined}
        back={{ to: paths.patientDetail.getHref(id), label: 'Voltar ao paciente' }}
      />
      <EvolutionAlerts evolution={e} />
      <StatCards columns={4}>
        <StatCard size="md" label="Total de exames" value={String(e.totalExams)} />
        <StatCard size="md" label="Primeiro exame" value={date(e.firstExamDate)} />
        <StatCard size="md" label="Último exame" value={date(e.lastExamDate)} />
        <StatCard size="md" label="Período de monitoramento" value={`${e.monitoringPeriodDays} dias`} />
      </StatCards>
      <Card title="Média tonal (PTA) por exame" description="Média de 500, 1000 e 2000 Hz por orelha; eixo invertido, linhas de referência em 25, 40 e 55 dB.">
        <Suspense fallback={<div className="evolution__chart-loading"><Spinner label="Carregando gráfico..." /></div>}>
          <EarSeriesChart exams={e.exams} metric="pta" />
        </Suspense>
      </Card>
      <Card
        title="Média de 3–6 kHz por exame"
        description="Média de 3000, 4000 e 6000 Hz por orelha (NR-7, Anexo II, item 5.3); triângulo = limite inferior (sem resposta)."
      >
        <Suspense fallback={<div className="evolution__chart-loading"><Spinner label="Carregando gráfico..." /></div>}>
          <EarSeriesChart exams={e.exams} metric="mean346" />
        </Suspense>
      </Card>
      <Card title="Exames" padding="none">
        <ExamTable exams={e.exams} />
      </Card>
      <div className="evolution__panels">
        <ExamPanel title="Primeiro exame" evolution={e} which="first" />
        <ExamPanel title="Último exame" evolution={e} which="last" />
      </div>
      <div className="evolution__actions">
        {backToList}
        {newExam}
      </div>
    </div>
  );
}

/** One alert per desencadeamento/agravamento, titled with its dates; the remaining texts in an info box. */
function EvolutionAlerts({ evolution: e }: { evolution: ExamEvolution }) {
  const events: EvolutionEvent[] = e.events ?? [];
  const belongs = (a: string, ev: EvolutionEvent) =>
    a.startsWith(`Exame de ${formatDateBr(ev.examDate.slice(0, 10))}`) && a.includes(ev.kind === 'desencadeamento' ? 'desencadeamento' : 'agravamento');
  const rest = e.alerts.filter((a) => !events.some((ev) => belongs(a, ev)));
  const recommendation = (
    <p className="evolution__recommendation">
      Recomenda-se avaliação clínica detalhada conforme a NR-7 (Anexo II) e a Portaria 19/98, com investigação da exposição ocupacional e
      das medidas de proteção auditiva.
    </p>
  );
  const list = (items: string[]) => (
    <ul className="evolution__alert-list">
      {items.map((a) => (
        <li key={a}>{a}</li>
      ))}
    </ul>
  );
  if (events.length === 0 && e.hasWorseningPortaria19)
    return (
      <Banner variant="error" title="Alerta de agravamento auditivo (Portaria 19/98)" className="evolution__alert">
        {list(e.alerts)}
        {recommendation}
      </Banner>
    );
  return (
    <>
      {events.map((ev) => (
        <Banner key={`${ev.kind}-${ev.examDate}`} variant="error" title={ev.title} className="evolution__alert">
          {list(e.alerts.filter((a) => belongs(a, ev)))}
          {recommendation}
        </Banner>
      ))}
      {rest.length > 0 && <Banner variant="info">{list(rest)}</Banner>}
    </>
  );
}

/** Every exam with its role, PTA and 3–6 kHz mean per ear (bounds as "≥"). */
function ExamTable({ exams }: { exams: ExamEvolution['exams'] }) {
  return (
    <div className="evolution-table__scroll">
      <table className="evolution-table">
        <caption className="visually-hidden">Exames do trabalhador: PTA (0,5–2 kHz) e média de 3–6 kHz por orelha</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Papel</th>
            <th scope="col">PTA OD</th>
            <th scope="col">PTA OE</th>
            <th scope="col">Média 3–6 kHz OD</th>
            <th scope="col">Média 3–6 kHz OE</th>
          </tr>
        </thead>
        <tbody>
          {exams.map((x, i) => {
            const none = x.role === 'sem_limiares';
            return (
              <tr key={`${x.id ?? x.date}-${i}`}>
                <th scope="row">{x.id ? <Link to={paths.examDetail.getHref(x.id)}>{date(x.date)}</Link> : date(x.date)}</th>
                <td>{x.role ? ROLE_TEXT[x.role] : '-'}</td>
                {none ? (
                  <td colSpan={4}>sem limiares</td>
                ) : (
                  <>
                    <td>{boundedDb(x.ptaRightEar)}</td>
                    <td>{boundedDb(x.ptaLeftEar)}</td>
                    <td>{boundedDb(x.mean346RightEar, x.mean346RightBound)}</td>
                    <td>{boundedDb(x.mean346LeftEar, x.mean346LeftBound)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ExamPanel({ title, evolution, which }: { title: string; evolution: ExamEvolution; which: 'first' | 'last' }) {
  const measured = evolution.exams.filter((x) => x.role !== 'sem_limiares');
  const first = measured[0] ?? evolution.exams[0];
  const last = measured[measured.length - 1] ?? evolution.exams[evolution.exams.length - 1];
  const exam = which === 'first' ? first : last;
  const ears = [
    { label: 'Orelha direita (OD)', key: 'ptaRightEar' as const, side: 'right' },
    { label: 'Orelha esquerda (OE)', key: 'ptaLeftEar' as const, side: 'left' },
  ];
  return (
    <Card title={title} description={date(exam.date)}>
      <div className="evolution-ears">
        {ears.map((ear) => {
          const pta = exam[ear.key];
          const severity = severityFromPta(pta);
          const before = first[ear.key];
          const diff = which === 'last' && pta !== null && before !== null ? Math.round(pta) - Math.round(before) : null;
          return (
            <div key={ear.key} className={`evolution-ear evolution-ear--${ear.side}`}>
              <span className="evolution-ear__label">{ear.label}</span>
              <span className="evolution-ear__pta">{wholeDb(pta)}</span>
              <span className={`evolution-ear__severity evolution-ear__severity--${(severity ?? 'na').toLowerCase()}`}>{severity ?? 'Não calculável'}</span>
              {diff !== null && <Change diff={diff} />}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

/** Up arrow + red when the PTA rose (worse), down arrow + green when it fell (better). */
function Change({ diff }: { diff: number }) {
  if (diff === 0) return <span className="evolution-change">Sem alteração em relação ao primeiro exame</span>;
  const worse = diff > 0;
  return (
    <span className={`evolution-change evolution-change--${worse ? 'worse' : 'better'}`}>
      <span aria-hidden="true">{worse ? '▲' : '▼'}</span> {Math.abs(diff)} dB {worse ? 'pior' : 'melhor'} que o primeiro exame
    </span>
  );
}
