import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconAudiogram, IconCpu, IconFileText, IconTrend, IconUserPlus } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { useCan } from '../auth';
import './old-home.css';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const steps: { icon: Icon; title: string; text: string; link: { to: string; label: string } }[] = [
  {
    icon: IconUserPlus,
    title: 'Cadastro do trabalhador',
    text: 'Registre o paciente com nome, idade, sexo, empresa e função. O cadastro é feito uma vez e serve para todos os exames.',
    link: { to: paths.patientNew.getHref(), label: 'Cadastrar paciente' },
  },
  {
    icon: IconAudiogram,
    title: 'Exame audiométrico',
    text: 'Informe o tipo de consulta (admissional, periódica, demissional...) e o tipo de audiometria: simples ou com análise de nexo causal.',
    link: { to: paths.reportWizard.getHref(), label: 'Novo exame' },
  },
  {
    icon: IconCpu,
    title: 'Leitura do audiograma',
    text: 'Envie o audiograma em PDF, JPEG ou PNG. Os limiares são extraídos automaticamente e você confere ou completa os valores.',
    link: { to: paths.exams.getHref(), label: 'Ver exames' },
  },
  {
    icon: IconFileText,
    title: 'Laudo',
    text: 'A classificação NR-7 (antiga Portaria 19/98) é calculada por regras e o rascunho do laudo fica pronto para revisão, edição e exportação em PDF.',
    link: { to: paths.reports.getHref(), label: 'Ver laudos' },
  },
  {
    icon: IconTrend,
    title: 'Evolução',
    text: 'Com dois ou mais exames, acompanhe os limiares ao longo do tempo e receba o alerta de agravamento em relação ao exame de referência.',
    link: { to: paths.patients.getHref(), label: 'Ver pacientes' },
  },
];

/** /old-home (spec §2): the earlier home page, describing the workflow. Protected; lazy-loaded. */
export default function OldHomePage() {
  useDocumentTitle('Como funciona');
  // issue 18: the wizard needs laudo.draft; a member who only records exams is sent to the entry form
  const canDraft = useCan('laudo.draft');
  const wizard = paths.reportWizard.getHref();
  const linkTo = (to: string) => (to === wizard && !canDraft ? paths.exams.getHref() : to);
  return (
    <>
      <PageHeader
        title="Como funciona o Limiar"
        description="O fluxo da audiometria ocupacional, do cadastro do trabalhador à análise de evolução."
        actions={
          <Link className={buttonClassName()} to={paths.dashboard.getHref()}>
            Ir para o Dashboard
          </Link>
        }
      />
      <Card>
        <ol className="old-home-steps">
          {steps.map(({ icon: Icon, title, text, link }, index) => (
            <li key={title} className="old-home-step">
              <span className="old-home-step__marker" aria-hidden="true">
                <Icon size={20} />
              </span>
              <div className="old-home-step__body">
                <p className="old-home-step__index">Etapa {index + 1}</p>
                <h2>{title}</h2>
                <p>{text}</p>
                <Link className="old-home-step__link" to={linkTo(link.to)}>
                  {link.label} →
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      <p className="old-home-note">
        Ferramenta informativa e gerencial: não substitui o julgamento clínico. Os laudos devem ser revisados e validados
        por um profissional habilitado.
      </p>
    </>
  );
}
