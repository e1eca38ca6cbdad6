import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_MESSAGES, canonicalProfessionalType, PROFESSIONAL_TYPE_LABELS, PROFESSIONAL_TYPES, SPECIALIZATIONS, type ProfessionalType } from '../../../../../core/src/index';
import { CRM_MAX_LENGTH, RegistryFields, registryProblem, type RegistryValues } from '../../../components/forms/registry-fields';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { QueryFallback } from '../../../components/ui/query-fallback';
import { toast } from '../../../lib/toast';
import { isEmail, useForm, type FormProblem } from '../../../lib/use-form';
import { can, useAuth } from '../../auth';
import { profileQueryKey, updateMyProfile, useMyProfile, type Profile, type UpdateProfileInput, CompleteProfileModal } from '../../profile';

const LOAD_FAILED_MESSAGE = 'Erro ao carregar dados do perfil';
const SAVE_FAILED_MESSAGE = 'Erro ao salvar perfil';
const SAVED_MESSAGE = 'Perfil atualizado com sucesso!';

/** Perfil tab (spec §2 settings, §5 settings profile form): loading, error with retry, or the form. */
export function ProfileSettings() {
  const query = useMyProfile();
  const { user } = useAuth();
  const [completing, setCompleting] = useState(false);
  /** Bumped when the modal saved, so the form starts again from the saved profile. */
  const [formVersion, setFormVersion] = useState(0);

  if (!query.isSuccess) return <QueryFallback query={query} errorMessage={LOAD_FAILED_MESSAGE} />;

  const profile = query.data;
  return (
    <div className="settings-stack">
      {/* issue 18: a member with no professional type who writes no laudos (a técnico, an administrator) has no registry to complete */}
      {!profile.profileCompleted && (profile.professionalType !== null || can(user, 'laudo.draft')) && <IncompleteProfileBanner profile={profile} onComplete={() => setCompleting(true)} />}
      <ProfileForm key={`${profile.id}-${formVersion}`} profile={profile} />
      <CompleteProfileModal
        open={completing}
        userId={user?.id ?? profile.id}
        initial={profile}
        onCancel={() => setCompleting(false)}
        onCompleted={() => {
          setCompleting(false);
          setFormVersion((version) => version + 1);
          toast.success(SAVED_MESSAGE);
        }}
      />
    </div>
  );
}

const missingRegistry: Record<ProfessionalType, string> = {
  Medico: 'seu CRM, a UF do CRM',
  Fonoaudiologo: 'seu CRFa, a região do CRFa',
  Engenheiro: 'seu CREA, a UF do CREA',
};

/**
 * Shown while the server says the profile is not complete, to members who write laudos. Doctors get the
 * profile-completion modal (CRM, UF, specialization), fonoaudiólogos the same modal with the CRFa and its region
 * (issue 18); the other types complete their own registry in the form below.
 */
function IncompleteProfileBanner({ profile, onComplete }: { profile: Profile; onComplete: () => void }) {
  const type = canonicalProfessionalType(profile.professionalType);
  const what = type ? `${missingRegistry[type]} e sua especialização` : 'o tipo de profissional, seu registro e sua especialização';
  return (
    <Banner
      variant="warning"
      title="Seu perfil está incompleto"
      actions={
        type === 'Medico' || type === 'Fonoaudiologo' ? (
          <Button size="sm" onClick={onComplete}>
            Completar perfil
          </Button>
        ) : undefined
      }
    >
      {type === 'Medico'
        ? `Para organizar laudos válidos, informe ${what}. Eles são necessários para a validação médica e a assinatura de documentos.`
        : type === 'Fonoaudiologo'
        ? `Para organizar laudos válidos, informe ${what}. Eles são necessários para a assinatura de documentos.`
        : `Para organizar laudos válidos, informe ${what} no formulário abaixo.`}
    </Banner>
  );
}

interface ProfileValues extends RegistryValues {
  name: string;
  email: string;
  professionalType: ProfessionalType | '';
  specialization: string;
  phoneNumber: string;
}

type ProfileField = keyof ProfileValues;

function valuesOf(profile: Profile): ProfileValues {
  return {
    name: profile.name ?? '',
    email: profile.email ?? '',
    professionalType: canonicalProfessionalType(profile.professionalType) ?? '',
    crm: profile.crm ?? '',
    crmState: profile.crmState ?? '',
    crfa: profile.crfa ?? '',
    crfaRegion: profile.crfaRegion ?? '',
    crea: profile.crea ?? '',
    creaState: profile.creaState ?? '',
    specialization: profile.specialization ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  };
}

const blank = (value: string) => value.trim() === '';

/** Spec §5 "Settings profile form" rules, first problem first. */
function validateProfile(values: ProfileValues): FormProblem<ProfileField> | null {
  const missing = (['name', 'email', 'professionalType'] as const).filter((field) => blank(values[field]));
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: [...missing] };
  if (!isEmail(values.email)) return { message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] };
  const registry = registryProblem(values.professionalType, values);
  if (registry) return registry;
  if (values.professionalType === 'Medico' && values.crm.trim().length > CRM_MAX_LENGTH) return { message: ACCOUNT_MESSAGES.crmMaxDigits, fields: ['crm'] };
  return null;
}

const optional = (value: string) => (blank(value) ? null : value.trim());

/** The payload: common fields plus the registry fields of the chosen type only. */
function toPayload(values: ProfileValues): UpdateProfileInput {
  const base = {
    name: values.name.trim(),
    email: values.email.trim(),
    professionalType: values.professionalType,
    specialization: optional(values.specialization),
    phoneNumber: optional(values.phoneNumber),
  };
  if (values.professionalType === 'Medico') return { ...base, crm: values.crm.trim(), crmState: values.crmState };
  if (values.professionalType === 'Fonoaudiologo') return { ...base, crfa: values.crfa.trim(), crfaRegion: values.crfaRegion };
  return { ...base, crea: values.crea.trim(), creaState: values.creaState };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const form = useForm(() => valuesOf(profile), {
    validate: validateProfile,
    failureMessage: SAVE_FAILED_MESSAGE,
    onFailure: (message) => toast.error(message),
    submit: async (values, setValues) => {
      const saved = await updateMyProfile(toPayload(values));
      queryClient.setQueryData(profileQueryKey, saved);
      auth.updateUser(saved);
      setValues(valuesOf(saved));
      toast.success(SAVED_MESSAGE);
    },
  });
  const { values, problem, invalid, busy: saving } = form;
  const type = values.professionalType;

  return (
    <Card
      title="Perfil profissional"
      description={`Dados usados nos laudos e na identificação do responsável técnico${
        profile.organizationName ? ` · Organização: ${profile.organizationName}` : ''
      }.`}
    >
      <form className="settings-form" onSubmit={form.onSubmit} noValidate aria-label="Perfil profissional">
        {problem && <Banner variant="error">{problem.message}</Banner>}
        <Field label="Nome completo" required error={invalid('name') ? 'Informe seu nome' : undefined}>
          {(control) => <Input {...control} {...form.text('name')} autoComplete="name" />}
        </Field>
        <div className="settings-form__row">
          <Field label="E-mail" required error={invalid('email') ? 'Informe um e-mail válido' : undefined}>
            {(control) => <Input {...control} type="email" {...form.text('email')} autoComplete="email" />}
          </Field>
          <Field label="Telefone" hint="Opcional">
            {(control) => <Input {...control} type="tel" {...form.text('phoneNumber')} autoComplete="tel" placeholder="(11) 91234-5678" />}
          </Field>
        </div>
        <Field label="Tipo de profissional" required error={invalid('professionalType') ? 'Selecione o tipo' : undefined}>
          {(control) => (
            <Select {...control} {...form.text('professionalType')}>
              <option value="">Selecione</option>
              {PROFESSIONAL_TYPES.map((option) => (
                <option key={option} value={option}>
                  {PROFESSIONAL_TYPE_LABELS[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>

        <RegistryFields type={type} variant="settings" values={values} onChange={form.set} invalid={invalid} disabled={saving}
          rowClassName="settings-form__row settings-form__row--registry" />

        <Field label="Especialização" hint="Opcional. Escolha uma sugestão ou digite.">
          {(control) => (
            <>
              <Input {...control} {...form.text('specialization')} list="settings-specializations" />
              <datalist id="settings-specializations">
                {SPECIALIZATIONS.map((option) => (
                  <option key={option} value={option} />
                ))}
              </datalist>
            </>
          )}
        </Field>

        <div className="settings-form__footer">
          <p className="settings-form__note">* Campos obrigatórios</p>
          <Button type="submit" loading={saving} loadingText="Salvando...">
            Salvar alterações
          </Button>
        </div>
      </form>
    </Card>
  );
}
