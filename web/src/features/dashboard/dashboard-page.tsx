import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { can, useAuth } from '../auth';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconAudiogram, IconCheck, IconCpu, IconFileText, IconHelp, IconShield, IconUserPlus, IconUsers } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { Worklist } from './worklist';
import './dashboard.css';

// the tutorial's dialog (and the dialog primitive) load on the first click, not with the dashboard (its 150 kB wire budget)
const TutorialDialog = lazy(() => import('./tutorial-dialog'));

interface DashboardSummary {
  patients: number;
  exams: number;
  reports: number;
  examsThisMonth: number;
}

const PREMIUM_FEATURES = [
  'Leitura automática de audiogramas (PDF, JPEG e PNG) por IA local',
  'Laudos padronizados com rascunho por IA e exportação em PDF para assinatura',
  'Análise de nexo causal em quatro níveis, com fundamentos',
  'Análise evolutiva com alerta de desencadeamento e agravamento (NR-7 / Portaria 19/98)',
  'Importação em lote e exportação em CSV',
  'Suporte prioritário com resposta em até 4 horas',
];


/**
 * /dashboard (spec §2 "Dashboard"): counters, the worklist ("Pendências", issue 14), welcome card with tutorial, quick actions, premium list.
 * Issue 18: the organisation's counters are the dashboards' (dashboards.export) and are neither shown nor asked for without it;
 * the quick actions are those the member's roles allow.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const canSeeStats = can(user, 'dashboards.export');
  const canAddWorker = can(user, 'workers.write');
  const canRecord = can(user, 'exams.write');
  const canDraft = can(user, 'laudo.draft');
  const summary = useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => api.get<DashboardSummary>('/dashboard/summary', { signal }),
    enabled: canSeeStats,
  });
  // issue 19: the programme card's three figures (GET /api/programme/overview, the same answer /programa reads)
  const programme = useQuery({
    queryKey: ['programme', 'overview', {}],
    queryFn: ({ signal }) => api.get<{ totals: { overdue: number; dueIn30: number; coverage: number | null } }>('/programme/overview', { signal }),
    enabled: canSeeStats,
  });
  const totals = programme.data?.totals;
  const count = (n: number | undefined) => (summary.isPending || n === undefined ? '...' : n.toLocaleString('pt-BR'));

  return (
    <div className="ui-page dashboard">
      <PageHeader title="Dashboard" description="Visão geral da sua audiometria ocupacional." />
      {canSeeStats && (
        <div className="dashboard__counters">
          <Counter icon={<IconUsers size={20} />} label="Pacientes" value={count(summary.data?.patients)} to={paths.patients.getHref()} />
          <Counter icon={<IconAudiogram size={20} />} label="Exames" value={count(summary.data?.exams)} to={paths.exams.getHref()} />
          <Counter icon={<IconFileText size={20} />} label="Laudos" value={count(summary.data?.reports)} to={paths.reports.getHref()} />
        </div>
      )}
      {canSeeStats && summary.isError && <p className="dashboard__counters-error" role="status">Não foi possível carregar os totais agora.</p>}
      {canSeeStats && (
        <Counter
          icon={<IconShield size={20} />}
          label="Programa de conservação auditiva"
          value={
            programme.isError
              ? 'Não foi possível carregar agora'
              : totals
                ? `${count(totals.overdue)} vencidos · ${count(totals.dueIn30)} vencem em 30 dias · cobertura ${totals.coverage == null ? '—' : `${totals.coverage.toLocaleString('pt-BR')} %`}`
                : '...'
          }
          to={paths.programme.getHref()}
          wide
        />
      )}

      <Worklist />

      <section className="dashboard__welcome" aria-labelledby="welcome-title">
        <div>
          <h2 id="welcome-title">Bem-vindo{user?.name ? `, ${user.name}` : ''}!</h2>
          <p>Cadastre trabalhadores, registre exames audiométricos e organize laudos conforme a NR-7 e a Portaria 19/98.</p>
        </div>
        <div className="dashboard__welcome-actions">
          {canAddWorker && (
            <Link className={buttonClassName({ className: 'dashboard__welcome-primary' })} to={paths.patientNew.getHref()}>
              <IconUserPlus size={16} />
              Novo Paciente
            </Link>
          )}
          <Button variant="secondary" onClick={() => setTutorialOpen(true)}>
            <IconHelp size={16} />
            Tutorial
          </Button>
        </div>
      </section>

      <div className="dashboard__grid">
        <Card title="Ações Rápidas">
          <div className="dashboard__quick">
            {canAddWorker && (
              <QuickAction to={paths.patientNew.getHref()} icon={<IconUserPlus size={20} />} title="Cadastrar Paciente" text="Adicione um trabalhador à sua organização." />
            )}
            {canDraft ? (
              <QuickAction to={paths.reportWizard.getHref()} icon={<IconAudiogram size={20} />} title="Novo Exame Audiométrico" text="Registre um exame pelo assistente, com upload do audiograma." />
            ) : (
              canRecord && (
                <QuickAction to={paths.examNew.getHref()} icon={<IconAudiogram size={20} />} title="Novo Exame Audiométrico" text="Digite os limiares; o arquivo do audiograma é enviado na página do exame." />
              )
            )}
            {canDraft && (
              <QuickAction to={paths.reportWizard.getHref()} icon={<IconCpu size={20} />} title="Organizar Laudo com IA" text="Gere o rascunho do laudo a partir do exame." />
            )}
            {!canDraft && (
              <QuickAction to={paths.exams.getHref()} icon={<IconFileText size={20} />} title="Consultar Exames e Laudos" text="Veja os exames da organização e os laudos emitidos." />
            )}
          </div>
        </Card>
        <Card title="Recursos Premium">
          <ul className="dashboard__premium">
            {PREMIUM_FEATURES.map((f) => (
              <li key={f}>
                <IconCheck size={16} />
                {f}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      {tutorialOpen && (
        <Suspense fallback={null}>
          <TutorialDialog onClose={() => setTutorialOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function Counter({ icon, label, value, to, wide }: { icon: ReactNode; label: string; value: string; to: string; wide?: boolean }) {
  return (
    <Link className={wide ? 'dashboard-counter dashboard-counter--wide' : 'dashboard-counter'} to={to} data-card={wide ? 'programa' : undefined}>
      <span className="dashboard-counter__icon">{icon}</span>
      <span className="dashboard-counter__text">
        <span className="dashboard-counter__label">{label}</span>
        <span className="dashboard-counter__value">{value}</span>
      </span>
    </Link>
  );
}

function QuickAction({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link className="dashboard-action" to={to}>
      <span className="dashboard-action__icon">{icon}</span>
      <span>
        <span className="dashboard-action__title">{title}</span>
        <span className="dashboard-action__text">{text}</span>
      </span>
    </Link>
  );
}
