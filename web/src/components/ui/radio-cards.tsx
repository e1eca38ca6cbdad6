import { useId, type ReactNode } from 'react';
import { IconAlertCircle } from './icons';
import './radio-cards.css';

export interface RadioCardOption<T extends string> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
}

export interface RadioCardsProps<T extends string> {
  /** The group's visible name (a `<legend>`). */
  legend: string;
  name: string;
  value: T | '';
  onChange: (value: T) => void;
  options: readonly RadioCardOption<T>[];
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** Columns on wide screens; one column under 640 px. */
  columns?: 1 | 2 | 3;
}

/**
 * A short exclusive choice shown as cards (professional type, consultation type). Native radios in a
 * `<fieldset>`: arrow keys move the choice, the legend names the group.
 */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  required,
  disabled,
  error,
  columns = 3,
}: RadioCardsProps<T>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="ui-radio-cards"
      aria-describedby={errorId}
      disabled={disabled}
    >
      <legend className="ui-label">
        {legend}
        {required && (
          <span className="ui-label__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <div className={`ui-radio-cards__grid ui-radio-cards__grid--${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className={[
              'ui-radio-card',
              option.value === value && 'ui-radio-card--checked',
              error && 'ui-radio-card--invalid',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <input
              type="radio"
              className="ui-radio-card__input"
              name={name}
              value={option.value}
              checked={option.value === value}
              // on the radios, not the fieldset: a group role supports neither aria-required nor aria-invalid (axe)
              required={required}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            <span className="ui-radio-card__text">
              <span className="ui-radio-card__label">{option.label}</span>
              {option.description && <span className="ui-radio-card__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="ui-field__error">
          <IconAlertCircle size={14} />
          {error}
        </p>
      )}
    </fieldset>
  );
}
