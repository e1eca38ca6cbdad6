import type { Exam } from '../../exams/exam';
import { classifyHistoryChange, classifyPatientExams, type ClassifiedEntry } from '../../exams/classify-exams';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';

export interface ExamHistoryStores {
  exams: ExamRepository;
  patients: PatientRepository;
}

/**
 * One change to a worker's stored history: `exam` written (inserted when `isNew`, else replacing the
 * stored exam of its id) or none (after a deletion, or to refresh the history). The stored
 * classification of the other exams dated from `fromDate` on ('' = all) is refreshed.
 */
export interface StoredHistoryChange {
  organizationId: string;
  patientId: string;
  exam: Exam | null;
  isNew?: boolean;
  fromDate: string;
}

/** A worker's history classified after a change, not yet stored. */
export interface HistoryReclassification {
  /** The written exam, classified (null when the change writes none). */
  exam: Exam | null;
  /** The other exams from `fromDate` on, reclassified. */
  later: Exam[];
  /** True when the change moves the classification of any of these exams (against the history before it). */
  changesClassificationOf(examIds: ReadonlySet<string>): boolean;
  /** Stores the written exam and the later exams' classifications. Call inside a unit of work. */
  commit(): Promise<Exam | null>;
}

/**
 * Loads the worker's exams and classifies the history as the change leaves it (`classifyHistoryChange`,
 * the one classification path); nothing is written until `commit`.
 */
export async function planReclassification(deps: ExamHistoryStores, change: StoredHistoryChange): Promise<HistoryReclassification> {
  const patient = await deps.patients.findById(change.organizationId, change.patientId);
  const stored = await deps.exams.listForPatient(change.organizationId, change.patientId);
  const sex = patient?.sex;
  const classified = classifyHistoryChange(stored, { written: change.exam ? [change.exam] : [], fromDate: change.fromDate }, { sex });
  const asExam = (c: ClassifiedEntry<Exam>): Exam => ({ ...c.exam, classification: JSON.parse(c.classificationJson) as Record<string, unknown>, rulesVersion: c.rulesVersion });
  const exam = classified.written.length ? asExam(classified.written[0]) : null;
  const later = classified.later.map(asExam);
  return {
    exam,
    later,
    changesClassificationOf(examIds) {
      const after = [...(exam ? [exam] : []), ...later].filter((e) => examIds.has(e.id));
      if (!after.length) return false;
      // the stored history classified now, so only the change (not a rules update) counts
      const before = new Map(classifyPatientExams(stored, { sex }).map((e) => [e.id, canonical(e.classification)]));
      return after.some((e) => canonical(e.classification) !== before.get(e.id));
    },
    async commit() {
      if (exam) await (change.isNew ? deps.exams.insert(exam) : deps.exams.update(exam));
      if (later.length) await deps.exams.saveClassifications(change.organizationId, later);
      return exam;
    },
  };
}

/** Writes `exam` (new, or an edit of a stored exam) and reclassifies it and the worker's exams from `fromDate` (default: its date) on. Returns the stored exam. */
export async function reclassifyFrom(deps: ExamHistoryStores, exam: Exam, options: { isNew?: boolean; fromDate?: string } = {}): Promise<Exam> {
  const plan = await planReclassification(deps, { organizationId: exam.organizationId, patientId: exam.patientId, exam, isNew: options.isNew, fromDate: options.fromDate ?? exam.date });
  return (await plan.commit())!;
}

/** After `deleted` was removed: the worker's exams from its date on are reclassified (order and reference may change). */
export async function reclassifyAfterDeletion(deps: ExamHistoryStores, deleted: Pick<Exam, 'organizationId' | 'patientId' | 'date'>): Promise<void> {
  await (await planReclassification(deps, { organizationId: deleted.organizationId, patientId: deleted.patientId, exam: null, fromDate: deleted.date })).commit();
}

/** JSON with sorted keys: two classifications compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v));
}
