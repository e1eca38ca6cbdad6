import { useId, type ReactNode } from 'react';
import './switch.css';

export interface SwitchProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Form field name, used as the element's `name` (handy in tests and devtools). */
  name?: string;
}

/**
 * An on/off setting that takes effect when its form is saved (notification preferences).
 * A native `<button role="switch">` labelled by its visible text: Space/Enter toggle it and
 * clicking the label toggles it too.
 */
export function Switch({ label, description, checked, onCheckedChange, disabled, name }: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={disabled ? 'ui-switch-row ui-switch-row--disabled' : 'ui-switch-row'}>
      <div className="ui-switch-row__text">
        <label className="ui-switch-row__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="ui-switch-row__description">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        name={name}
        className="ui-switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="ui-switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
