import type { ReportFacts } from './report-facts-types';

/**
 * Penalties of the draft's confidence_score (spec §9: 0 to 1). The score measures how complete the
 * data behind the computed facts are, not how likely a diagnosis is: 1 means every datum NR-7
 * Anexo II asks for (items 3.2–3.6.1) was recorded and every rule could be decided.
 */
export const CONFIDENCE_PENALTIES = {
  /** Per mandatory air frequency not measured (item 3.6), at most 0.35 in all. */
  missingFrequency: 0.05,
  missingFrequencyCap: 0.35,
  /** Rest not recorded nor declared (item 3.5 c). */
  restUnknown: 0.1,
  /** Rest under 14 h, recorded or declared (item 3.4): a temporary shift cannot be excluded. */
  restShort: 0.15,
  /** Audiometer check not recorded or overdue (items 3.2, 3.5 d). */
  equipment: 0.1,
  /** Per ear with altered air conduction and no bone conduction (item 3.6.1). */
  boneMissing: 0.1,
  /** Per ear whose NR-7 class is undecided (NR or nothing measured). */
  classUndecided: 0.15,
  /** Comparison with the reference undecided (a flag is null). */
  comparisonUndecided: 0.1,
  /** Nexo-causal type without the questionnaire answers. */
  nexoAnswersMissing: 0.2,
} as const;

/** The draft's confidence_score: 1 minus the penalties above, clamped to [0, 1], 2 decimals. */
export function confidenceScore(facts: ReportFacts): number {
  const p = CONFIDENCE_PENALTIES;
  const codes = facts.missing.map((m) => m.code);
  const missingFreqs = facts.ears.right.missingFrequencies.length + facts.ears.left.missingFrequencies.length;
  let score = 1 - Math.min(p.missingFrequencyCap, missingFreqs * p.missingFrequency);
  if (facts.validity.restSource === 'none') score -= p.restUnknown;
  else if (!facts.validity.restOk) score -= p.restShort;
  if (!facts.validity.equipmentOk) score -= p.equipment;
  score -= codes.filter((c) => c === 'NR7.BONE_CONDUCTION_MISSING').length * p.boneMissing;
  score -= codes.filter((c) => c === 'NR7.CLASS_UNDECIDED').length * p.classUndecided;
  if (codes.includes('NR7.COMPARISON_UNDECIDED')) score -= p.comparisonUndecided;
  if (codes.includes('NEXO.ANSWERS_MISSING')) score -= p.nexoAnswersMissing;
  return Math.round(Math.max(0, Math.min(1, score)) * 100) / 100;
}
