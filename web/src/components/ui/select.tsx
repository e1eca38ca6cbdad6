import type { ComponentProps } from 'react';
import './form-controls.css';

/** Native select (best keyboard and mobile support) with the design-system look. */
export function Select({ className, children, ...rest }: ComponentProps<'select'>) {
  return (
    <select className={['ui-input', 'ui-select', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </select>
  );
}
