import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, canonicalProfessionalType, CRFA_REGIONS, PROFESSIONAL_TYPE_LABELS, PROFESSIONAL_TYPES, SPECIALIZATIONS, UFS, type ProfessionalType } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { profileQueryKey, updateMyProfile, useMyProfile, type Profile, type UpdateProfileInput, CompleteProfileModal } from '../../profile';

const LOAD_FAILED_MESSAGE = 'Erro ao carregar dados do perfil';
const SAVE_FAILED_MESSAGE = 'Erro ao salvar perfil';
const SAVED_MESSAGE = 'Perfil atualizado com sucesso!';
const CRM_MAX_LENGTH = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Perfil tab (spec §2 settings, §5 settings profile form): loading, error with retry, or the form. */
export function ProfileSettings() {
  const query = useMyProfile();
  const { user } = useAuth();
  const [completing, setCompleting] = useState(false);
  /** Bumped when the modal saved, so the form starts again from the saved profile. */
  const [formVersion, setFormVersion] = useState(0);

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <Card>
        <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  }

  const profile = query.data;
  return (
    <div className="settings-stack">
      {!profile.profileCompleted && <IncompleteProfileBanner profile={profile} onComplete={() => setCompleting(true)} />}
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
 * Shown while the server says the profile is not complete. Doctors get the profile-completion modal
 * (CRM, UF, specialization); the other types complete their own registry in the form below.
 */
function IncompleteProfileBanner({ profile, onComplete }: { profile: Profile; onComplete: () => void }) {
  const type = canonicalProfessionalType(profile.professionalType);
  const what = type ? `${missingRegistry[type]} e sua especialização` : 'o tipo de profissional, seu registro e sua especialização';
  return (
    <Banner
      variant="warning"
      title="Seu perfil está incompleto"
      actions={
        type === 'Medico' ? (
          <Button size="sm" onClick={onComplete}>
            Completar perfil
          </Button>
        ) : undefined
      }
    >
      {type === 'Medico'
        ? `Para organizar laudos válidos, informe ${what}. Eles são necessários para a validação médica e a assinatura de documentos.`
        : `Para organizar laudos válidos, informe ${what} no formulário abaixo.`}
    </Banner>
  );
}

interface ProfileValues {
  name: string;
  email: string;
  professionalType: ProfessionalType | '';
  crm: string;
  crmState: string;
  crfa: string;
  crfaRegion: string;
  crea: string;
  creaState: string;
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
function validateProfile(values: ProfileValues): { message: string; fields: ProfileField[] } | null {
  const missing = (['name', 'email', 'professionalType'] as const).filter((field) => blank(values[field]));
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: [...missing] };
  if (!EMAIL_PATTERN.test(values.email.trim())) return { message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] };
  const registry = (fields: [ProfileField, ProfileField], message: string) => {
    const empty = fields.filter((field) => blank(values[field]));
    return empty.length > 0 ? { message, fields: empty } : null;
  };
  if (values.professionalType === 'Medico') {
    const problem = registry(['crm', 'crmState'], ACCOUNT_MESSAGES.medicoRegistry);
    if (problem) return problem;
    if (values.crm.trim().length > CRM_MAX_LENGTH) return { message: ACCOUNT_MESSAGES.crmMaxDigits, fields: ['crm'] };
  }
  if (values.professionalType === 'Fonoaudiologo') return registry(['crfa', 'crfaRegion'], ACCOUNT_MESSAGES.fonoRegistry);
  if (values.professionalType === 'Engenheiro') return registry(['crea', 'creaState'], ACCOUNT_MESSAGES.engenheiroRegistry);
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
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const [problem, setProblem] = useState<{ message: string; fields: ProfileField[] } | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: ProfileField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: ProfileField) => problem?.fields.includes(field) ?? false;
  const type = values.professionalType;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateProfile(values);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const saved = await updateMyProfile(toPayload(values));
      queryClient.setQueryData(profileQueryKey, saved);
      auth.updateUser(saved);
      setValues(valuesOf(saved));
      toast.success(SAVED_MESSAGE);
    } catch (error) {
      const message = errorMessage(error, SAVE_FAILED_MESSAGE);
      setProblem({ message, fields: [] });
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      title="Perfil profissional"
      description={`Dados usados nos laudos e na identificação do responsável técnico${
        profile.organizationName ? ` · Organização: ${profile.organizationName}` : ''
      }.`}
    >
      <form className="settings-form" onSubmit={handleSubmit} noValidate aria-label="Perfil profissional">
        {problem && <Banner variant="error">{problem.message}</Banner>}
        <Field label="Nome completo" required error={invalid('name') ? 'Informe seu nome' : undefined}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => set('name')(event.target.value)}
              disabled={saving}
            />
          )}
        </Field>
        <div className="settings-form__row">
          <Field label="E-mail" required error={invalid('email') ? 'Informe um e-mail válido' : undefined}>
            {(control) => (
              <Input
                {...control}
                type="email"
                name="email"
                autoComplete="email"
                value={values.email}
                onChange={(event) => set('email')(event.target.value)}
                disabled={saving}
              />
            )}
          </Field>
          <Field label="Telefone" hint="Opcional">
            {(control) => (
              <Input
                {...control}
                type="tel"
                name="phoneNumber"
                autoComplete="tel"
                placeholder="(11) 91234-5678"
                value={values.phoneNumber}
                onChange={(event) => set('phoneNumber')(event.target.value)}
                disabled={saving}
              />
            )}
          </Field>
        </div>
        <Field label="Tipo de profissional" required error={invalid('professionalType') ? 'Selecione o tipo' : undefined}>
          {(control) => (
            <Select
              {...control}
              name="professionalType"
              value={type}
              onChange={(event) => set('professionalType')(event.target.value)}
              disabled={saving}
            >
              <option value="">Selecione</option>
              {PROFESSIONAL_TYPES.map((option) => (
                <option key={option} value={option}>
                  {PROFESSIONAL_TYPE_LABELS[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>

        {type === 'Medico' && (
          <div className="settings-form__row settings-form__row--registry">
            <Field label="Número do CRM" required error={invalid('crm') ? 'Informe o CRM (até 6 caracteres)' : undefined}>
              {(control) => (
                <Input
                  {...control}
                  name="crm"
                  inputMode="numeric"
                  maxLength={CRM_MAX_LENGTH}
                  placeholder="123456"
                  value={values.crm}
                  onChange={(event) => set('crm')(event.target.value)}
                  disabled={saving}
                />
              )}
            </Field>
            <UfField label="UF do CRM" name="crmState" value={values.crmState} onChange={set('crmState')} invalid={invalid('crmState')} disabled={saving} />
          </div>
        )}
        {type === 'Fonoaudiologo' && (
          <div className="settings-form__row settings-form__row--registry">
            <Field label="Número do CRFa" required error={invalid('crfa') ? 'Informe o CRFa' : undefined}>
              {(control) => (
                <Input
                  {...control}
                  name="crfa"
                  inputMode="numeric"
                  value={values.crfa}
                  onChange={(event) => set('crfa')(event.target.value)}
                  disabled={saving}
                />
              )}
            </Field>
            <Field label="Região do CRFa" required error={invalid('crfaRegion') ? 'Selecione a região' : undefined}>
              {(control) => (
                <Select
                  {...control}
                  name="crfaRegion"
                  value={values.crfaRegion}
                  onChange={(event) => set('crfaRegion')(event.target.value)}
                  disabled={saving}
                >
                  <option value="">Selecione</option>
                  {CRFA_REGIONS.map((region) => (
                    <option key={region.id} value={region.id}>
                      {`${region.label} (${region.states.join(', ')})`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
        {type === 'Engenheiro' && (
          <div className="settings-form__row settings-form__row--registry">
            <Field label="Número do CREA" required error={invalid('crea') ? 'Informe o CREA' : undefined}>
              {(control) => (
                <Input
                  {...control}
                  name="crea"
                  value={values.crea}
                  onChange={(event) => set('crea')(event.target.value)}
                  disabled={saving}
                />
              )}
            </Field>
            <UfField label="UF do CREA" name="creaState" value={values.creaState} onChange={set('creaState')} invalid={invalid('creaState')} disabled={saving} />
          </div>
        )}

        <Field label="Especialização" hint="Opcional. Escolha uma sugestão ou digite.">
          {(control) => (
            <>
              <Input
                {...control}
                name="specialization"
                list="settings-specializations"
                value={values.specialization}
                onChange={(event) => set('specialization')(event.target.value)}
                disabled={saving}
              />
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

function UfField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  return (
    <Field label={props.label} required error={props.invalid ? 'Selecione a UF' : undefined}>
      {(control) => (
        <Select {...control} name={props.name} value={props.value} onChange={(event) => props.onChange(event.target.value)} disabled={props.disabled}>
          <option value="">Selecione</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
