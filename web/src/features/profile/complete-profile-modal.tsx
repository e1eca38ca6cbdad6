import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, SPECIALIZATIONS } from '../../../../core/src/index';
import { RegistryFields } from '../../components/forms/registry-fields';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useForm, type FormProblem } from '../../lib/use-form';
import { useAuth } from '../auth';
import { completeMyProfile, profileQueryKey, type Profile } from './api/profile';
import './complete-profile-modal.css';

const UPDATE_FAILED_MESSAGE = 'Erro ao atualizar perfil';
const FORM_ID = 'complete-profile-form';

export interface CompleteProfileModalProps {
  open: boolean;
  /** The logged-in professional's id, sent as `?userId=` (another id answers 404). */
  userId: string;
  /** Values to start from (what the profile already has); a Fonoaudiologo is asked the CRFa, never a CRM (issue 18). */
  initial?: {
    professionalType?: string | null;
    crm?: string | null; crmState?: string | null; crfa?: string | null; crfaRegion?: string | null; specialization?: string | null;
  };
  /** Saved: the shared profile query and the menu's user are already updated. */
  onCompleted: (profile: Profile) => void;
  /** 'Cancelar': the caller decides where the user goes (the wizard cannot go on). */
  onCancel: () => void;
}

interface CompletionValues {
  crm: string;
  crmState: string;
  crfa: string;
  crfaRegion: string;
  specialization: string;
  professionalId: string;
}

type CompletionType = 'Medico' | 'Fonoaudiologo';

/** Spec §5: CRM, its state and the specialization are required; the CRM has at least 4 digits. A fonoaudiólogo: CRFa and region. */
function validateCompletion(type: CompletionType, values: CompletionValues): FormProblem<keyof CompletionValues> | null {
  const required = type === 'Fonoaudiologo' ? (['crfa', 'crfaRegion', 'specialization'] as const) : (['crm', 'crmState', 'specialization'] as const);
  const missing = required.filter((field) => values[field].trim() === '');
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: [...missing] };
  if (type === 'Medico' && values.crm.trim().length < 4) return { message: ACCOUNT_MESSAGES.crmMinDigits, fields: ['crm'] };
  return null;
}

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
  const type: CompletionType = initial?.professionalType === 'Fonoaudiologo' ? 'Fonoaudiologo' : 'Medico';
  const form = useForm<CompletionValues>(
    {
      crm: initial?.crm ?? '', crmState: initial?.crmState ?? '', crfa: initial?.crfa ?? '', crfaRegion: initial?.crfaRegion ?? '',
      specialization: initial?.specialization ?? '', professionalId: '',
    },
    {
      validate: (values) => validateCompletion(type, values),
      failureMessage: UPDATE_FAILED_MESSAGE,
      keepBusyOnSuccess: true,
      submit: async (values) => {
        const profile = await completeMyProfile(userId, {
          Crm: type === 'Medico' ? values.crm.trim() : '',
          CrmState: type === 'Medico' ? values.crmState : '',
          ...(type === 'Fonoaudiologo' ? { Crfa: values.crfa.trim(), CrfaRegion: values.crfaRegion } : {}),
          Specialization: values.specialization,
          ProfessionalId: values.professionalId.trim() === '' ? null : values.professionalId.trim(),
        });
        queryClient.setQueryData(profileQueryKey, profile);
        auth.updateUser(profile);
        onCompleted(profile);
      },
    },
  );
  const { values, problem, invalid, busy: saving } = form;
  const specialization = values.specialization;

  return (
    <DialogContent
      title={type === 'Fonoaudiologo' ? 'Complete seu perfil profissional' : 'Complete seu perfil médico'}
      description={type === 'Fonoaudiologo'
        ? 'Para a assinatura de documentos legais, como os laudos, precisamos do seu CRFa e da sua especialização.'
        : 'Para a validação médica e a assinatura de documentos legais, como os laudos, precisamos do seu CRM e da sua especialização.'}
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
      <form id={FORM_ID} className="complete-profile" onSubmit={form.onSubmit} noValidate>
        {problem && <Banner variant="error">{problem.message}</Banner>}
        <RegistryFields
          type={type}
          variant="complete-profile"
          values={values}
          onChange={(field, value) => form.set(field as 'crm' | 'crmState' | 'crfa' | 'crfaRegion', value)}
          invalid={(field) => invalid(field as 'crm' | 'crmState' | 'crfa' | 'crfaRegion')}
          disabled={saving}
          rowClassName="complete-profile__row"
        />
        <Field label="Especialização" required error={invalid('specialization') ? 'Selecione a especialização' : undefined}>
          {(control) => (
            <Select {...control} {...form.text('specialization')}>
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
          {(control) => <Input {...control} {...form.text('professionalId')} autoComplete="off" />}
        </Field>
        <p className="complete-profile__note">* Campos obrigatórios</p>
      </form>
    </DialogContent>
  );
}
