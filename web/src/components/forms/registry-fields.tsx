import { ACCOUNT_MESSAGES, CRFA_REGIONS, UFS, type ProfessionalType } from '../../../../core/src/index';
import type { FormProblem } from '../../lib/use-form';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';

/** The registry fields of the three professional types (spec §3): number and state (or CRFa region). */
export type RegistryField = 'crm' | 'crmState' | 'crfa' | 'crfaRegion' | 'crea' | 'creaState';
export type RegistryValues = Record<RegistryField, string>;

/**
 * Where the fields stand, which sets their wording: the register screen (short labels, hints and
 * placeholders), the settings profile form ('Número do …') and the profile-completion modal (CRM only,
 * digits only, at least 4).
 */
export type RegistryFieldsVariant = 'register' | 'settings' | 'complete-profile';

interface NumberText { label: string; hint?: string; placeholder?: string; error: string }

const numberTexts: Record<RegistryFieldsVariant, Record<ProfessionalType, NumberText>> = {
  register: {
    Medico: { label: 'CRM', hint: 'Apenas números', placeholder: '123456', error: 'Informe o CRM' },
    Fonoaudiologo: { label: 'CRFa', placeholder: '12345', error: 'Informe o CRFa' },
    Engenheiro: { label: 'CREA', placeholder: '1234567890', error: 'Informe o CREA' },
  },
  settings: {
    Medico: { label: 'Número do CRM', placeholder: '123456', error: 'Informe o CRM (até 6 caracteres)' },
    Fonoaudiologo: { label: 'Número do CRFa', error: 'Informe o CRFa' },
    Engenheiro: { label: 'Número do CREA', error: 'Informe o CREA' },
  },
  'complete-profile': {
    Medico: { label: 'CRM', hint: 'Apenas números (mínimo 4 dígitos)', placeholder: '123456', error: 'Informe o CRM' },
    Fonoaudiologo: { label: 'CRFa', error: 'Informe o CRFa' },
    Engenheiro: { label: 'CREA', error: 'Informe o CREA' },
  },
};

/** The CRM holds at most 6 characters (spec §5). */
export const CRM_MAX_LENGTH = 6;

const fieldsOf: Record<ProfessionalType, { number: RegistryField; state: RegistryField; stateLabel: string }> = {
  Medico: { number: 'crm', state: 'crmState', stateLabel: 'UF do CRM' },
  Fonoaudiologo: { number: 'crfa', state: 'crfaRegion', stateLabel: 'Região do CRFa' },
  Engenheiro: { number: 'crea', state: 'creaState', stateLabel: 'UF do CREA' },
};

const missingRegistryMessage: Record<ProfessionalType, string> = {
  Medico: ACCOUNT_MESSAGES.medicoRegistry,
  Fonoaudiologo: ACCOUNT_MESSAGES.fonoRegistry,
  Engenheiro: ACCOUNT_MESSAGES.engenheiroRegistry,
};

/** Spec §5 checks 3–5 (register and settings): the chosen type's number and state are both filled. */
export function registryProblem(type: ProfessionalType | '', values: Partial<RegistryValues>): FormProblem<RegistryField> | null {
  if (type === '') return null;
  const { number, state } = fieldsOf[type];
  const empty = [number, state].filter((field) => (values[field] ?? '').trim() === '');
  return empty.length > 0 ? { message: missingRegistryMessage[type], fields: empty } : null;
}

export interface RegistryFieldsProps {
  /** The chosen professional type; nothing is shown until there is one. */
  type: ProfessionalType | '';
  variant: RegistryFieldsVariant;
  values: Partial<RegistryValues>;
  onChange: (field: RegistryField, value: string) => void;
  invalid: (field: RegistryField) => boolean;
  disabled: boolean;
  /** The row holding the number and the state side by side (each form lays it out itself). */
  rowClassName: string;
}

/** Number + state (UF or CRFa region) of the chosen type, labelled and checked as its form says. */
export function RegistryFields({ type, variant, values, onChange, invalid, disabled, rowClassName }: RegistryFieldsProps) {
  if (type === '') return null;
  const { number, state, stateLabel } = fieldsOf[type];
  const text = numberTexts[variant][type];
  const completing = variant === 'complete-profile';
  return (
    <div className={rowClassName}>
      <Field label={text.label} required hint={text.hint} error={invalid(number) ? text.error : undefined}>
        {(control) => (
          <Input
            {...control}
            name={number}
            inputMode={type === 'Engenheiro' ? undefined : 'numeric'}
            autoComplete={completing ? 'off' : undefined}
            maxLength={type === 'Medico' ? CRM_MAX_LENGTH : undefined}
            placeholder={text.placeholder}
            value={values[number] ?? ''}
            onChange={(event) => onChange(number, completing ? event.target.value.replace(/\D+/g, '') : event.target.value)}
            disabled={disabled}
            autoFocus={completing}
          />
        )}
      </Field>
      <Field label={stateLabel} required error={invalid(state) ? (state === 'crfaRegion' ? 'Selecione a região' : 'Selecione a UF') : undefined}>
        {(control) => (
          <Select {...control} name={state} value={values[state] ?? ''} onChange={(event) => onChange(state, event.target.value)} disabled={disabled}>
            <option value="">Selecione</option>
            {state === 'crfaRegion'
              ? CRFA_REGIONS.map((region) => (
                  <option key={region.id} value={region.id}>
                    {`${region.label} (${region.states.join(', ')})`}
                  </option>
                ))
              : UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
