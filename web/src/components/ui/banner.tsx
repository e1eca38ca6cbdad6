import type { ReactNode } from 'react';
import { IconAlertCircle, IconAlertTriangle, IconCheckCircle, IconInfo } from './icons';
import './banner.css';

export type BannerVariant = 'info' | 'success' | 'warning' | 'error';

export interface BannerProps {
  variant?: BannerVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons placed after the text (e.g. a retry). */
  actions?: ReactNode;
  className?: string;
}

const icons = { info: IconInfo, success: IconCheckCircle, warning: IconAlertTriangle, error: IconAlertCircle };

/**
 * Inline message that stays on the page (form errors, clinical alerts). Errors and warnings are
 * announced immediately (`role="alert"`), info and success politely (`role="status"`).
 */
export function Banner({ variant = 'info', title, children, actions, className }: BannerProps) {
  const Icon = icons[variant];
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={['ui-banner', `ui-banner--${variant}`, className].filter(Boolean).join(' ')}>
      <Icon className="ui-banner__icon" size={20} />
      <div className="ui-banner__body">
        {title && <p className="ui-banner__title">{title}</p>}
        {children && <div className="ui-banner__text">{children}</div>}
        {actions && <div className="ui-banner__actions">{actions}</div>}
      </div>
    </div>
  );
}

/** Alias: some screens read better as "Alert". */
export const Alert = Banner;
