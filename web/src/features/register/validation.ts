import { type ProfessionalType, ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from '../../../../core/src/index';
import { registryProblem, type RegistryValues } from '../../components/forms/registry-fields';
import { isEmail, type FormProblem } from '../../lib/use-form';
import type { RegisterPayload } from './api/register';

export interface RegisterValues extends RegistryValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  professionalType: ProfessionalType | '';
}

export type RegisterField = keyof RegisterValues;

export type RegisterProblem = FormProblem<RegisterField>;

export const emptyRegisterValues: RegisterValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  professionalType: '',
  crm: '',
  crmState: '',
  crfa: '',
  crfaRegion: '',
  crea: '',
  creaState: '',
};

const blank = (value: string) => value.trim() === '';

/**
 * The client-side checks of spec §5 "Register", in the spec's order, returning the first problem:
 * required fields and the e-mail format (the browser's checks in the original), then
 * 1. passwords match, 2. at least 6 characters, 3–5. the registry of the chosen type.
 * The server runs the same rules and sends the same messages.
 */
export function validateRegistration(values: RegisterValues): RegisterProblem | null {
  const required: RegisterField[] = ['name', 'email', 'password', 'confirmPassword', 'professionalType'];
  const missing = required.filter((field) => blank(values[field]));
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillRequiredFields, fields: missing };
  if (!isEmail(values.email)) return { message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] };
  if (values.password !== values.confirmPassword) {
    return { message: ACCOUNT_MESSAGES.passwordsDoNotMatch, fields: ['confirmPassword'] };
  }
  if (values.password.length < MIN_PASSWORD_LENGTH) return { message: ACCOUNT_MESSAGES.passwordTooShort, fields: ['password'] };
  return registryProblem(values.professionalType, values);
}

const filled = (value: string) => (blank(value) ? null : value.trim());

/** The registration payload: only the fields of the chosen type are filled, the others are null. */
export function toRegisterPayload(values: RegisterValues): RegisterPayload {
  const type = values.professionalType;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    professionalType: type,
    crm: type === 'Medico' ? filled(values.crm) : null,
    crmState: type === 'Medico' ? filled(values.crmState) : null,
    crfa: type === 'Fonoaudiologo' ? filled(values.crfa) : null,
    crfaRegion: type === 'Fonoaudiologo' ? filled(values.crfaRegion) : null,
    crea: type === 'Engenheiro' ? filled(values.crea) : null,
    creaState: type === 'Engenheiro' ? filled(values.creaState) : null,
  };
}
