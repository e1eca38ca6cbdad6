import type { AirFrequency, BoneFrequency } from './frequencies';
import type { Threshold } from './threshold';

/** Air-conduction thresholds of one ear, dB HL, keyed by Hz; an absent key means not measured. */
export type AirThresholds = Readonly<Partial<Record<AirFrequency, Threshold>>>;
/** Bone-conduction thresholds of one ear, dB HL, keyed by Hz (500–4000). */
export type BoneThresholds = Readonly<Partial<Record<BoneFrequency, Threshold>>>;

/** One ear of one exam. `bone` is undefined when bone conduction was not tested at all. */
export interface EarAudiogram {
  readonly air: AirThresholds;
  readonly bone?: BoneThresholds;
}

export type Ear = 'right' | 'left';
export const EARS: readonly Ear[] = ['right', 'left'];

/** Exam conditions NR-7 Anexo II items 3.2–3.5 ask the laudo to record (all optional here). */
export interface ExamConditions {
  /** Hours of auditory rest before the exam (item 3.4). */
  readonly restHours?: number;
  /** Date (YYYY-MM-DD) of the audiometer's last aferição acústica (item 3.2 I). */
  readonly lastAcousticCheckDate?: string;
  /** Date (YYYY-MM-DD) of the audiometer's last calibração acústica (item 3.2 II). */
  readonly lastCalibrationDate?: string;
  /** Manufacturer's calibration interval in months, when it states one (item 3.2 II b). */
  readonly manufacturerCalibrationMonths?: number;
}

/** One audiometric exam of a worker. */
export interface AudiometricExam {
  /** The stored exam's id, when the exam is one (lets outputs name the reference exam). */
  readonly id?: string;
  /** Exam date, ISO YYYY-MM-DD. */
  readonly date: string;
  /** Worker's age in years on the exam date, when known (OSHA Appendix F only). */
  readonly age?: number;
  readonly right: EarAudiogram;
  readonly left: EarAudiogram;
  readonly conditions?: ExamConditions;
  /**
   * Set when the professional designated this exam as the reference exam, with the mandatory
   * reason (e.g. the first exam was done without the 14 h rest): from this exam on it is the
   * reference in force, whatever the automatic chain said (clinical-rules I12).
   */
  readonly designatedReference?: { readonly reason: string };
}

/** True when either ear has an air-conduction value (a number or a no-response): an exam for the rules (I11). */
export function hasAirValues(exam: Pick<AudiometricExam, 'right' | 'left'>): boolean {
  for (const ear of [exam.right, exam.left]) {
    for (const k in ear.air) {
      const t = ear.air[k as unknown as keyof EarAudiogram['air']];
      if (t !== null && t !== undefined) return true;
    }
  }
  return false;
}

/** Worker sex as stored (M, F, O); only M and F have OSHA Appendix F tables. */
export type WorkerSex = 'M' | 'F' | 'O';

/** The exams of one worker; order does not matter, the rules sort by date. */
export interface WorkerHistory {
  readonly worker?: { readonly sex?: WorkerSex };
  readonly exams: readonly AudiometricExam[];
}

