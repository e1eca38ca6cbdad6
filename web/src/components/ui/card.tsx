import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links aligned to the right of the title. */
  actions?: ReactNode;
  /** `none` for content that draws its own edges (tables). */
  padding?: 'none' | 'md' | 'lg';
  className?: string;
  children?: ReactNode;
}

/** White surface grouping related content; the title is an h2 (pages own the h1). */
export function Card({ title, description, actions, padding = 'md', className, children }: CardProps) {
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section className={['ui-card', `ui-card--pad-${padding}`, className].filter(Boolean).join(' ')}>
      {hasHeader && (
        <header className="ui-card__header">
          <div>
            {title !== undefined && <h2 className="ui-card__title">{title}</h2>}
            {description !== undefined && <p className="ui-card__description">{description}</p>}
          </div>
          {actions !== undefined && <div className="ui-card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
