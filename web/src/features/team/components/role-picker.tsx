import { useId } from 'react';
import type { ProfessionalRole } from '../../../../../core/src/index';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { professionalRoleOptions } from '../roles';

export interface RolePickerValue {
  professional: ProfessionalRole | '';
  administrator: boolean;
}

/** A member's roles: one professional role (or none) and, besides it, "Administrador(a)". */
export function RolePicker({ value, onChange, disabled, error }: { value: RolePickerValue; onChange: (next: RolePickerValue) => void; disabled?: boolean; error?: string }) {
  const hintId = useId();
  return (
    <div className="team-roles">
      <Field label="Papel profissional" error={error} hint="Define o que o membro pode fazer com exames e laudos.">
        {(control) => (
          <Select {...control} name="professionalRole" value={value.professional} disabled={disabled}
            onChange={(e) => onChange({ ...value, professional: e.target.value as ProfessionalRole | '' })}>
            <option value="">Nenhum (somente administração)</option>
            {professionalRoleOptions.map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
          </Select>
        )}
      </Field>
      <div>
        <Checkbox label="Administrador(a)" name="administrator" aria-describedby={hintId}
          checked={value.administrator} disabled={disabled} onChange={(e) => onChange({ ...value, administrator: e.target.checked })} />
        <p id={hintId} className="ui-field__hint">Gerencia a equipe, os dados da clínica e as integrações.</p>
      </div>
    </div>
  );
}
