import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, SPECIALIZATIONS, UFS } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../auth';
import { completeMyProfile, profileQueryKey, type Profile } from './api/profile';
import './complete-profile-modal.css';

const UPDATE_FAILED_MESSAGE = 'Erro ao atualizar perfil';
const FORM_ID = 'complete-profile-form';

export interface CompleteProfileModalProps {
  open: boolean;
  /** The logged-in professional's id, sent as `?userId=` (another id answers 404). */
  userId: string;
  /** Values to start from (what the profile already has). */
  initial?: { crm?: string | null; crmState?: string | null; specialization?: string | null };
  /** Saved: the shared profile query and the menu's user are already updated. */
  onCompleted: (profile: Profile) => void;
  /** 'Cancelar': the caller decides where the user goes (the wizard cannot go on). */
  onCancel: () => void;
}

type FieldName = 'crm' | 'crmState' | 'specialization';

/**
 * Blocking profile-completion modal (spec §2 wizard components, §5 rules, §7 call), in pt-BR (issue 14:
 * the spec's English 'Complete Your Medical Profile' / 'Cancel' / 'Save and Continue' are translated):
 * CRM (digits, at least 4), CRM state, specialization, and an optional professional registration.
 * Escape and outside clicks do nothing: the user answers with 'Cancelar' or 'Salvar e continuar'.
 */
export function CompleteProfileModal({ open, userId, initial, onCompleted, onCancel }: CompleteProfileModalProps) {
  return (
    <Dialog open={open}>
      {open && <CompleteProfileDialogBody userId={userId} initial={initial} onCompleted={onCompleted} onCancel={onCancel} />}
    </Dialog>
  );
}

function CompleteProfileDialogBody({ userId, initial, onCompleted, onCancel }: Omit<CompleteProfileModalProps, 'open'>) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const [crm, setCrm] = useState(initial?.crm ?? '');
  const [crmState, setCrmState] = useState(initial?.crmState ?? '');
  const [specialization, setSpecialization] = useState(initial?.specialization ?? '');
  const [professionalId, setProfessionalId] = useState('');
  const [error, setError] = useState<{ message: string; fields: FieldName[] } | null>(null);
  const [saving, setSaving] = useState(false);

  const invalid = (field: FieldName) => error?.fields.includes(field) ?? false;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const missing = (
      [
        ['crm', crm],
        ['crmState', crmState],
        ['specialization', specialization],
      ] as const
    )
      .filter(([, value]) => value.trim() === '')
      .map(([field]) => field);
    if (missing.length > 0) {
      setError({ message: ACCOUNT_MESSAGES.fillRequiredFields, fields: missing });
      return;
    }
    if (crm.trim().length < 4) {
      setError({ message: ACCOUNT_MESSAGES.crmMinDigits, fields: ['crm'] });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const profile = await completeMyProfile(userId, {
        Crm: crm.trim(),
        CrmState: crmState,
        Specialization: specialization,
        ProfessionalId: professionalId.trim() === '' ? null : professionalId.trim(),
      });
      queryClient.setQueryData(profileQueryKey, profile);
      auth.updateUser(profile);
      onCompleted(profile);
    } catch (failure) {
      setError({ message: errorMessage(failure, UPDATE_FAILED_MESSAGE), fields: [] });
      setSaving(false);
    }
  }

  return (
    <DialogContent
      title="Complete seu perfil médico"
      description="Para a validação médica e a assinatura de documentos legais, como os laudos, precisamos do seu CRM e da sua especialização."
      dismissible={false}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving} loadingText="Salvando...">
            Salvar e continuar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="complete-profile" onSubmit={handleSubmit} noValidate>
        {error && <Banner variant="error">{error.message}</Banner>}
        <div className="complete-profile__row">
          <Field label="CRM" required hint="Apenas números (mínimo 4 dígitos)" error={invalid('crm') ? 'Informe o CRM' : undefined}>
            {(control) => (
              <Input
                {...control}
                name="crm"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                placeholder="123456"
                value={crm}
                onChange={(event) => setCrm(event.target.value.replace(/\D+/g, ''))}
                disabled={saving}
                autoFocus
              />
            )}
          </Field>
          <Field label="UF do CRM" required error={invalid('crmState') ? 'Selecione a UF' : undefined}>
            {(control) => (
              <Select {...control} name="crmState" value={crmState} onChange={(event) => setCrmState(event.target.value)} disabled={saving}>
                <option value="">Selecione</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Especialização" required error={invalid('specialization') ? 'Selecione a especialização' : undefined}>
          {(control) => (
            <Select
              {...control}
              name="specialization"
              value={specialization}
              onChange={(event) => setSpecialization(event.target.value)}
              disabled={saving}
            >
              <option value="">Selecione</option>
              {SPECIALIZATIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              {specialization !== '' && !(SPECIALIZATIONS as readonly string[]).includes(specialization) && (
                <option value={specialization}>{specialization}</option>
              )}
            </Select>
          )}
        </Field>
        <Field label="Registro profissional" hint="Opcional: outro registro, como RQE ou CRFa">
          {(control) => (
            <Input
              {...control}
              name="professionalId"
              autoComplete="off"
              value={professionalId}
              onChange={(event) => setProfessionalId(event.target.value)}
              disabled={saving}
            />
          )}
        </Field>
        <p className="complete-profile__note">* Campos obrigatórios</p>
      </form>
    </DialogContent>
  );
}
