import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth, professionalTypeLabel } from '../../features/auth';
import { Button } from '../ui/button';
import { IconClose, IconLogOut, IconMenu, LogoMark } from '../ui/icons';
import { LoadingState } from '../ui/spinner';
import { isMenuItemActive, visibleMenuItems } from './menu-items';
import './app-layout.css';

const MAIN_ID = 'main-content';
// "Trocar organização" (issue 18): loaded only for a login in more than one organisation
const OrganizationSwitcher = lazy(() => import('./organization-switcher'));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * Authenticated shell: skip link, side menu (spec §2) with the user and Sair, and the page in <main>.
 * Under 900 px the menu collapses behind a top bar with a menu button.
 */
export function AppLayout() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const navId = useId();

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  async function handleLogout() {
    setLoggingOut(true);
    await logout();
  }

  return (
    <div className={menuOpen ? 'app-shell app-shell--menu-open' : 'app-shell'}>
      <a className="app-shell__skip" href={`#${MAIN_ID}`}>
        Pular para o conteúdo
      </a>

      <header className="app-topbar">
        <Link className="app-brand" to={paths.dashboard.getHref()}>
          <LogoMark size={28} />
          <span>Limiar</span>
        </Link>
        <button
          type="button"
          className="app-topbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
          <span className="visually-hidden">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
        </button>
      </header>

      <aside className="app-sidebar" id={navId}>
        <Link className="app-brand app-sidebar__brand" to={paths.dashboard.getHref()}>
          <LogoMark size={30} />
          <span>Limiar</span>
        </Link>

        <nav className="app-nav" aria-label="Menu principal">
          <ul className="app-nav__list">
            {visibleMenuItems(user).map(({ label, to, icon: Icon }) => {
              const active = isMenuItemActive(pathname, to);
              return (
                <li key={to}>
                  <Link
                    to={to}
                    className={active ? 'app-nav__link app-nav__link--active' : 'app-nav__link'}
                    aria-current={active ? 'page' : undefined}
                  >
                    <Icon size={20} />
                    <span>{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="app-sidebar__footer">
          {user && (
            <div className="app-user">
              <span className="app-user__avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
              <span className="app-user__text">
                <span className="app-user__name">{user.name}</span>
                <span className="app-user__role">{professionalTypeLabel(user.professionalType)}</span>
              </span>
            </div>
          )}
          {(user?.organizations?.length ?? 0) > 1 && (
            <Suspense fallback={null}>
              <OrganizationSwitcher />
            </Suspense>
          )}
          <Button variant="ghost" className="app-nav__logout" onClick={handleLogout} loading={loggingOut}>
            {!loggingOut && <IconLogOut size={20} />}
            Sair
          </Button>
        </div>
      </aside>

      <button
        type="button"
        className="app-shell__scrim"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => setMenuOpen(false)}
      />

      <main className="app-main" id={MAIN_ID} tabIndex={-1}>
        <div className="app-main__inner">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}

export default AppLayout;
