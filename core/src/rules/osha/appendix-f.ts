import type { WorkerSex } from '../../audiogram/audiogram';

/**
 * OSHA 29 CFR 1910.95 Appendix F age-correction values (dB) at 2000/3000/4000 Hz, ages 20–60,
 * as transcribed in clinical-rules §7.1 from MSHA 30 CFR 62 Tables 62-3 (males) and 62-4 (females),
 * the NIOSH-derived values also used in OSHA Tables F-1/F-2. Row i is age 20 + i.
 */
const MALE: readonly (readonly [number, number, number])[] = [
  [3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 6], [3, 5, 6], [3, 5, 7], [4, 5, 7], [4, 6, 7], [4, 6, 8], [4, 6, 8],
  [4, 6, 9], [4, 7, 9], [5, 7, 10], [5, 7, 10], [5, 8, 11], [5, 8, 11], [5, 9, 12], [6, 9, 12], [6, 9, 13], [6, 10, 14],
  [6, 10, 14], [6, 10, 14], [7, 11, 16], [7, 12, 16], [7, 12, 17], [7, 13, 18], [8, 13, 19], [8, 14, 19], [8, 14, 20], [9, 15, 21],
  [9, 16, 22], [9, 16, 23], [10, 17, 24], [10, 18, 25], [10, 18, 26], [11, 19, 27], [11, 20, 28], [11, 21, 29], [12, 22, 31], [12, 22, 32],
  [13, 23, 33],
];
const FEMALE: readonly (readonly [number, number, number])[] = [
  [4, 3, 3], [4, 4, 3], [4, 4, 4], [5, 4, 4], [5, 4, 4], [5, 4, 4], [5, 5, 4], [5, 5, 5], [5, 5, 5], [5, 5, 5],
  [6, 5, 5], [6, 6, 5], [6, 6, 6], [6, 6, 6], [6, 6, 6], [6, 7, 7], [7, 7, 7], [7, 7, 7], [7, 7, 7], [7, 8, 8],
  [7, 8, 8], [8, 8, 8], [8, 9, 9], [8, 9, 9], [8, 9, 9], [8, 10, 10], [9, 10, 10], [9, 10, 11], [9, 11, 11], [9, 11, 11],
  [10, 11, 12], [10, 11, 12], [10, 12, 13], [10, 13, 13], [11, 13, 14], [11, 14, 14], [11, 14, 15], [11, 15, 15], [12, 15, 16], [12, 16, 16],
  [12, 16, 17],
];

/** Appendix F: ages below 20 use the "20 or younger" row, above 60 the "60 or older" row. */
export const APPENDIX_F_MIN_AGE = 20;
export const APPENDIX_F_MAX_AGE = 60;

/** Table values [2000, 3000, 4000 Hz] in dB for an age in whole years; undefined for sex 'O'. */
export function appendixFRow(sex: WorkerSex, age: number): readonly [number, number, number] | undefined {
  const table = sex === 'M' ? MALE : sex === 'F' ? FEMALE : undefined;
  if (!table) return undefined;
  const clamped = Math.min(APPENDIX_F_MAX_AGE, Math.max(APPENDIX_F_MIN_AGE, Math.floor(age)));
  return table[clamped - APPENDIX_F_MIN_AGE];
}

/**
 * Per-frequency correction (dB) = table(current age) − table(baseline age) at 2000/3000/4000 Hz
 * (1910.95(g)(10)(ii), Appendix F). undefined when sex has no table (only M and F do).
 */
export function appendixFCorrection(
  sex: WorkerSex,
  baselineAge: number,
  currentAge: number,
): { readonly 2000: number; readonly 3000: number; readonly 4000: number } | undefined {
  const base = appendixFRow(sex, baselineAge);
  const cur = appendixFRow(sex, currentAge);
  if (!base || !cur) return undefined;
  return { 2000: cur[0] - base[0], 3000: cur[1] - base[1], 4000: cur[2] - base[2] };
}
