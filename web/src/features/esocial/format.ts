import { formatCnpj, periodOn } from '../../../../core/src/index';
import { formatDay } from '../../lib/dates';
import type { EmploymentPeriod } from './api';

/** Today in Brazil (YYYY-MM-DD): the ASO's default date and the batch's default period end. */
export const todayInBrazil = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The first day of the month of an ISO date. */
export const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;

export const cnpjText = (cnpj: string | null) => (cnpj ? formatCnpj(cnpj) : 'sem CNPJ');

/** "Metalúrgica Alfa — CNPJ 11.222.333/0001-81 · matrícula M-0042 · 01/06/2024 a atual": what the ASO's event names. */
export function employmentLabel(e: EmploymentPeriod): string {
  const period = `${formatDay(e.startDate)} a ${e.endDate ? formatDay(e.endDate) : 'atual'}`;
  return `${e.companyName} — CNPJ ${cnpjText(e.companyCnpj)} · matrícula ${e.registration ?? 'não informada'} · ${period}`;
}

/** The employment period in force on the ASO's date (core `periodOn`: start ≤ date < end, not after the dismissal). */
export const periodOnDate = (periods: readonly EmploymentPeriod[], date: string): EmploymentPeriod | undefined => periodOn(periods, date);
