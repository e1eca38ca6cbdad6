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
  /** An earlier exam of the same date raised alerts: this exam's `alerts` begin with theirs. */
  earlierAlertsOfDate: boolean;
}

const ITEMS = [null, '5.3', '5.3.1', '5.4'] as const;
const BOUND_KEYS = ['pta3_right_bound', 'pta3_left_bound', 'mean_346_right_bound', 'mean_346_left_bound'] as const;
const NR7_CLASSES: readonly string[] = ['aceitavel', 'sugestivo_painpse', 'nao_sugestivo'];

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const nr7 = (v: unknown): Nr7Classification | null => (typeof v === 'string' && NR7_CLASSES.includes(v) ? (v as Nr7Classification) : null);

/** A document's value by key: undefined when the key is absent (JSON drops undefined values). */
type Lookup = (key: string) => unknown;

/**
 * One ear's alert facts as 5 bits: kind (0 none, 1 item 5.3, 2 item 5.3.1, 3 item 5.4, 4 indeterminate)
 * × 4 + criteria (a = 1, b = 2). Read from the document's per-ear comparison keys, as `stepAlerts` reads the step.
 */
function earCode(get: Lookup, ear: Ear): number {
  if (get(`desencadeamento_${ear}`) === undefined) return 0;
  const item = str(get(`nr7_item_${ear}`));
  const kind = item ? ITEMS.indexOf(item as (typeof ITEMS)[number]) : get(`desencadeamento_${ear}`) === null || get(`agravamento_${ear}`) === null ? 4 : 0;
  if (kind < 0) throw new Error(`Item da NR-7 desconhecido na classificação: ${item}`);
  const criteria = get(`nr7_criteria_${ear}`);
  const list = Array.isArray(criteria) ? (criteria as unknown[]) : [];
  return kind * 4 + (list.includes('a') ? 1 : 0) + (list.includes('b') ? 2 : 0);
}

/** The typed values of one classification document (section-10 keys, core/src/exams/classify-exams.ts). */
export function classificationColumns(doc: Record<string, unknown>): ClassificationColumns {
  const c = columnsOf((k) => doc[k]);
  const listed = Array.isArray(doc.alerts) ? doc.alerts.length : 0;
  const own = ownAlertsOf(c, typeof doc.exam_date === 'string' ? doc.exam_date : '1970-01-01').length + (c.desencadeamento === true || c.agravamento === true ? 1 : 0);
  return { ...c, earlierAlertsOfDate: listed > own };
}

/** `classificationColumns` over a lookup (the classifier reads its summary objects before they become JSON), but `earlierAlertsOfDate`. */
export function columnsOf(get: Lookup): Omit<ClassificationColumns, 'earlierAlertsOfDate'> {
  let meanBounds = 0;
  BOUND_KEYS.forEach((k, i) => {
    if (get(k) === 'min') meanBounds |= 1 << i;
  });
  return {
    classificationRight: nr7(get('classification_right')),
    classificationLeft: nr7(get('classification_left')),
    referenceDate: str(get('reference_date')),
    ruleSet: str(get('rule_set')) as RuleSet | null,
    desencadeamento: bool(get('desencadeamento')),
    agravamento: bool(get('agravamento')),
    pta3Right: num(get('pta3_right')),
    pta3Left: num(get('pta3_left')),
    mean346Right: num(get('mean_346_right')),
    mean346Left: num(get('mean_346_left')),
    meanBounds,
    who2021Grade: str(get('who2021_grade')),
    examComplete: bool(get('exam_complete')),
    alertCode: earCode(get, 'right') | (earCode(get, 'left') << 5),
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

/** What an earlier exam of the same date contributes to an exam's alerts: its own comparison's facts. */
export type AlertFacts = Pick<ClassificationColumns, 'referenceDate' | 'ruleSet' | 'alertCode'>;

/**
 * An exam's `alerts` rebuilt from its columns, exactly as `classifyHistory` stores them: the alerts of
 * the earlier exams of its date (`earlier`, in history order), its own, then the NR-7 item 6 notice
 * when its own comparison triggers.
 */
export function alertsOf(c: AlertFacts & Pick<ClassificationColumns, 'desencadeamento' | 'agravamento'>, examDate: string, earlier: readonly AlertFacts[] = []): string[] {
  const out = earlier.flatMap((e) => ownAlertsOf(e, examDate));
  out.push(...ownAlertsOf(c, examDate));
  if (c.desencadeamento === true || c.agravamento === true) out.push(DIAGNOSIS_NOTICE);
  return out;
}
