import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { IconCompass, LogoMark } from '../../components/ui/icons';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth';
import './not-found.css';

interface NotFoundProps {
  /** `in-app`: content area of the authenticated layout; `standalone`: a full public page. */
  variant: 'in-app' | 'standalone';
}

/** 'Página não encontrada' for unknown URLs and for routes whose page is not available yet. */
export default function NotFoundRoute({ variant }: NotFoundProps) {
  useDocumentTitle('Página não encontrada');
  const { status } = useAuth();
  const { pathname } = useLocation();
  const target =
    status === 'authenticated'
      ? { to: paths.dashboard.getHref(), label: 'Ir para o Dashboard' }
      : { to: paths.login.getHref(), label: 'Ir para o login' };
  const showLink = target.to !== pathname;

  const content = (
    <div className="not-found" role="region" aria-labelledby="not-found-title">
      <span className="not-found__icon">
        <IconCompass size={28} />
      </span>
      <p className="not-found__code">Erro 404</p>
      <h1 id="not-found-title" className="not-found__title">
        Página não encontrada
      </h1>
      <p className="not-found__text">
        O endereço <code className="not-found__path">{pathname}</code> não corresponde a nenhuma página disponível.
        Verifique o endereço ou volte para o início.
      </p>
      {showLink && (
        <Link className={buttonClassName()} to={target.to}>
          {target.label}
        </Link>
      )}
    </div>
  );

  if (variant === 'in-app') return <div className="not-found-panel">{content}</div>;
  return (
    <main className="not-found-page">
      <div className="not-found-page__brand">
        <LogoMark size={28} />
        <span>Limiar</span>
      </div>
      <div className="not-found-page__card">{content}</div>
    </main>
  );
}
