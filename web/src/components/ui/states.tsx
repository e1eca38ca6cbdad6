import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Button } from './button';
import { IconAlertTriangle, IconInbox, IconRefresh } from './icons';
import './states.css';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Usually a link or button that creates the first item. */
  action?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
}

/** Shown when a list or search has nothing to show (e.g. 'Nenhum paciente cadastrado'). */
export function EmptyState({ title, description, action, icon: Icon = IconInbox }: EmptyStateProps) {
  return (
    <div className="ui-state">
      <span className="ui-state__icon">
        <Icon size={24} />
      </span>
      <h2 className="ui-state__title">{title}</h2>
      {description && <p className="ui-state__description">{description}</p>}
      {action && <div className="ui-state__action">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  /** The spec's message, e.g. 'Erro ao carregar pacientes. Tente novamente.' */
  message: string;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
  /** Extra actions, e.g. a link back to the list. */
  actions?: ReactNode;
}

/** A load failed: says so and offers a retry. Announced to screen readers. */
export function ErrorState({
  message,
  title = 'Não foi possível carregar',
  onRetry,
  retrying = false,
  retryLabel = 'Tentar novamente',
  actions,
}: ErrorStateProps) {
  return (
    <div className="ui-state ui-state--error" role="alert">
      <span className="ui-state__icon">
        <IconAlertTriangle size={24} />
      </span>
      <h2 className="ui-state__title">{title}</h2>
      <p className="ui-state__description">{message}</p>
      {(onRetry || actions) && (
        <div className="ui-state__action">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              {!retrying && <IconRefresh size={16} />}
              {retryLabel}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
