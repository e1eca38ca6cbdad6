import type { ComponentProps } from 'react';
import './form-controls.css';

export interface LabelProps extends ComponentProps<'label'> {
  /** Appends the asterisk of '* Campos obrigatórios'. */
  required?: boolean;
}

export function Label({ className, required, children, ...rest }: LabelProps) {
  return (
    <label className={['ui-label', className].filter(Boolean).join(' ')} {...rest}>
      {children}
      {required && (
        <span className="ui-label__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}
