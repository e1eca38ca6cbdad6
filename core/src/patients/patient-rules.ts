import { EMAIL_PATTERN } from '../accounts/account-rules';
import { err, ok, type Result } from '../shared/result';
import { Cpf } from './cpf';
import { InvalidPatientError } from './patient-errors';
import { parseSex, type Sex } from './sex';

export interface PatientInput {
  name?: string | null;
  age?: number | string | null;
  sex?: string | null;
  birthDate?: string | null;
  cpf?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  company?: string | null;
  jobTitle?: string | null;
}

export interface ValidPatient {
  name: string;
  age: number | null;
  sex: Sex;
  birthDate: string | null;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  company: string | null;
  jobTitle: string | null;
}

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** A real calendar date YYYY-MM-DD, not after `today`. */
export function isPastOrTodayIsoDate(value: string, today: Date): boolean {
  if (value.length !== 10 || !ISO_DATE.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return false;
  return new Date(0).setUTCFullYear(y, m - 1, d) <= today.getTime();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const daysInMonth = (y: number, m: number) => (m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/**
 * Patient rules (spec §5, product.md): name, age and sex required (age may come from birthDate);
 * age an integer 0–`maxAge` (150 on patient forms, 120 on the exam entry form, spec §9); sex M/F/O
 * or the words; CPF by check digits; e-mail and phone format. Every bad field is reported.
 */
export function validatePatientInput(input: PatientInput, today: Date, maxAge = 150, prefix = ''): Result<ValidPatient, InvalidPatientError> {
  const issues: Array<{ path: string; message: string }> = [];
  const bad = (path: string, message: string) => issues.push({ path: `${prefix}${path}`, message });
  const name = text(input.name);
  if (!name) bad('name', 'Nome é obrigatório');
  const birthDate = text(input.birthDate);
  if (birthDate && !isPastOrTodayIsoDate(birthDate, today)) bad('birthDate', 'Data de nascimento inválida');
  let age: number | null = null;
  const rawAge = typeof input.age === 'string' ? input.age.trim() : input.age;
  if (rawAge === null || rawAge === undefined || rawAge === '') {
    if (!birthDate) bad('age', 'Idade é obrigatória');
  } else {
    const n = Number(rawAge);
    if (!Number.isInteger(n) || n < 0 || n > maxAge) bad('age', `Idade deve ser um número inteiro entre 0 e ${maxAge}`);
    else age = n;
  }
  const sex = parseSex(input.sex);
  if (!text(input.sex)) bad('sex', 'Sexo é obrigatório');
  else if (!sex) bad('sex', 'Sexo inválido: use Masculino, Feminino ou Outro (M, F, O)');
  let cpf: string | null = null;
  if (text(input.cpf)) {
    const parsed = Cpf.parse(input.cpf!);
    if (parsed.ok) cpf = parsed.value.value;
    else bad('cpf', parsed.error.message);
  }
  const email = text(input.email)?.toLowerCase() ?? null;
  if (email && !EMAIL_PATTERN.test(email)) bad('email', 'E-mail inválido');
  const phone = text(input.phone);
  if (phone && !/^\+?[\d\s().-]{8,20}$/.test(phone)) bad('phone', 'Telefone inválido');
  if (issues.length) return err(new InvalidPatientError(`${issues[0].message}`, issues));
  return ok({ name: name!, age, sex: sex!, birthDate, cpf, phone, email, address: text(input.address), company: text(input.company), jobTitle: text(input.jobTitle) });
}
