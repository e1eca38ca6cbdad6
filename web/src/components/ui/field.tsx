import { useId, type ReactNode } from 'react';
import { IconAlertCircle } from './icons';
import { Label } from './label';
import './form-controls.css';

/** Props a Field hands to its control so label, hint and error are wired for assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: string;
  hint?: string;
  /** Error text shown under the control; also marks the control `aria-invalid`. */
  error?: string;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label + control + hint + error. Usage:
 * `<Field label="E-mail" error={e}>{(p) => <Input {...p} type="email" />}</Field>`
 */
export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required,
      })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          <IconAlertCircle size={14} />
          {error}
        </p>
      )}
    </div>
  );
}
