import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { IconArrowLeft, LogoMark } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { afterLoginPath } from '../after-login';
import { useAuth } from '../auth-context';
import './auth-layout.css';

const highlights = [
  'Cadastro de trabalhadores e exames audiométricos',
  'Leitura de audiogramas em PDF, JPEG ou PNG',
  'Laudos padronizados conforme a NR-7 (antiga Portaria 19/98)',
  'Acompanhamento da evolução auditiva com alerta de agravamento',
];

export interface AuthLayoutProps {
  /** The heading, also the document title. */
  title: string;
  subtitle: string;
  /** The line under the form, e.g. "Não tem uma conta?" + a link "Criar conta". */
  switchTo: { prompt: string; to: string; label: string };
  /** Pages for visitors only (/login, /register): an authenticated visitor goes straight to /dashboard. */
  guestOnly?: boolean;
  /** `wide` for longer forms (registration). */
  width?: 'normal' | 'wide';
  children: ReactNode;
}

/**
 * The split layout of the account pages (/login, /register, /forgot-password, /reset-password;
 * docs/ui.md §3): brand panel on the left, form on the right; under 900 px only the form, on a card.
 */
export function AuthLayout({ title, subtitle, switchTo, guestOnly = false, width = 'normal', children }: AuthLayoutProps) {
  useDocumentTitle(title);
  const { status, user } = useAuth();
  if (guestOnly && status === 'loading') return <LoadingState fullPage />;
  // where a fresh login goes (the organisation picker for a login in several organisations, issue 18)
  if (guestOnly && status === 'authenticated') return <Navigate to={user ? afterLoginPath(user) : paths.dashboard.getHref()} replace />;
  return (
    <div className="auth-page">
      <aside className="auth-page__aside" aria-label="Sobre o Limiar">
        <Link className="auth-page__brand" to={paths.home.getHref()}>
          <LogoMark size={36} />
          <span>Limiar</span>
        </Link>
        <div className="auth-page__pitch">
          <p className="auth-page__eyebrow">Audiometria ocupacional</p>
          <p className="auth-page__headline">Exames, laudos e evolução auditiva em um só lugar.</p>
          <ul className="auth-page__highlights">
            {highlights.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p className="auth-page__disclaimer">
          Ferramenta informativa e gerencial: não substitui o julgamento clínico. Os laudos devem ser revisados e
          validados por um profissional habilitado.
        </p>
      </aside>

      <main className="auth-page__main">
        <div className={width === 'wide' ? 'auth-page__panel auth-page__panel--wide' : 'auth-page__panel'}>
          <div className="auth-page__brand auth-page__brand--compact">
            <LogoMark size={32} />
            <span>Limiar</span>
          </div>
          <h1 className="auth-page__title">{title}</h1>
          <p className="auth-page__subtitle">{subtitle}</p>
          {children}
          <p className="auth-page__switch">
            {switchTo.prompt} <Link to={switchTo.to}>{switchTo.label}</Link>
          </p>
          <Link className="auth-page__home" to={paths.home.getHref()}>
            <IconArrowLeft size={16} />
            Voltar para a página inicial
          </Link>
          <nav className="auth-page__footer-links" aria-label="Informações">
            <Link to={paths.privacy.getHref()}>Privacidade</Link>
            <Link to={paths.terms.getHref()}>Termos</Link>
            <Link to={paths.support.getHref()}>Suporte</Link>
          </nav>
        </div>
      </main>
    </div>
  );
}
