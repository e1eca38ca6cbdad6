import type { ComponentProps } from 'react';
import './form-controls.css';

/** Text-like input (text, email, password, number, date, tel). Invalid look follows `aria-invalid`. */
export function Input({ className, type = 'text', ...rest }: ComponentProps<'input'>) {
  return <input type={type} className={['ui-input', className].filter(Boolean).join(' ')} {...rest} />;
}

/** Multi-line text (e.g. Endereço). */
export function Textarea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={['ui-input', 'ui-textarea', className].filter(Boolean).join(' ')} {...rest} />;
}
