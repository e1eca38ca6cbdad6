/**
 * Degree-of-loss scales (clinical-rules §5). Each takes an unrounded mean in dB HL; integer band
 * limits are applied as inclusive upper bounds (≤ 25, ≤ 40, ...) for the ≤-style scales, and as
 * exclusive ones (< 20, < 35, ...) for WHO 2021, exactly as the sources state them.
 * null in → null out (mean unknown: missing frequency or no-response).
 */

type Band<T> = readonly [upper: number, grade: T];

/** Band tables are module constants (not literals inside each call) so grading allocates nothing. */
function band<T>(value: number | null, bands: readonly Band<T>[], above: T, inclusive: boolean): T | null {
  if (value === null) return null;
  for (let i = 0; i < bands.length; i++) {
    const upper = bands[i][0];
    if (inclusive ? value <= upper : value < upper) return bands[i][1];
  }
  return above;
}

export type LloydKaplanGrade = 'normal' | 'leve' | 'moderado' | 'moderadamente_severo' | 'severo' | 'profundo';
const LLOYD_KAPLAN_BANDS: readonly Band<LloydKaplanGrade>[] = [[25, 'normal'], [40, 'leve'], [55, 'moderado'], [70, 'moderadamente_severo'], [90, 'severo']];
/** Lloyd & Kaplan (1978), PTA3: ≤25, 26–40, 41–55, 56–70, 71–90, ≥91 (clinical-rules §5.1). */
export function lloydKaplanGrade(pta3: number | null): LloydKaplanGrade | null {
  return band(pta3, LLOYD_KAPLAN_BANDS, 'profundo', true);
}

export type Who1997Grade = 0 | 1 | 2 | 3 | 4;
const WHO1997_BANDS: readonly Band<Who1997Grade>[] = [[25, 0], [40, 1], [60, 2], [80, 3]];
/** WHO 1997 grades of hearing impairment, PTA4: ≤25 → 0, ≤40 → 1, ≤60 → 2, ≤80 → 3, else 4 (§5.2). */
export function who1997Grade(pta4: number | null): Who1997Grade | null {
  return band(pta4, WHO1997_BANDS, 4, true);
}

export type Who2021Grade = 'normal' | 'mild' | 'moderate' | 'moderately_severe' | 'severe' | 'profound' | 'complete';
const WHO2021_BANDS: readonly Band<Who2021Grade>[] = [[20, 'normal'], [35, 'mild'], [50, 'moderate'], [65, 'moderately_severe'], [80, 'severe'], [95, 'profound']];
/** WHO 2021 World Report on Hearing Table 1.3, PTA4: <20, <35, <50, <65, <80, <95, else complete (§5.2). */
export function who2021Grade(pta4: number | null): Who2021Grade | null {
  return band(pta4, WHO2021_BANDS, 'complete', false);
}

export type BiapGrade =
  | 'normal' | 'leve' | 'moderada_1' | 'moderada_2' | 'severa_1' | 'severa_2'
  | 'profunda_1' | 'profunda_2' | 'profunda_3' | 'total';
const BIAP_BANDS: readonly Band<BiapGrade>[] = [
  [20, 'normal'], [40, 'leve'], [55, 'moderada_1'], [70, 'moderada_2'], [80, 'severa_1'], [90, 'severa_2'], [100, 'profunda_1'], [110, 'profunda_2'], [119, 'profunda_3'],
];
/** BIAP 02/1 (1996), PTA4: ≤20, ≤40, ≤55, ≤70, ≤80, ≤90, ≤100, ≤110, ≤119, else total (§5.3). */
export function biapGrade(pta4: number | null): BiapGrade | null {
  return band(pta4, BIAP_BANDS, 'total', true);
}
