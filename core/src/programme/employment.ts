/**
 * One period of a worker's employment in a company (issue 19): the contract (company, matrícula,
 * admission, dismissal) and where the worker was during the period (cargo, setor, GHE). A change of
 * sector, GHE or cargo closes the current period (`endDate` = the day of the change) and opens a new
 * one of the same contract from that day; a change of company is a dismissal and a new admission. The
 * history is never rewritten by a change: only corrected by editing a period.
 */
export interface Employment {
  id: string;
  organizationId: string;
  patientId: string;
  companyId: string;
  /** Matrícula in the company. */
  registration: string | null;
  jobTitle: string | null;
  sectorId: string | null;
  gheId: string | null;
  /** ISO YYYY-MM-DD: admission of the contract (the same on every period of the contract). */
  admissionDate: string;
  /** ISO YYYY-MM-DD: end of the contract (dismissal), when known — may be in the future (notice). */
  dismissalDate: string | null;
  /** ISO YYYY-MM-DD: first day of this period (the admission for the contract's first period). */
  startDate: string;
  /** ISO YYYY-MM-DD: the day the next period starts (exclusive end); null = current period. */
  endDate: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The period in force on `date` (start ≤ date < end, and not after the dismissal). */
export function periodOn<E extends Pick<Employment, 'startDate' | 'endDate' | 'dismissalDate'>>(periods: readonly E[], date: string): E | undefined {
  return periods.find((p) => p.startDate <= date && (p.endDate === null || date < p.endDate) && (p.dismissalDate === null || date <= p.dismissalDate));
}
