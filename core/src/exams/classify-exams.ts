import type { WorkerSex } from '../audiogram/audiogram';
import { summarizeStep } from '../analysis/comparison-summary';
import { DIAGNOSIS_NOTICE, stepAlerts } from '../analysis/exam-evolution';
import { summarizeExam } from '../analysis/exam-summary';
import { walkReferenceHistory } from '../rules/nr7/reference-history';
import { RULES_VERSION } from '../rules/rules-version';
import { columnsOf, type ClassificationColumns } from './classification-columns';
import { toAudiometricExam, type Exam } from './exam';

/** What the classification reads of an exam. */
export type ClassifiableExam = Pick<Exam, 'date' | 'right' | 'left' | 'acousticRestHours' | 'calibrationDate' | 'createdAt' | 'referenceDesignation'> & { id?: string };

/** One exam of a history with its classification: the JSON document and the typed values a row keeps. */
export interface ClassifiedEntry<E> {
  exam: E;
  /** The whole classification document as JSON text; '' when asked for the columns only (`{ document: false }`) or as an object. */
  classificationJson: string;
  /** The same document as an object (`{ document: 'object' }`): what `JSON.parse(classificationJson)` gives, built without the text. */
  document?: Record<string, unknown>;
  /** What the exam row keeps of it as typed values (ADR 0025). */
  columns: ClassificationColumns;
  rulesVersion: string;
}

export interface ClassifyOptions {
  /** true (default): the JSON text; false: the typed columns only; 'object': the document as an object. */
  document?: boolean | 'object';
  /**
   * Only these exams (by id) are classified and returned; the history is walked up to the last of them.
   * What a read of a few exams needs (an exam's detail, a page of the exam list): their entries are the
   * same as the whole history's.
   */
  only?: ReadonlySet<string>;
}

/** Copies the defined values (JSON drops undefined ones) — top level only: nested values are the summaries' own. */
function put(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key in source) {
    const value = source[key];
    if (value !== undefined) target[key] = value;
  }
}

/** Date order, then creation order among exams of one date (the order of the whole rules engine). */
function inHistoryOrder<E extends ClassifiableExam>(exams: readonly E[]): E[] {
  return [...exams].sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
}

/**
 * THE classification of a worker's history (NR-7 Anexo II 5.5.1) — every path that stores one (an
 * exam recorded, edited, read from a file, designated, deleted, the start-up refresh and the bulk
 * import) goes through here. The stored document of exam k is what `analyzeHistory(exams 1..k)` says
 * of exam k (section-10 keys, without `sequence`) plus `alerts`: the pt-BR alerts of its own
 * comparisons (those of exams of its date so far) and, when its comparison triggers, the NR-7 item 6
 * notice. The reference walk is a left fold, so one walk over the whole history gives every prefix:
 * O(n) per worker, fast enough for the bulk import. Serialised part by part (no 60-key object
 * spread per exam: that dominated the import). `{ document: false }` skips the JSON text (the
 * PostgreSQL bulk import stores only the typed columns, ADR 0025): the columns are the same either way.
 * `{ document: 'object' }` gives the document as an object instead (`document`), equal to what parsing
 * the text gives — the read path (documents computed on read) skips the text and its parsing, which
 * cost twice the walk itself. `{ only }` classifies just the exams asked for (an exam's detail, a page of the exam
 * list), walking the history up to the last of them. Returns the exams in history order.
 */
export function classifyHistory<E extends ClassifiableExam>(exams: readonly E[], patient: { sex?: WorkerSex }, options: ClassifyOptions = {}): Array<ClassifiedEntry<E>> {
  const asObject = options.document === 'object';
  const asText = options.document !== false && !asObject;
  let ordered = inHistoryOrder(exams);
  const only = options.only;
  if (only) {
    // the walk is a left fold: the prefix up to the last exam asked for gives the same entries
    let last = -1;
    for (let k = 0; k < ordered.length; k++) if (ordered[k].id !== undefined && only.has(ordered[k].id!)) last = k;
    ordered = ordered.slice(0, last + 1);
  }
  const walk = walkReferenceHistory(ordered.map((e) => toAudiometricExam(e)));
  const out: Array<ClassifiedEntry<E>> = [];
  /** Alerts of the comparisons walked so far, by the compared exam's date. */
  const alertsOfDate = new Map<string, string[]>();
  const noteAlerts = (date: string, step: Parameters<typeof stepAlerts>[0]) => {
    const own = stepAlerts(step);
    if (own.length) alertsOfDate.set(date, [...(alertsOfDate.get(date) ?? []), ...own]);
  };
  const head = `{"rules_version":${JSON.stringify(RULES_VERSION)},`;
  for (let k = 0; k < ordered.length; k++) {
    const entry = walk.entries[k];
    const current = entry.exam;
    const earlier = alertsOfDate.get(current.date)?.length ?? 0;
    if (only && !only.has(ordered[k].id!)) {
      // not asked for: only what later exams of its date read (the alerts of its comparison)
      if (entry.step) noteAlerts(current.date, entry.step);
      continue;
    }
    const examSummary = summarizeExam(current) as unknown as Record<string, unknown>;
    let stepSummary: Record<string, unknown> | undefined;
    let triggers = false;
    if (entry.step) {
      const step = entry.step;
      const summary = summarizeStep(step, current, patient.sex);
      summary.sequential_date = undefined;
      stepSummary = summary as unknown as Record<string, unknown>;
      noteAlerts(current.date, step);
      triggers = step.comparison.desencadeamento === true || step.comparison.agravamento === true;
    }
    // a compared exam is "sequencial"; a reference or an exam without a comparison says its role and the reference it leaves
    const role: Record<string, unknown> = entry.step ? { exam_role: 'sequencial' } : {
      exam_role: entry.role,
      reference_basis: entry.referenceBasis,
      reference_designation_reason: entry.role === 'referencia' ? current.designatedReference?.reason : undefined,
      new_reference_date: entry.referenceAfter?.date,
      new_reference_exam_id: entry.referenceAfter?.id,
      new_reference_basis: entry.referenceBasisAfter,
    };
    const ofDate = alertsOfDate.get(current.date) ?? [];
    const alerts = triggers ? [...ofDate, DIAGNOSIS_NOTICE] : ofDate;
    // the document's value of a key: the step's (written last) over the exam's, undefined when JSON would drop it
    const columns = { ...columnsOf((key) => (stepSummary?.[key] !== undefined ? stepSummary[key] : examSummary[key])), earlierAlertsOfDate: earlier > 0 };
    let classificationJson = '';
    let document: Record<string, unknown> | undefined;
    if (asText) {
      const stepJson = stepSummary ? JSON.stringify(stepSummary) : '';
      classificationJson = `${head}${JSON.stringify(examSummary).slice(1, -1)},${JSON.stringify(role).slice(1, -1)}${stepJson.length > 2 ? `,${stepJson.slice(1, -1)}` : ''},"alerts":${JSON.stringify(alerts)}}`;
    } else if (asObject) {
      // the keys in the text's order; a key written twice keeps its first place and its last value, as JSON.parse does
      document = { rules_version: RULES_VERSION };
      put(document, examSummary);
      put(document, role);
      if (stepSummary) put(document, stepSummary);
      document.alerts = [...alerts];
    }
    out.push({ exam: ordered[k], classificationJson, document, columns, rulesVersion: RULES_VERSION });
  }
  return out;
}

/**
 * `classifyHistory` as objects: the exams (new objects) with `classification` and `rulesVersion`
 * set, in history order.
 */
export function classifyPatientExams<E extends ClassifiableExam>(
  exams: readonly E[],
  patient: { sex?: WorkerSex },
): Array<E & { classification: Record<string, unknown>; rulesVersion: string }> {
  return classifyHistory(exams, patient).map((c) => ({ ...c.exam, classification: JSON.parse(c.classificationJson) as Record<string, unknown>, rulesVersion: c.rulesVersion }));
}

/** A change to a worker's history: the exams it writes (new, or replacing the stored exam of their id). */
export interface HistoryChange<E> {
  written: readonly E[];
  /** Exams dated from here on (ISO date; '' = every one) have their stored classification refreshed. */
  fromDate: string;
}

/**
 * Classifies a worker's history after a change (the one sequence behind every write of an exam):
 * `written` are the classified written exams; `later` the other exams dated from `fromDate` on,
 * whose stored classification the change may have moved (a back-dated exam can change the
 * reference of the later ones). Both in history order.
 */
export function classifyHistoryChange<E extends ClassifiableExam & { id: string }>(
  stored: readonly E[],
  change: HistoryChange<E>,
  patient: { sex?: WorkerSex },
  options: ClassifyOptions = {},
): { written: Array<ClassifiedEntry<E>>; later: Array<ClassifiedEntry<E>> } {
  const writtenIds = new Set(change.written.map((e) => e.id));
  const written: Array<ClassifiedEntry<E>> = [];
  const later: Array<ClassifiedEntry<E>> = [];
  const history = writtenIds.size ? [...stored.filter((e) => !writtenIds.has(e.id)), ...change.written] : stored;
  for (const c of classifyHistory(history, patient, options)) {
    if (writtenIds.has(c.exam.id)) written.push(c);
    else if (c.exam.date >= change.fromDate) later.push(c);
  }
  return { written, later };
}
