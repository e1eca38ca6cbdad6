import type { CSSProperties, ReactNode } from 'react';
import './stat-card.css';

export interface StatCardProps {
  label: string;
  /** The figure; `md` is the smaller size of the evolution pages. */
  value?: ReactNode;
  size?: 'lg' | 'md';
  /** More lines under the label (or under the value). */
  children?: ReactNode;
  /** `data-card`, for pages whose cards are addressed by name. */
  card?: string;
  className?: string;
  valueClassName?: string;
}

/** A counter or summary figure in a small card: label on top, the value large (exams, laudos, evolution). */
export function StatCard({ label, value, size = 'lg', children, card, className, valueClassName }: StatCardProps) {
  return (
    <div className={['ui-stat-card', className].filter(Boolean).join(' ')} data-card={card}>
      <span className="ui-stat-card__label">{label}</span>
      {value !== undefined && (
        <span className={['ui-stat-card__value', size === 'md' && 'ui-stat-card__value--md', valueClassName].filter(Boolean).join(' ')}>{value}</span>
      )}
      {children}
    </div>
  );
}

/** A row of StatCards, `columns` wide; one column on narrow screens. */
export function StatCards({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <div className="ui-stat-cards" style={{ '--ui-stat-columns': columns } as CSSProperties}>
      {children}
    </div>
  );
}
