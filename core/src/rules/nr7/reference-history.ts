import type { AudiometricExam } from '../../audiogram/audiogram';
import { classifyExam, compareClassifiedExams, type ExamComparison } from './compare-with-reference';
import { ruleSetOn, type RuleSet } from './rule-set';

/** One step of the history: a sequential exam compared with the reference in force. */
export interface SequenceStep {
  readonly comparison: ExamComparison;
  readonly ruleSet: RuleSet;
  /** Reference exam in force after this comparison. */
  readonly newReference: AudiometricExam;
  /** Portaria 19 4.2.4: a trigger asks for a new exam under reference conditions (no auto-promotion). */
  readonly newReferenceExamRequired: boolean;
}

export interface ReferenceHistory {
  /** Exams sorted by date (stable). */
  readonly exams: readonly AudiometricExam[];
  readonly steps: readonly SequenceStep[];
  /** Reference exam in force after the last exam. */
  readonly referenceInForce: AudiometricExam | undefined;
}

/** Sorts exams by ISO date, keeping input order for equal dates. */
export function sortExamsByDate(exams: readonly AudiometricExam[]): AudiometricExam[] {
  if (exams.every((e, i) => i === 0 || exams[i - 1].date <= e.date)) return [...exams];
  return exams
    .map((exam, i) => ({ exam, i }))
    .sort((a, b) => (a.exam.date < b.exam.date ? -1 : a.exam.date > b.exam.date ? 1 : a.i - b.i))
    .map((x) => x.exam);
}

/**
 * Walks a worker's exams in date order. The first exam is the reference (NR-7 Anexo II 4.3.1 a).
 * Each later exam is compared with the reference in force. Under NR-7 Anexo II (item 5.5.1) the
 * sequential exam showing desencadeamento or agravamento in either ear becomes the new reference
 * for both ears (literal, whole-exam reading). Under Portaria 19 (item 4.2.4) a new exam under
 * reference conditions is required instead: the triggering exam is not promoted, and the next exam
 * in the history is taken as that new reference after its own comparison. An indeterminate (null)
 * trigger never replaces the reference.
 */
export function walkReferenceHistory(input: readonly AudiometricExam[]): ReferenceHistory {
  const exams = sortExamsByDate(input);
  const steps: SequenceStep[] = [];
  let reference = exams[0];
  // each exam's ears are classified once, though an exam may serve as reference for several steps
  let referenceClasses = reference && classifyExam(reference);
  let pendingPortaria19 = false;
  for (let i = 1; i < exams.length; i++) {
    const exam = exams[i];
    const examClasses = classifyExam(exam);
    const comparison = compareClassifiedExams(reference, referenceClasses, exam, examClasses);
    const ruleSet = ruleSetOn(exam.date);
    const triggered = comparison.desencadeamento === true || comparison.agravamento === true;
    let required = false;
    if (pendingPortaria19) {
      reference = exam;
      referenceClasses = examClasses;
      pendingPortaria19 = false;
    } else if (triggered && ruleSet === 'nr7_anexo_ii') {
      reference = exam;
      referenceClasses = examClasses;
    } else if (triggered) {
      pendingPortaria19 = true;
      required = true;
    }
    steps.push({ comparison, ruleSet, newReference: reference, newReferenceExamRequired: required });
  }
  return { exams, steps, referenceInForce: reference };
}
