import type { Ear } from '../audiogram/audiogram';
import { DIAGNOSIS_NOTICE, earAlertText, type EarAlertFacts } from '../analysis/exam-evolution';
import type { Nr7Classification } from '../rules/nr7/classify-nr7-ear';
import type { RuleSet } from '../rules/nr7/rule-set';

/**
 * What an exam row keeps of its classification document as typed values (ADR 0025): what lists,
 * filters, dashboards and the CSV export read. The whole document is derived from the thresholds;
 * these few values are all SQL needs, a few dozen bytes instead of ~2 KB of jsonb.
 */
export interface ClassificationColumns {
  classificationRight: Nr7Classification | null;
  classificationLeft: Nr7Classification | null;
  /** The reference exam's date of this exam's comparison (sequential exams only). */
  referenceDate: string | null;
  ruleSet: RuleSet | null;
  /** Of the comparison with the reference: true, false, or null (indeterminate or no comparison). */
  desencadeamento: boolean | null;
  agravamento: boolean | null;
  pta3Right: number | null;
  pta3Left: number | null;
  mean346Right: number | null;
  mean346Left: number | null;
  /** Bits 0–3: pta3 right, pta3 left, mean 3-4-6 right, mean 3-4-6 left is a lower bound ('min', I11). */
  meanBounds: number;
  who2021Grade: string | null;
  examComplete: boolean | null;
  /** The comparison's alert facts per ear: 5 bits each, right in bits 0–4, left in 5–9 (see `alertCode`). */
  alertCode: number;
}

const ITEMS = [null, '5.3', '5.3.1', '5.4'] as const;
const BOUND_KEYS = ['pta3_right_bound', 'pta3_left_bound', 'mean_346_right_bound', 'mean_346_left_bound'] as const;
const NR7_CLASSES: readonly string[] = ['aceitavel', 'sugestivo_painpse', 'nao_sugestivo'];

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const nr7 = (v: unknown): Nr7Classification | null => (typeof v === 'string' && NR7_CLASSES.includes(v) ? (v as Nr7Classification) : null);

/**
 * One ear's alert facts as 5 bits: kind (0 none, 1 item 5.3, 2 item 5.3.1, 3 item 5.4, 4 indeterminate)
 * × 4 + criteria (a = 1, b = 2). Read from the document's per-ear comparison keys, as `stepAlerts` reads the step.
 */
function earCode(doc: Record<string, unknown>, ear: Ear): number {
  if (!('desencadeamento_' + ear in doc)) return 0;
  const item = str(doc[`nr7_item_${ear}`]);
  const kind = item ? ITEMS.indexOf(item as (typeof ITEMS)[number]) : doc[`desencadeamento_${ear}`] === null || doc[`agravamento_${ear}`] === null ? 4 : 0;
  if (kind < 0) throw new Error(`Item da NR-7 desconhecido na classificação: ${item}`);
  const criteria = Array.isArray(doc[`nr7_criteria_${ear}`]) ? (doc[`nr7_criteria_${ear}`] as unknown[]) : [];
  return kind * 4 + (criteria.includes('a') ? 1 : 0) + (criteria.includes('b') ? 2 : 0);
}

/** The typed values of one classification document (section-10 keys, core/src/exams/classify-exams.ts). */
export function classificationColumns(doc: Record<string, unknown>): ClassificationColumns {
  let meanBounds = 0;
  BOUND_KEYS.forEach((k, i) => {
    if (doc[k] === 'min') meanBounds |= 1 << i;
  });
  return {
    classificationRight: nr7(doc.classification_right),
    classificationLeft: nr7(doc.classification_left),
    referenceDate: str(doc.reference_date),
    ruleSet: str(doc.rule_set) as RuleSet | null,
    desencadeamento: bool(doc.desencadeamento),
    agravamento: bool(doc.agravamento),
    pta3Right: num(doc.pta3_right),
    pta3Left: num(doc.pta3_left),
    mean346Right: num(doc.mean_346_right),
    mean346Left: num(doc.mean_346_left),
    meanBounds,
    who2021Grade: str(doc.who2021_grade),
    examComplete: bool(doc.exam_complete),
    alertCode: earCode(doc, 'right') | (earCode(doc, 'left') << 5),
  };
}

/** The ear alerts an exam's own comparison raised, from its stored columns (the texts of `stepAlerts`). */
export function ownAlertsOf(c: Pick<ClassificationColumns, 'referenceDate' | 'ruleSet' | 'alertCode'>, examDate: string): string[] {
  if (!c.alertCode || !c.referenceDate || !c.ruleSet) return [];
  const out: string[] = [];
  for (const [ear, code] of [['right', c.alertCode & 31], ['left', (c.alertCode >> 5) & 31]] as const) {
    const kind = code >> 2;
    const facts: EarAlertFacts = {
      examDate, referenceDate: c.referenceDate, ruleSet: c.ruleSet, ear,
      item: kind >= 1 && kind <= 3 ? ITEMS[kind] : null, indeterminate: kind === 4,
      criteria: [...(code & 1 ? ['a'] : []), ...(code & 2 ? ['b'] : [])],
    };
    const text = earAlertText(facts);
    if (text) out.push(text);
  }
  return out;
}

/**
 * The `alerts` of a worker's exams rebuilt from their columns, fed in history order (date, then
 * creation), exactly as `classifyHistory` stores them: the alerts of the comparisons of the exam's
 * date so far, then the NR-7 item 6 notice when its own comparison triggers. One per worker.
 */
export class HistoryAlerts {
  private date = '';
  private ofDate: string[] = [];

  next(c: Pick<ClassificationColumns, 'referenceDate' | 'ruleSet' | 'alertCode' | 'desencadeamento' | 'agravamento'>, examDate: string): string[] {
    if (examDate !== this.date) {
      this.date = examDate;
      this.ofDate = [];
    }
    const own = ownAlertsOf(c, examDate);
    if (own.length) this.ofDate = [...this.ofDate, ...own];
    return c.desencadeamento === true || c.agravamento === true ? [...this.ofDate, DIAGNOSIS_NOTICE] : this.ofDate;
  }
}
