import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** `current` follows the text colour (inside buttons); `primary` is the brand teal. */
  tone?: 'primary' | 'current';
  /** Visible text next to the spinner, announced to screen readers. */
  label?: string;
  className?: string;
}

/** Indeterminate progress. Inside a button it is decorative; with a label it is a live status. */
export function Spinner({ size = 'md', tone = 'primary', label, className }: SpinnerProps) {
  const circle = (
    <svg className={`ui-spinner ui-spinner--${size} ui-spinner--${tone}`} viewBox="0 0 24 24" aria-hidden="true">
      <circle className="ui-spinner__track" cx="12" cy="12" r="9" />
      <path className="ui-spinner__arc" d="M21 12a9 9 0 0 0-9-9" />
    </svg>
  );
  if (!label) return circle;
  return (
    <span role="status" className={['ui-spinner-label', className].filter(Boolean).join(' ')}>
      {circle}
      <span>{label}</span>
    </span>
  );
}

/** The spec's loading state: a spinner with 'Carregando...', centred in its area. */
export function LoadingState({ label = 'Carregando...', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'ui-loading ui-loading--page' : 'ui-loading'}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
