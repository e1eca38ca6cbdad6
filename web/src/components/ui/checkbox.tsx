import type { ComponentProps, ReactNode } from 'react';
import './form-controls.css';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

/** Native checkbox inside its label, so the whole text is clickable. */
export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={['ui-checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" className="ui-checkbox__input" {...rest} />
      <span>{label}</span>
    </label>
  );
}
