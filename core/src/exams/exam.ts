import { hasAirValues, type AudiometricExam, type EarAudiogram } from '../audiogram/audiogram';
import type { ReadingNote } from '../audiogram/reading-note';
import type { Attribution } from '../accounts/attribution';
import type { ExamType } from './exam-type';

export interface SpeechTest {
  srtRe: number | null;
  srtLe: number | null;
  wrsRe: number | null;
  wrsLe: number | null;
}

/** One audiometric exam of a patient, with its stored rules output (spec §3, product.md). */
export interface Exam {
  id: string;
  organizationId: string;
  patientId: string;
  /** ISO YYYY-MM-DD. */
  date: string;
  operatorName: string | null;
  operatorRegistration: string | null;
  operatorCrm: string | null;
  operatorCrmState: string | null;
  consultationType: string | null;
  consultationReason: string | null;
  /**
   * The occupational type of the exam (NR-7 item 7.5.6, issue 19); null = not informed. Optional for
   * callers that build exams elsewhere (fixtures): undefined reads as null; the repositories return it.
   */
  examType?: ExamType | null;
  /** Ambient noise in the booth, dB (step 0.1). */
  ambientNoiseDb: number | null;
  /** Audiometer's last acoustic calibration/check, ISO date (NR-7 Anexo II item 3.2). */
  calibrationDate: string | null;
  transducer: string | null;
  /** Hours of acoustic rest before the exam (item 3.4). */
  acousticRestHours: number | null;
  observacoes: string | null;
  // The three clinical fields are optional for callers that build exams elsewhere (fixtures, imports):
  // undefined reads as null; the repositories always return them.
  /** Clinical history taken before the exam (free text, ≤ ANAMNESE_MAX); null when not recorded. */
  anamnese?: string | null;
  /** Otoscopy of the external meatus per ear (free text each, ≤ MEATOSCOPIA_MAX); null when not recorded. */
  meatoscopia?: Meatoscopia | null;
  /** The contralateral masking used, free text (≤ MASCARAMENTO_MAX); null when not recorded. */
  mascaramento?: string | null;
  right: EarAudiogram;
  left: EarAudiogram;
  speechTest: SpeechTest | null;
  /** How the audiogram was obtained from a file (spec §3 `ambienteJson`); null when no file was read. */
  ambienteJson: ReadingNote | null;
  /**
   * The professional's designation of this exam as the reference exam (clinical-rules I12), with the
   * mandatory reason, who did it and when; null when the automatic reference chain applies.
   */
  referenceDesignation?: ReferenceDesignation | null;
  /** Section-10 rules output for this exam against the reference in force, plus findings and alerts. */
  classification: Record<string, unknown>;
  rulesVersion: string;
  /**
   * Who recorded the exam and when (issue 18); null for exams of the CLI import and from before
   * teams. Optional for callers that build exams elsewhere; the repositories always return it.
   */
  recordedBy?: Attribution | null;
  /** Who last changed the exam (details, thresholds, a reading applied on review or at upload) and when; null until then. */
  updatedBy?: Attribution | null;
  /** The exam came from the bulk import (CLI), not from a member: no one recorded it in the app. */
  imported?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_TRANSDUCER = 'TDH-39';

/** Meatoscopy findings: od = right ear (orelha direita), oe = left ear; null side = not recorded. */
export interface Meatoscopia {
  od: string | null;
  oe: string | null;
}

/** Lengths of the clinical free-text fields (characters). */
export const ANAMNESE_MAX = 5000;
export const MEATOSCOPIA_MAX = 300;
export const MASCARAMENTO_MAX = 500;

/** A designated reference exam: why, by whom (name and registry) and when (ISO date-time). */
export interface ReferenceDesignation {
  reason: string;
  designatedBy: string;
  designatedAt: string;
}

/** Reason of a designation: trimmed, 10–500 characters (a real justification, not a click). */
export const REFERENCE_REASON_MIN = 10;
export const REFERENCE_REASON_MAX = 500;

/** The rules engine's view of an exam. */
export function toAudiometricExam(
  exam: Pick<Exam, 'date' | 'right' | 'left' | 'acousticRestHours' | 'calibrationDate'> & { id?: string; referenceDesignation?: ReferenceDesignation | null },
  age?: number | null,
): AudiometricExam {
  return {
    ...(exam.id ? { id: exam.id } : {}),
    ...(exam.referenceDesignation ? { designatedReference: { reason: exam.referenceDesignation.reason } } : {}),
    date: exam.date,
    ...(age !== null && age !== undefined ? { age } : {}),
    right: exam.right,
    left: exam.left,
    conditions: {
      ...(exam.acousticRestHours !== null && exam.acousticRestHours !== undefined ? { restHours: exam.acousticRestHours } : {}),
      ...(exam.calibrationDate ? { lastAcousticCheckDate: exam.calibrationDate } : {}),
    },
  };
}

/** True when any air-conduction threshold of either ear was measured (spec §4 "data extracted"); an NR counts (I11). */
export function hasAirThresholds(exam: Pick<Exam, 'right' | 'left'>): boolean {
  return hasAirValues(exam);
}
