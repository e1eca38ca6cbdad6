import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from './icons';
import './page-header.css';

export interface PageHeaderProps {
  /** The page's only h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions of the page, right-aligned (wrap under the title on small screens). */
  actions?: ReactNode;
  /** A back link above the title, e.g. `{ to: paths.patients.getHref(), label: 'Voltar' }`. */
  back?: { to: string; label: string };
}

export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      {back && (
        <Link className="ui-page-header__back" to={back.to}>
          <IconArrowLeft size={16} />
          {back.label}
        </Link>
      )}
      <div className="ui-page-header__row">
        <div className="ui-page-header__text">
          <h1 className="ui-page-header__title">{title}</h1>
          {description && <p className="ui-page-header__description">{description}</p>}
        </div>
        {actions && <div className="ui-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
