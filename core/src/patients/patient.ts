import type { Attribution } from '../accounts/attribution';
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
  /**
   * When the worker was archived (issue 14): hidden from lists, search, counters and pickers, but
   * every record is kept (NR-7 item 7.6.1.1: 20 years); null/undefined = active.
   */
  archivedAt?: Date | null;
  /** Who archived the worker (issue 18, the "deletion" of a worker); null when active or archived before teams. */
  archivedBy?: Attribution | null;
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

/**
 * The worker's age on an exam date (NR-7 Anexo II item 3.5 a asks for the age of the examined
 * worker): completed years from the birth date; without one, the stored age shifted by the whole
 * years between the record's creation and the exam; null when neither is known.
 */
export function ageOnDate(p: Pick<Patient, 'age' | 'birthDate'> & { createdAt?: Date }, isoDate: string): number | null {
  const [y, m, d] = isoDate.split('-').map(Number);
  const on = new Date(Date.UTC(y, m - 1, d));
  if (p.birthDate) return ageFrom(p.birthDate, on);
  if (p.age === null || p.age === undefined) return null;
  if (!p.createdAt) return p.age;
  const created = p.createdAt.toISOString().slice(0, 10);
  const whole = on >= new Date(created) ? ageFrom(created, on) : -ageFrom(isoDate, new Date(created));
  return Math.max(0, p.age + whole);
}
