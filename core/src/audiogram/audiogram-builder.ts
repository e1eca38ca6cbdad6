import type { AudiometricExam, EarAudiogram } from './audiogram';
import type { AirFrequency, BoneFrequency } from './frequencies';
import type { Threshold } from './threshold';

/**
 * Test/bench builder: an ear with every mandatory air frequency (500–8000 Hz) at `base` dB HL,
 * then `overrides` (a null override removes the frequency, i.e. "not measured").
 */
export function anEar(
  base: number,
  overrides: Partial<Record<AirFrequency, Threshold>> = {},
  bone?: Partial<Record<BoneFrequency, Threshold>>,
): EarAudiogram {
  const air: Partial<Record<AirFrequency, Threshold>> = { 500: base, 1000: base, 2000: base, 3000: base, 4000: base, 6000: base, 8000: base, ...overrides };
  return bone ? { air, bone } : { air };
}

/** Test/bench builder: an exam on `date` with the given ears (left defaults to the right one). */
export function anExam(date: string, right: EarAudiogram, left: EarAudiogram = right, age?: number): AudiometricExam {
  return age === undefined ? { date, right, left } : { date, right, left, age };
}
