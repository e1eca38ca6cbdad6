import { hasAirValues, type AudiometricExam } from '../../audiogram/audiogram';
import { classifyExam, compareClassifiedExams, type ExamClassification, type ExamComparison } from './compare-with-reference';
import { ruleSetOn, type RuleSet } from './rule-set';

/**
 * Why the reference exam in force is that exam:
 * - primeiro_exame: the first exam with thresholds (NR-7 Anexo II 4.3.1 a);
 * - substituido_5_5_1: a sequential exam that showed desencadeamento or agravamento (NR-7 5.5.1);
 * - novo_exame_4_2_4: the exam after a trigger under Portaria 19 (item 4.2.4);
 * - designado: designated by the professional, with a reason (clinical-rules I12).
 */
export type ReferenceBasis = 'primeiro_exame' | 'substituido_5_5_1' | 'novo_exame_4_2_4' | 'designado';

/** The role of one exam in the history: the reference, a sequential exam, or no thresholds at all (I11). */
export type ExamRole = 'referencia' | 'sequencial' | 'sem_limiares';

/** One step of the history: a sequential exam compared with the reference in force. */
export interface SequenceStep {
  readonly comparison: ExamComparison;
  readonly ruleSet: RuleSet;
  /** The reference exam this exam was compared with, and why it was the reference. */
  readonly reference: AudiometricExam;
  readonly referenceBasis: ReferenceBasis;
  /** Reference exam in force after this comparison. */
  readonly newReference: AudiometricExam;
  readonly newReferenceBasis: ReferenceBasis;
  /** Portaria 19 4.2.4: a trigger asks for a new exam under reference conditions (no auto-promotion). */
  readonly newReferenceExamRequired: boolean;
}

/** One exam of the walk, in date order. */
export interface ReferenceWalkEntry {
  readonly exam: AudiometricExam;
  readonly role: ExamRole;
  /** Present for a sequential exam: its comparison with the reference in force. */
  readonly step?: SequenceStep;
  /** For a reference exam: why it is the reference. */
  readonly referenceBasis?: ReferenceBasis;
  /** Reference in force after this exam (undefined while the worker has none). */
  readonly referenceAfter: AudiometricExam | undefined;
  readonly referenceBasisAfter: ReferenceBasis | undefined;
}

export interface ReferenceHistory {
  /** Exams sorted by date (stable). */
  readonly exams: readonly AudiometricExam[];
  /** One entry per exam, same order as `exams`. */
  readonly entries: readonly ReferenceWalkEntry[];
  /** The comparisons, in order (sequential exams only). */
  readonly steps: readonly SequenceStep[];
  /** Reference exam in force after the last exam. */
  readonly referenceInForce: AudiometricExam | undefined;
  readonly referenceBasis: ReferenceBasis | undefined;
}

/** Sorts exams by ISO date, keeping input order for equal dates. */
export function sortExamsByDate<E extends Pick<AudiometricExam, 'date'>>(exams: readonly E[]): E[] {
  if (exams.every((e, i) => i === 0 || exams[i - 1].date <= e.date)) return [...exams];
  return exams
    .map((exam, i) => ({ exam, i }))
    .sort((a, b) => (a.exam.date < b.exam.date ? -1 : a.exam.date > b.exam.date ? 1 : a.i - b.i))
    .map((x) => x.exam);
}

/**
 * Walks a worker's exams in date order. An exam without any air-conduction value is not an exam for
 * the rules (I11): it is neither compared nor ever the reference. The first exam with values is the
 * reference (NR-7 Anexo II 4.3.1 a). Each later exam is compared with the reference in force. Under
 * NR-7 Anexo II (item 5.5.1) the sequential exam showing desencadeamento or agravamento in either ear
 * becomes the new reference for both ears (literal, whole-exam reading). Under Portaria 19 (item
 * 4.2.4) a new exam under reference conditions is required instead: the triggering exam is not
 * promoted, and the next exam in the history is taken as that new reference after its own
 * comparison. An indeterminate (null) trigger never replaces the reference. An exam the professional
 * designated as the reference (I12) is the reference from its date on and is not compared.
 */
export function walkReferenceHistory(input: readonly AudiometricExam[]): ReferenceHistory {
  const exams = sortExamsByDate(input);
  const entries: ReferenceWalkEntry[] = [];
  const steps: SequenceStep[] = [];
  let reference: AudiometricExam | undefined;
  let basis: ReferenceBasis | undefined;
  // each exam's ears are classified once, though an exam may serve as reference for several steps
  let referenceClasses: ExamClassification | undefined;
  let pendingPortaria19 = false;
  for (const exam of exams) {
    if (!hasAirValues(exam)) {
      entries.push({ exam, role: 'sem_limiares', referenceAfter: reference, referenceBasisAfter: basis });
      continue;
    }
    const examClasses = classifyExam(exam);
    if (!reference || exam.designatedReference) {
      reference = exam;
      referenceClasses = examClasses;
      basis = exam.designatedReference ? 'designado' : 'primeiro_exame';
      pendingPortaria19 = false;
      entries.push({ exam, role: 'referencia', referenceBasis: basis, referenceAfter: reference, referenceBasisAfter: basis });
      continue;
    }
    const comparison = compareClassifiedExams(reference, referenceClasses as ExamClassification, exam, examClasses);
    const ruleSet = ruleSetOn(exam.date);
    const triggered = comparison.desencadeamento === true || comparison.agravamento === true;
    const usedReference = reference;
    const usedBasis = basis as ReferenceBasis;
    let required = false;
    if (pendingPortaria19) {
      reference = exam;
      referenceClasses = examClasses;
      basis = 'novo_exame_4_2_4';
      pendingPortaria19 = false;
    } else if (triggered && ruleSet === 'nr7_anexo_ii') {
      reference = exam;
      referenceClasses = examClasses;
      basis = 'substituido_5_5_1';
    } else if (triggered) {
      pendingPortaria19 = true;
      required = true;
    }
    const step: SequenceStep = {
      comparison,
      ruleSet,
      reference: usedReference,
      referenceBasis: usedBasis,
      newReference: reference,
      newReferenceBasis: basis as ReferenceBasis,
      newReferenceExamRequired: required,
    };
    steps.push(step);
    entries.push({ exam, role: 'sequencial', step, referenceAfter: reference, referenceBasisAfter: basis });
  }
  return { exams, entries, steps, referenceInForce: reference, referenceBasis: basis };
}
