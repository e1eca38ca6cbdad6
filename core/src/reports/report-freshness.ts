import type { ReportFacts } from './report-facts-types';

/**
 * Whether a draft laudo still states its exam as it is now (issue 14 follow-up). The draft keeps the
 * facts it was organised from (`draft.facts`); rebuilding them from the current records and comparing
 * section by section says which parts of the laudo no longer hold. The professional, the organisation
 * name and the drafting day are not facts of the exam and are left out.
 */
export interface ReportFreshness {
  readonly stale: boolean;
  /** pt-BR names of the laudo sections whose facts changed since drafting (empty when fresh). */
  readonly changes: readonly string[];
}

export const FRESH: ReportFreshness = { stale: false, changes: [] };

/** Keys of `facts.exam` that belong to the history (the exam's role in the reference chain), not to its record. */
const HISTORY_KEYS = ['isReference', 'referenceBasis', 'referenceDesignationReason', 'withoutThresholds'] as const;

type Section = { readonly label: string; readonly of: (f: ReportFacts) => unknown };

const pick = (o: object, keys: readonly string[], keep: boolean) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k) === keep));

/** In the order the laudo prints them. */
const SECTIONS: readonly Section[] = [
  { label: 'cadastro do trabalhador', of: (f) => f.patient },
  { label: 'dados do exame', of: (f) => pick(f.exam, HISTORY_KEYS, false) },
  { label: 'limiares e classificação', of: (f) => f.ears },
  { label: 'validade do exame', of: (f) => [f.validity, f.missing] },
  { label: 'histórico e comparação com o exame de referência', of: (f) => [f.history, f.comparison, pick(f.exam, HISTORY_KEYS, true)] },
  { label: 'nexo causal', of: (f) => f.nexo },
  { label: 'versão das regras', of: (f) => f.rulesVersion },
];

/** JSON with sorted keys, undefined dropped: the stored (parsed) facts and freshly built ones compare equal when they say the same. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Compares the facts a draft was organised from with the facts of the records now. */
export function compareReportFacts(drafted: ReportFacts, current: ReportFacts): ReportFreshness {
  const changes = SECTIONS.filter((s) => canonical(s.of(drafted)) !== canonical(s.of(current))).map((s) => s.label);
  return { stale: changes.length > 0, changes };
}

