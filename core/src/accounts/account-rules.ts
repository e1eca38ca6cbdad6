import { err, ok, type Result } from '../shared/result';
import { AccountValidationError } from './account-errors';
import { isCommonPassword } from './common-passwords';
import { ACCOUNT_MESSAGES as M, MIN_PASSWORD_LENGTH } from './messages';
import { registryForType, type Registry } from './professional';
import { canonicalProfessionalType, CRFA_REGIONS, SPECIALIZATIONS, UFS, type ProfessionalType } from './registries';

const blank = (v: string | null | undefined) => !v || !v.trim();
// a pragmatic check equivalent to the browser's input type=email (spec §5: "e-mail type checking")
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isUf = (v: string) => (UFS as readonly string[]).includes(v.trim().toUpperCase());
const isRegion = (v: string) => CRFA_REGIONS.some((r) => r.id === v.trim());

export interface RegistryInput {
  crm?: string | null; crmState?: string | null;
  crfa?: string | null; crfaRegion?: string | null;
  crea?: string | null; creaState?: string | null;
}

export interface RegistrationInput extends RegistryInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  professionalType: string;
}

export interface ValidRegistration {
  name: string;
  email: string;
  password: string;
  professionalType: ProfessionalType;
  registry: Registry;
}

/** The registry rules of spec §5 for a type (rules 3–5 of registration), then value checks. */
function checkRegistry(type: ProfessionalType, r: RegistryInput, crmMax?: number): AccountValidationError | undefined {
  if (type === 'Medico' && (blank(r.crm) || blank(r.crmState))) return new AccountValidationError(M.medicoRegistry, blank(r.crm) ? 'crm' : 'crmState');
  if (type === 'Fonoaudiologo' && (blank(r.crfa) || blank(r.crfaRegion))) return new AccountValidationError(M.fonoRegistry, blank(r.crfa) ? 'crfa' : 'crfaRegion');
  if (type === 'Engenheiro' && (blank(r.crea) || blank(r.creaState))) return new AccountValidationError(M.engenheiroRegistry, blank(r.crea) ? 'crea' : 'creaState');
  if (type === 'Medico' && crmMax && r.crm!.trim().length > crmMax) return new AccountValidationError(M.crmMaxDigits, 'crm');
  if (type === 'Medico' && !isUf(r.crmState!)) return new AccountValidationError(M.invalidUf, 'crmState');
  if (type === 'Engenheiro' && !isUf(r.creaState!)) return new AccountValidationError(M.invalidUf, 'creaState');
  if (type === 'Fonoaudiologo' && !isRegion(r.crfaRegion!)) return new AccountValidationError(M.invalidRegion, 'crfaRegion');
  return undefined;
}

/**
 * The one password rule of register, change and reset (ASVS level 2, issue 15): at least
 * MIN_PASSWORD_LENGTH characters and not among the 10,000 most common passwords.
 */
export function passwordPolicyError(password: string, field: string): AccountValidationError | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return new AccountValidationError(M.passwordTooShort, field);
  if (isCommonPassword(password)) return new AccountValidationError(M.passwordTooCommon, field);
  return undefined;
}

/**
 * Registration rules, in the order of spec §5: required fields and e-mail format (the form's
 * native checks come first), then 1 passwords match, 2 the password rule, 3–5 the registry of the type.
 */
export function validateRegistration(input: RegistrationInput): Result<ValidRegistration, AccountValidationError> {
  const required = ['name', 'email', 'password', 'confirmPassword', 'professionalType'] as const;
  const missing = required.find((f) => blank(input[f]));
  if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) return err(new AccountValidationError(M.invalidEmail, 'email'));
  const type = canonicalProfessionalType(input.professionalType);
  if (!type) return err(new AccountValidationError(M.invalidProfessionalType, 'professionalType'));
  if (input.password !== input.confirmPassword) return err(new AccountValidationError(M.passwordsDoNotMatch, 'confirmPassword'));
  const weak = passwordPolicyError(input.password, 'password');
  if (weak) return err(weak);
  const registryError = checkRegistry(type, input);
  if (registryError) return err(registryError);
  return ok({ name: input.name.trim(), email, password: input.password, professionalType: type, registry: registryForType(type, input) });
}

export interface ProfileUpdateInput extends RegistryInput {
  name: string;
  email: string;
  professionalType: string;
  specialization?: string | null;
  phoneNumber?: string | null;
}

/** Settings profile form (spec §5): name, e-mail, type required; registry of the type; CRM ≤ 6. */
export function validateProfileUpdate(input: ProfileUpdateInput) {
  const missing = (['name', 'email', 'professionalType'] as const).find((f) => blank(input[f]));
  if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) return err(new AccountValidationError(M.invalidEmail, 'email'));
  const type = canonicalProfessionalType(input.professionalType);
  if (!type) return err(new AccountValidationError(M.invalidProfessionalType, 'professionalType'));
  const registryError = checkRegistry(type, input, 6); // spec §9: CRM maximum 6 characters in settings
  if (registryError) return err(registryError);
  const text = (v: string | null | undefined) => (blank(v) ? null : v!.trim());
  return ok({
    name: input.name.trim(),
    email,
    professionalType: type,
    registry: registryForType(type, input),
    specialization: text(input.specialization),
    phoneNumber: text(input.phoneNumber),
  });
}

export interface ProfileCompletionInput {
  crm: string;
  crmState: string;
  specialization: string;
}

/** Profile-completion modal (spec §5): CRM, UF and specialization required; CRM ≥ 4 characters. */
export function validateProfileCompletion(input: ProfileCompletionInput) {
  if (blank(input.crm) || blank(input.crmState) || blank(input.specialization)) {
    const field = blank(input.crm) ? 'Crm' : blank(input.crmState) ? 'CrmState' : 'Specialization';
    return err(new AccountValidationError(M.fillRequiredFields, field));
  }
  if (input.crm.trim().length < 4) return err(new AccountValidationError(M.crmMinDigits, 'Crm')); // spec §9: CRM minimum 4
  if (!isUf(input.crmState)) return err(new AccountValidationError(M.invalidUf, 'CrmState'));
  if (!(SPECIALIZATIONS as readonly string[]).includes(input.specialization.trim())) {
    return err(new AccountValidationError('Especialização inválida', 'Specialization'));
  }
  return ok({ crm: input.crm.trim(), crmState: input.crmState.trim().toUpperCase(), specialization: input.specialization.trim() });
}

/**
 * The same modal for a fonoaudiólogo (issue 18: an invited fonoaudiólogo drafts laudos too): CRFa, its region
 * and the specialization — a CRM is never asked of them.
 */
export function validateFonoProfileCompletion(input: { crfa: string; crfaRegion: string; specialization: string }) {
  if (blank(input.crfa) || blank(input.crfaRegion) || blank(input.specialization)) {
    const field = blank(input.crfa) ? 'Crfa' : blank(input.crfaRegion) ? 'CrfaRegion' : 'Specialization';
    return err(new AccountValidationError(M.fillRequiredFields, field));
  }
  if (!isRegion(input.crfaRegion)) return err(new AccountValidationError(M.invalidRegion, 'CrfaRegion'));
  if (!(SPECIALIZATIONS as readonly string[]).includes(input.specialization.trim())) {
    return err(new AccountValidationError('Especialização inválida', 'Specialization'));
  }
  return ok({ crfa: input.crfa.trim(), crfaRegion: input.crfaRegion.trim(), specialization: input.specialization.trim() });
}

/** Password change (spec §5): all required, the password rule, confirmation equal, not the current one. */
export function validatePasswordChange(input: { currentPassword: string; newPassword: string; confirmNewPassword: string }) {
  const missing = (['currentPassword', 'newPassword', 'confirmNewPassword'] as const).find((f) => !input[f]);
  if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
  const weak = passwordPolicyError(input.newPassword, 'newPassword');
  if (weak) return err(weak);
  if (input.newPassword !== input.confirmNewPassword) return err(new AccountValidationError(M.passwordsDoNotMatch, 'confirmNewPassword'));
  if (input.newPassword === input.currentPassword) return err(new AccountValidationError(M.passwordReused, 'newPassword'));
  return ok(input);
}

export function validateLogin(input: { email: string; password: string }) {
  if (blank(input.email) || !input.password) return err(new AccountValidationError(M.fillAllFields));
  return ok({ email: input.email.trim().toLowerCase(), password: input.password });
}

export { EMAIL as EMAIL_PATTERN };

/**
 * A new account made by accepting an invitation (issue 18): the register form's rules, except that the
 * professional type may be left blank when the invited roles need none (a technician, an administrator).
 */
export function validateInvitedRegistration(input: RegistrationInput, typeRequired: boolean): Result<Omit<ValidRegistration, 'professionalType'> & { professionalType: ProfessionalType | null }, AccountValidationError> {
  if (typeRequired || !blank(input.professionalType)) return validateRegistration(input);
  const missing = (['name', 'email', 'password', 'confirmPassword'] as const).find((f) => blank(input[f]));
  if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) return err(new AccountValidationError(M.invalidEmail, 'email'));
  if (input.password !== input.confirmPassword) return err(new AccountValidationError(M.passwordsDoNotMatch, 'confirmPassword'));
  const weak = passwordPolicyError(input.password, 'password');
  if (weak) return err(weak);
  return ok({ name: input.name.trim(), email, password: input.password, professionalType: null, registry: registryForType(null, {}) });
}
