import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { buttonClassName } from '../../components/ui/button';
import {
  IconAudiogram,
  IconCheck,
  IconClock,
  IconCpu,
  IconDownload,
  IconFileText,
  IconInfo,
  IconKey,
  IconLock,
  IconShield,
  IconTrend,
  IconUsers,
} from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { AudiogramPreview } from './components/audiogram-preview';
import { PublicLayout } from './components/public-layout';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const features: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconUsers,
    title: 'Cadastro de trabalhadores',
    text: 'Pacientes com empresa e função, histórico de exames e busca por nome.',
  },
  {
    icon: IconAudiogram,
    title: 'Leitura de audiogramas',
    text: 'Envie o audiograma em PDF, JPEG ou PNG: os limiares são extraídos e você revisa antes de usar.',
  },
  {
    icon: IconFileText,
    title: 'Laudos padronizados',
    text: 'Classificação pela NR-7 Anexo II (antiga Portaria 19/98) calculada por regras, com rascunho do texto pronto para revisão.',
  },
  {
    icon: IconShield,
    title: 'Nexo causal sugerido',
    text: 'Sugestão em quatro níveis (provável, possível, indeterminado, improvável) com os fundamentos; a decisão é do profissional.',
  },
  {
    icon: IconTrend,
    title: 'Evolução auditiva',
    text: 'Gráficos por orelha ao longo do tempo e alerta de agravamento em relação ao exame de referência.',
  },
  {
    icon: IconDownload,
    title: 'Exportação em PDF e CSV',
    text: 'Laudos em PDF para assinatura e planilhas CSV que abrem corretamente no Excel em português.',
  },
];

const security: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconLock,
    title: 'Criptografia em trânsito e em repouso',
    text: 'Conexões por HTTPS e arquivos de exame cifrados (AES-256-GCM) no armazenamento.',
  },
  {
    icon: IconCpu,
    title: 'IA local: seus dados não treinam modelos',
    text: 'A IA roda localmente, no servidor da sua instalação. Nenhum dado de paciente é enviado a provedores de IA nem usado para treinar modelos.',
  },
  {
    icon: IconKey,
    title: 'Login único (SSO)',
    text: 'Entre com sua conta Google quando a sua organização habilitar o login único.',
  },
  {
    icon: IconUsers,
    title: 'Acesso baseado em perfis',
    text: 'Cada profissional acessa apenas os dados da própria organização, com sessões que podem ser encerradas.',
  },
  {
    icon: IconShield,
    title: 'Conformidade com a LGPD',
    text: 'Registro de quem consultou ou alterou cada dado, e solicitação de exclusão de dados pelo próprio titular.',
  },
];

const plans = [
  {
    name: 'Essencial',
    price: 'Gratuito',
    note: 'Sem cartão de crédito',
    description: 'Tudo o que uma clínica precisa para registrar exames e emitir laudos.',
    items: [
      'Pacientes, exames e laudos ilimitados',
      'Leitura de audiogramas com IA local',
      'Análise de evolução e alerta de agravamento',
      'Exportação em PDF e CSV',
      'Suporte por e-mail com resposta em até 24 horas',
    ],
    cta: { label: 'Criar conta grátis', to: paths.register.getHref() },
    featured: false,
  },
  {
    name: 'Premium',
    price: 'Sob consulta',
    note: 'Para clínicas e equipes de saúde ocupacional',
    description: 'Para quem precisa de atendimento prioritário e apoio na implantação.',
    items: [
      'Tudo do plano Essencial',
      'Suporte prioritário com resposta em até 4 horas',
      'Apoio na implantação e no treinamento da equipe',
      'Atendimento por um especialista dedicado',
    ],
    cta: { label: 'Falar com vendas', to: `${paths.contact.getHref()}?assunto=vendas` },
    featured: true,
  },
];

/** `/` (spec §1, §2): the landing page with #features and #pricing. Lazy-loaded. */
export default function LandingPage() {
  useDocumentTitle();
  return (
    <PublicLayout>
      <section className="landing-hero">
        <div className="public-container landing-hero__inner">
          <div className="landing-hero__text">
            <p className="public-eyebrow">Audiometria ocupacional · NR-7</p>
            <h1>Exames audiométricos, laudos e evolução auditiva em um só lugar.</h1>
            <p className="landing-hero__lead">
              O Limiar organiza o cadastro dos trabalhadores, lê audiogramas, aplica os critérios da NR-7 e prepara o
              rascunho do laudo para você revisar e assinar.
            </p>
            <div className="landing-hero__actions">
              <Link className={buttonClassName({ className: 'public-cta' })} to={paths.register.getHref()}>
                Criar conta grátis
              </Link>
              <Link className={buttonClassName({ variant: 'secondary', className: 'public-cta' })} to={paths.dashboard.getHref()}>
                Acessar o Dashboard
              </Link>
            </div>
            <ul className="landing-hero__checks">
              <li>
                <IconCheck size={16} />
                Sem cartão de crédito
              </li>
              <li>
                <IconCheck size={16} />
                Configuração em 2 minutos
              </li>
              <li>
                <IconCheck size={16} />
                Exportação em PDF e CSV
              </li>
            </ul>
          </div>
          <AudiogramPreview />
        </div>
      </section>

      <div className="public-container">
        <aside className="landing-disclaimer" aria-label="Aviso importante">
          <IconInfo size={20} />
          <p>
            <strong>Ferramenta informativa e gerencial.</strong> O Limiar não substitui o julgamento clínico: os laudos
            devem ser revisados e validados por um profissional habilitado.
          </p>
        </aside>
      </div>

      <section id="features" className="landing-section" aria-labelledby="features-title">
        <div className="public-container">
          <header className="landing-section__header">
            <p className="public-eyebrow">Recursos</p>
            <h2 id="features-title">Do exame ao laudo, sem planilhas soltas</h2>
            <p>Cada etapa do fluxo da audiometria ocupacional em uma única ferramenta.</p>
          </header>
          <ul className="landing-grid">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="landing-card">
                <span className="landing-card__icon">
                  <Icon size={22} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>

          <div className="landing-security" aria-labelledby="security-title">
            <header className="landing-section__header landing-section__header--left">
              <p className="public-eyebrow">Segurança e privacidade</p>
              <h2 id="security-title">Dados de saúde tratados com o cuidado que exigem</h2>
            </header>
            <ul className="landing-security__list">
              {security.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <span className="landing-security__icon">
                    <Icon size={20} />
                  </span>
                  <div>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section id="pricing" className="landing-section landing-section--muted" aria-labelledby="pricing-title">
        <div className="public-container">
          <header className="landing-section__header">
            <p className="public-eyebrow">Preços</p>
            <h2 id="pricing-title">Comece sem cartão de crédito</h2>
            <p>Configuração em 2 minutos. Mude de plano quando a sua equipe crescer.</p>
          </header>
          <div className="landing-plans">
            {plans.map((plan) => (
              <article key={plan.name} className={plan.featured ? 'landing-plan landing-plan--featured' : 'landing-plan'}>
                {plan.featured && <p className="landing-plan__badge">Suporte prioritário</p>}
                <h3>{plan.name}</h3>
                <p className="landing-plan__price">{plan.price}</p>
                <p className="landing-plan__note">{plan.note}</p>
                <p className="landing-plan__description">{plan.description}</p>
                <ul>
                  {plan.items.map((item) => (
                    <li key={item}>
                      <IconCheck size={16} />
                      {item}
                    </li>
                  ))}
                </ul>
                <Link
                  className={buttonClassName({ variant: plan.featured ? 'primary' : 'secondary', fullWidth: true, className: 'public-cta' })}
                  to={plan.cta.to}
                >
                  {plan.cta.label}
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="help-title">
        <div className="public-container">
          <div className="landing-help">
          <div>
            <h2 id="help-title">Dúvidas?</h2>
            <p>
              <IconClock size={16} /> Respondemos em até 24 horas; clientes Premium em até 4 horas.
            </p>
          </div>
          <div className="landing-help__actions">
            <Link className={buttonClassName({ variant: 'secondary' })} to={`${paths.support.getHref()}#faq`}>
              Perguntas frequentes
            </Link>
            <Link className={buttonClassName()} to={paths.contact.getHref()}>
              Fale conosco
            </Link>
          </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
