import type { AudiometricExam, EarAudiogram } from '../../audiogram/audiogram';
import { LOW_FREQUENCIES, MANDATORY_AIR_FREQUENCIES, NOTCH_FREQUENCIES } from '../../audiogram/frequencies';
import type { DbBound } from '../bounds';
import { anyShiftReaches, maxShiftBounds, meanShift, reaches, shiftValue } from '../shift';
import { andTri, orTri, type Tri } from '../tri';
import { classifyNr7Ear, type Nr7Classification } from './classify-nr7-ear';

/** NR-7 Anexo II 5.3 a) / 5.4 a): mean difference "iguala ou ultrapassa 10 (dez) dB (NA)". */
export const MEAN_SHIFT_LIMIT_DB = 10;
/** NR-7 Anexo II 5.3 b) / 5.4 b): single-frequency worsening "iguala ou ultrapassa 15 (quinze) dB (NA)". */
export const SINGLE_SHIFT_LIMIT_DB = 15;

/** One ear of a sequential exam compared with the same ear of the reference (clinical-rules I7). */
export interface EarComparison {
  readonly referenceClassification: Nr7Classification | null;
  readonly sequentialClassification: Nr7Classification | null;
  /**
   * mean(seq 3k,4k,6k) − mean(ref 3k,4k,6k), dB; null if a value is missing or both ends are
   * unknown. With a no-response it is a bound (I11): see `deltaMean346Bound`.
   */
  readonly deltaMean346: number | null;
  readonly deltaMean346Bound?: DbBound;
  /** mean(seq 500,1k,2k) − mean(ref 500,1k,2k), dB, as deltaMean346. */
  readonly deltaMean0512: number | null;
  readonly deltaMean0512Bound?: DbBound;
  /** Largest single shift at 3k/4k/6k measured in both exams, dB (a bound with an NR). */
  readonly maxShift346: number | null;
  readonly maxShift346Bound?: DbBound;
  /** Largest single shift at 500–8000 Hz measured in both exams, dB (a bound with an NR). */
  readonly maxShiftAny: number | null;
  readonly maxShiftAnyBound?: DbBound;
  /** Items 5.3/5.3.1; null = indeterminate (missing frequency or NR). */
  readonly desencadeamento: Tri;
  /** '5.3' when the sequential ear is still within 5.1, '5.3.1' otherwise. */
  readonly desencadeamentoItem: '5.3' | '5.3.1' | null;
  /** Item 5.4; null = indeterminate. */
  readonly agravamento: Tri;
  /** Criteria (a: mean, b: single frequency) met by the flag that is true. */
  readonly criteria: readonly ('a' | 'b')[];
}

export interface EarCompareOptions {
  /** Physician's "já confirmado" for 5.4 (clinical-rules I6); default: reference ear is sugestivo_painpse. */
  readonly confirmedPainpse?: boolean;
}

/**
 * Compares one ear with the same ear of the reference exam (NR-7 Anexo II 5.3, 5.3.1, 5.4;
 * Portaria 19 4.2.1–4.2.3 use the same numbers). Differences are seq − ref in dB (I1).
 * Desencadeamento applies only when the reference ear is aceitavel; agravamento only when it is
 * (a proxy for) confirmed PAINPSE; otherwise the flag is false (I8).
 */
export function compareEarWithReference(ref: EarAudiogram, seq: EarAudiogram, options: EarCompareOptions = {}): EarComparison {
  return compareClassifiedEar(ref, seq, classifyNr7Ear(ref), classifyNr7Ear(seq), options.confirmedPainpse);
}

/** {@link compareEarWithReference} with both ears already classified (item 5), so a history classifies each ear once. */
function compareClassifiedEar(
  ref: EarAudiogram,
  seq: EarAudiogram,
  referenceClassification: Nr7Classification | null,
  sequentialClassification: Nr7Classification | null,
  confirmedPainpse: boolean | undefined,
): EarComparison {
  const mean346 = meanShift(ref, seq, NOTCH_FREQUENCIES);
  const mean0512 = meanShift(ref, seq, LOW_FREQUENCIES);

  const dA = reaches(mean346, MEAN_SHIFT_LIMIT_DB);
  const dB = anyShiftReaches(ref, seq, NOTCH_FREQUENCIES, SINGLE_SHIFT_LIMIT_DB);
  const isAcceptable: Tri = referenceClassification === null ? null : referenceClassification === 'aceitavel';
  const desencadeamento = andTri(isAcceptable, orTri(dA, dB));

  const aA = orTri(reaches(mean0512, MEAN_SHIFT_LIMIT_DB), dA);
  // I5: "uma freqüência isolada" = any mandatory frequency 500–8000 Hz.
  const aB = anyShiftReaches(ref, seq, MANDATORY_AIR_FREQUENCIES, SINGLE_SHIFT_LIMIT_DB);
  const confirmed: Tri =
    confirmedPainpse ?? (referenceClassification === null ? null : referenceClassification === 'sugestivo_painpse');
  const agravamento = andTri(confirmed, orTri(aA, aB));

  const criteria: ('a' | 'b')[] = [];
  if (desencadeamento === true) {
    if (dA === true) criteria.push('a');
    if (dB === true) criteria.push('b');
  } else if (agravamento === true) {
    if (aA === true) criteria.push('a');
    if (aB === true) criteria.push('b');
  }
  const d346 = shiftValue(mean346);
  const d0512 = shiftValue(mean0512);
  const m346 = shiftValue(maxShiftBounds(ref, seq, NOTCH_FREQUENCIES));
  const mAny = shiftValue(maxShiftBounds(ref, seq, MANDATORY_AIR_FREQUENCIES));
  return {
    referenceClassification,
    sequentialClassification,
    deltaMean346: d346.value,
    deltaMean346Bound: d346.bound,
    deltaMean0512: d0512.value,
    deltaMean0512Bound: d0512.bound,
    maxShift346: m346.value,
    maxShift346Bound: m346.bound,
    maxShiftAny: mAny.value,
    maxShiftAnyBound: mAny.bound,
    desencadeamento,
    desencadeamentoItem: desencadeamento === true ? (sequentialClassification === 'aceitavel' ? '5.3' : '5.3.1') : null,
    agravamento,
    criteria,
  };
}

/** Both ears of a sequential exam against the reference exam, plus the worker-level OR (I7). */
export interface ExamComparison {
  readonly referenceDate: string;
  readonly sequentialDate: string;
  readonly right: EarComparison;
  readonly left: EarComparison;
  readonly desencadeamento: Tri;
  readonly agravamento: Tri;
}

/** NR-7 item 5 class of each ear of one exam. */
export interface ExamClassification {
  readonly right: Nr7Classification | null;
  readonly left: Nr7Classification | null;
}

export function classifyExam(exam: AudiometricExam): ExamClassification {
  return { right: classifyNr7Ear(exam.right), left: classifyNr7Ear(exam.left) };
}

export function compareWithReference(
  reference: AudiometricExam,
  sequential: AudiometricExam,
  confirmed: { readonly right?: boolean; readonly left?: boolean } = {},
): ExamComparison {
  return compareClassifiedExams(reference, classifyExam(reference), sequential, classifyExam(sequential), confirmed);
}

/** {@link compareWithReference} with both exams already classified by {@link classifyExam}. */
export function compareClassifiedExams(
  reference: AudiometricExam,
  referenceClasses: ExamClassification,
  sequential: AudiometricExam,
  sequentialClasses: ExamClassification,
  confirmed: { readonly right?: boolean; readonly left?: boolean } = {},
): ExamComparison {
  const right = compareClassifiedEar(reference.right, sequential.right, referenceClasses.right, sequentialClasses.right, confirmed.right);
  const left = compareClassifiedEar(reference.left, sequential.left, referenceClasses.left, sequentialClasses.left, confirmed.left);
  return {
    referenceDate: reference.date,
    sequentialDate: sequential.date,
    right,
    left,
    desencadeamento: orTri(right.desencadeamento, left.desencadeamento),
    agravamento: orTri(right.agravamento, left.agravamento),
  };
}
