import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { IconClose, IconMenu, LogoMark } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';
import '../public-site.css';

export const featuresHref = `${paths.home.getHref()}#features`;
export const pricingHref = `${paths.home.getHref()}#pricing`;
export const faqHref = `${paths.support.getHref()}#faq`;

/**
 * Header and footer of the public pages (landing, privacy, terms, support, contact, data deletion).
 * Scrolls to `#section` links, or to the top on a new page. Under 900 px the section links sit
 * behind a "Menu" disclosure button (aria-expanded/aria-controls; Escape closes it and returns
 * focus to the button; following a link closes it).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname, hash } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname, hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // a link to the section already in the address bar changes no hash: close the menu on any link
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };

  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);

  return (
    <div className="public">
      <a className="public__skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="public-header">
        <div className="public-container public-header__inner">
          <Link className="public-brand" to={paths.home.getHref()} aria-label="Limiar — página inicial">
            <LogoMark size={30} />
            <span>Limiar</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="public-header__menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
            <span className="visually-hidden">Menu</span>
          </button>
          <nav
            id={menuId}
            className={menuOpen ? 'public-header__nav public-header__nav--open' : 'public-header__nav'}
            aria-label="Navegação do site"
            onClick={closeOnLink}
          >
            <Link to={featuresHref}>Recursos</Link>
            <Link to={pricingHref}>Preços</Link>
            <Link to={paths.support.getHref()}>Suporte</Link>
            <Link to={paths.contact.getHref()}>Contato</Link>
          </nav>
          <div className="public-header__actions">
            {status === 'authenticated' ? (
              <Link className={buttonClassName()} to={paths.dashboard.getHref()}>
                Ir para o Dashboard
              </Link>
            ) : (
              <>
                <Link className={buttonClassName({ variant: 'ghost' })} to={paths.login.getHref()}>
                  Entrar
                </Link>
                <Link className={buttonClassName()} to={paths.register.getHref()}>
                  Criar conta
                </Link>
              </>
            )}
          </div>
        </div>
      </header>

      <main id="conteudo" className="public-main" tabIndex={-1}>
        {children}
      </main>

      <footer className="public-footer">
        <div className="public-container public-footer__inner">
          <div className="public-footer__brand">
            <Link className="public-brand" to={paths.home.getHref()}>
              <LogoMark size={26} />
              <span>Limiar</span>
            </Link>
            <p>
              Gestão de audiometria ocupacional. Ferramenta informativa e gerencial: não substitui o julgamento
              clínico.
            </p>
          </div>
          <nav className="public-footer__links" aria-label="Links institucionais">
            <Link to={paths.privacy.getHref()}>Privacidade</Link>
            <Link to={paths.terms.getHref()}>Termos</Link>
            <Link to={paths.support.getHref()}>Suporte</Link>
            <Link to={paths.contact.getHref()}>Contato</Link>
            <Link to={paths.dataDeletion.getHref()}>Exclusão de dados</Link>
          </nav>
        </div>
        <div className="public-container public-footer__legal">
          <p>© {new Date().getFullYear()} Limiar. Em conformidade com a LGPD (Lei nº 13.709/2018).</p>
        </div>
      </footer>
    </div>
  );
}

/** Title block at the top of an inner public page. */
export function PublicPageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="public-page-header">
      <div className="public-container public-container--narrow">
        {eyebrow && <p className="public-eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {children && <div className="public-page-header__text">{children}</div>}
      </div>
    </section>
  );
}
