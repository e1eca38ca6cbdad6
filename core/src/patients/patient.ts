import type { Sex } from './sex';

/** A worker examined by the organisation's professionals (spec §3 Patient). */
export interface Patient {
  id: string;
  organizationId: string;
  name: string;
  /** Years, as stored (spec §2: shown as stored, else computed from birthDate). */
  age: number | null;
  sex: Sex;
  /** ISO YYYY-MM-DD. */
  birthDate: string | null;
  /** 11 digits. */
  cpf: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  companyId: string | null;
  companyName: string | null;
  jobTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Completed years between an ISO birth date and `today`. */
export function ageFrom(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

/** The age to show: the stored one, else computed from birthDate (spec §2), else null. */
export function displayAge(p: Pick<Patient, 'age' | 'birthDate'>, today: Date): number | null {
  if (p.age !== null && p.age !== undefined) return p.age;
  return p.birthDate ? ageFrom(p.birthDate, today) : null;
}
