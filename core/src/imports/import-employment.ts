import { periodOn, type Employment } from '../programme/employment';

/** A period as the import reads it back (the fields the plan compares and carries). */
export type ImportedPeriod = Pick<Employment, 'id' | 'patientId' | 'companyId' | 'registration' | 'jobTitle' | 'sectorId' | 'gheId' | 'admissionDate' | 'dismissalDate' | 'startDate' | 'endDate'>;

/** What one imported row says of the worker's employment on the exam date. */
export interface EmploymentClaim {
  patientId: string;
  companyId: string;
  admissionDate: string;
  /** The exam's date: the row tells where the worker was on that day. */
  examDate: string;
  registration: string | null;
  jobTitle: string | null;
  sectorId: string | null;
  gheId: string | null;
}

export interface EmploymentPlan {
  /** New periods (a new contract, or a transfer opening a period). */
  inserts: ImportedPeriod[];
  /** Periods closed by a transfer: `endDate` set. */
  closes: Array<{ id: string; endDate: string }>;
  /** Blank matrícula/cargo/setor/GHE of a stored period filled from the file (never overwritten). */
  fills: Array<{ id: string; registration: string | null; jobTitle: string | null; sectorId: string | null; gheId: string | null }>;
}

const sameOrUnknown = (claimed: string | null, stored: string | null) => claimed === null || stored === null || claimed === stored;

/**
 * How the rows of a CSV import become employment periods (docs/csv-format.md), so that a re-run changes
 * nothing: a contract is a worker + company + admission date. An unknown contract is created from its
 * earliest row; a later row naming another sector or GHE while the contract's current period was in force
 * opens a new period from that row's exam date (a transfer) — unless a later row, of this file or of an
 * earlier import, already placed the worker in that period; a row that disagrees with a closed period of
 * the history is ignored (the import never rewrites history); blank fields of a stored period are filled,
 * never overwritten. Dismissals are never inferred. Pure: the ids come from `nextId`.
 */
export function planEmploymentImport(
  existing: readonly ImportedPeriod[],
  claims: readonly EmploymentClaim[],
  nextId: () => string,
  /**
   * Per stored period, the latest exam date that already placed the worker in it (an earlier import's row).
   * A row older than that cannot move the worker out of the period: a file read newest-first across batches
   * would otherwise "transfer" him back into a GHE he has left.
   */
  placedUntil: ReadonlyMap<string, string> = new Map(),
): EmploymentPlan {
  const plan: EmploymentPlan = { inserts: [], closes: [], fills: [] };
  const contracts = new Map<string, { periods: ImportedPeriod[]; claims: EmploymentClaim[] }>();
  const keyOf = (p: { patientId: string; companyId: string; admissionDate: string }) => `${p.patientId}|${p.companyId}|${p.admissionDate}`;
  for (const p of existing) {
    const k = keyOf(p);
    if (!contracts.has(k)) contracts.set(k, { periods: [], claims: [] });
    contracts.get(k)!.periods.push({ ...p });
  }
  for (const c of claims) {
    const k = keyOf(c);
    if (!contracts.has(k)) contracts.set(k, { periods: [], claims: [] });
    contracts.get(k)!.claims.push(c);
  }
  const filled = new Map<string, EmploymentPlan['fills'][number]>();
  const evidence = new Map(placedUntil);
  for (const { periods, claims: rows } of contracts.values()) {
    if (!rows.length) continue;
    rows.sort((a, b) => (a.examDate < b.examDate ? -1 : a.examDate > b.examDate ? 1 : 0));
    periods.sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
    if (!periods.length) {
      const first = rows[0];
      const created: ImportedPeriod = {
        id: nextId(), patientId: first.patientId, companyId: first.companyId, registration: first.registration, jobTitle: first.jobTitle,
        sectorId: first.sectorId, gheId: first.gheId, admissionDate: first.admissionDate, dismissalDate: null, startDate: first.admissionDate, endDate: null,
      };
      periods.push(created);
      plan.inserts.push(created);
    }
    for (const row of rows) {
      const on = row.examDate > row.admissionDate ? row.examDate : row.admissionDate;
      const period = periodOn(periods, on);
      if (!period) continue;
      const agrees = sameOrUnknown(row.sectorId, period.sectorId) && sameOrUnknown(row.gheId, period.gheId);
      if (agrees) {
        if (row.examDate > (evidence.get(period.id) ?? '')) evidence.set(period.id, row.examDate);
        const fill = {
          registration: period.registration ?? row.registration, jobTitle: period.jobTitle ?? row.jobTitle,
          sectorId: period.sectorId ?? row.sectorId, gheId: period.gheId ?? row.gheId,
        };
        if (fill.registration !== period.registration || fill.jobTitle !== period.jobTitle || fill.sectorId !== period.sectorId || fill.gheId !== period.gheId) {
          Object.assign(period, fill);
          if (plan.inserts.includes(period)) continue;
          filled.set(period.id, { id: period.id, ...fill });
        }
        continue;
      }
      // history disagrees (a closed period, or a later row already placed him here): left as stored
      if (period.endDate !== null || on <= period.startDate || on <= (evidence.get(period.id) ?? '')) continue;
      const opened: ImportedPeriod = {
        ...period, id: nextId(), startDate: on, endDate: null,
        registration: row.registration ?? period.registration, jobTitle: row.jobTitle ?? period.jobTitle,
        sectorId: row.sectorId ?? period.sectorId, gheId: row.gheId ?? period.gheId,
      };
      period.endDate = on;
      if (plan.inserts.includes(period)) {
        // closed within this plan: it is inserted closed
      } else plan.closes.push({ id: period.id, endDate: on });
      periods.push(opened);
      plan.inserts.push(opened);
      evidence.set(opened.id, on);
    }
  }
  plan.fills.push(...filled.values());
  return plan;
}
