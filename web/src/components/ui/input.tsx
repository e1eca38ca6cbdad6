import type { ComponentProps } from 'react';
import './form-controls.css';

/** Text-like input (text, email, password, number, date, tel). Invalid look follows `aria-invalid`. */
export function Input({ className, type = 'text', ...rest }: ComponentProps<'input'>) {
  return <input type={type} className={['ui-input', className].filter(Boolean).join(' ')} {...rest} />;
}

/** An e-mail address: the e-mail keyboard and the example 'seu@email.com' unless told otherwise. */
export function EmailInput(props: ComponentProps<'input'>) {
  return <Input type="email" inputMode="email" placeholder="seu@email.com" {...props} />;
}

/** Multi-line text (e.g. Endereço). */
export function Textarea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={['ui-input', 'ui-textarea', className].filter(Boolean).join(' ')} {...rest} />;
}
