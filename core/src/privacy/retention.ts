/**
 * Retention of a worker's occupational health records (issue 20, docs/lgpd.md). NR-7 (Portaria SEPRT
 * 6.734/2020), item 7.6.1.1: the records must be kept for at least 20 (twenty) years after the worker
 * leaves the organisation (o desligamento do empregado). The period counts from his last dismissal;
 * a worker with no employment period counts from his last exam; a worker with a period still open
 * (no dismissal, no end) is never past it. Only reported: deleting stays a decision of the controller.
 */
export const RETENTION_YEARS = 20;

export interface RetentionInput {
  patientId: string;
  /** Display name (the anonymised label for an anonymised worker). */
  name: string;
  /** The latest dismissal (or end) date of his employment periods, ISO; null without a closed period. */
  lastDismissal: string | null;
  /** True when a period has neither dismissal nor end date: still employed. */
  employed: boolean;
  hasEmployment: boolean;
  /** ISO date of his latest exam; null without exams. */
  lastExam: string | null;
  exams: number;
  archived: boolean;
  anonymized: boolean;
}

export interface RetentionItem extends RetentionInput {
  /** Where the 20 years count from. */
  basis: 'desligamento' | 'ultimo_exame';
  from: string;
  /** The first day past the retention period: `from` + 20 years. */
  retainUntil: string;
  /** Days past `retainUntil` (≥ 0). */
  daysPast: number;
}

export const RETENTION_BASIS_LABELS: Record<RetentionItem['basis'], string> = {
  desligamento: 'último desligamento',
  ultimo_exame: 'último exame (sem vínculo cadastrado)',
};

/** ISO date + n years (29 February → 28 February of a non-leap year). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const ty = y + years;
  const last = new Date(Date.UTC(ty, m, 0)).getUTCDate();
  return `${ty}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/**
 * The workers whose records are past the retention period on `today` (ISO), oldest first. A worker
 * still employed, or with neither a dismissal nor an exam, is never listed.
 */
export function recordsPastRetention(workers: readonly RetentionInput[], today: string, years = RETENTION_YEARS): RetentionItem[] {
  const out: RetentionItem[] = [];
  for (const w of workers) {
    if (w.employed) continue;
    const basis: RetentionItem['basis'] | null = w.hasEmployment ? (w.lastDismissal ? 'desligamento' : null) : w.lastExam ? 'ultimo_exame' : null;
    if (!basis) continue;
    // a period closed and an exam after it (a returning worker without a new period): count from the later
    const from = basis === 'desligamento' && w.lastExam && w.lastExam > w.lastDismissal! ? w.lastExam : basis === 'desligamento' ? w.lastDismissal! : w.lastExam!;
    const retainUntil = addYears(from, years);
    if (retainUntil > today) continue;
    out.push({ ...w, basis, from, retainUntil, daysPast: dayNumber(today) - dayNumber(retainUntil) });
  }
  return out.sort((a, b) => (a.retainUntil < b.retainUntil ? -1 : a.retainUntil > b.retainUntil ? 1 : a.patientId < b.patientId ? -1 : 1));
}
