import { lossClassFromMean, type LossClass } from '../rules/degree/spec-scales';
import { daysBetween } from '../rules/nr7/calendar';
import { RULES_VERSION } from '../rules/rules-version';

/** Spec §3 report-based evolution input: thresholds in dB HL keyed by Hz (250–8000), null = not measured. */
export interface EvolutionReport {
  readonly id: string;
  /** ISO date YYYY-MM-DD. */
  readonly examDate: string;
  readonly exam: {
    readonly rightEar: Readonly<Record<string, number | null>>;
    readonly leftEar: Readonly<Record<string, number | null>>;
  };
}

/** Spec §4 evolution thresholds (report-based): worsening above +10 dB. */
export const WORSENING_ABOVE_DB = 10;
/** Spec §4: improvement below -5 dB. */
export const IMPROVEMENT_BELOW_DB = -5;
/** Spec §4/§9: stable within ±10 dB (absolute value 10 or less). */
export const STABLE_WITHIN_DB = 10;

export const INSUFFICIENT_REPORTS_MESSAGE = 'Necessário pelo menos 2 laudos para análise evolutiva.';
/** Spec §8 recommendation texts, pt-BR. */
export const RECOMMENDATIONS = {
  Agravamento: 'Avaliar possível nexo causal ocupacional devido ao agravamento auditivo detectado.',
  Estável: 'Audição permanece estável. Manter as medidas de proteção auditiva.',
  Melhora: 'Melhora observada nos limiares auditivos. Continuar o monitoramento periódico.',
} as const;

export type EvolutionStatus = keyof typeof RECOMMENDATIONS;

export type ReportEvolutionSummary =
  | { readonly sufficient: false; readonly totalReports: number; readonly message: string; readonly rulesVersion: string }
  | {
      readonly sufficient: true;
      readonly hasProgression: boolean;
      readonly hasImprovement: boolean;
      readonly isStable: boolean;
      readonly status: EvolutionStatus;
      /** (rightDifference + leftDifference) / 2, dB; positive = worse. */
      readonly averageDifference: number;
      readonly rightDifference: number | null;
      readonly leftDifference: number | null;
      readonly firstClassification: LossClass | null;
      readonly lastClassification: LossClass | null;
      readonly daysBetween: number;
      readonly totalReports: number;
      readonly recommendation: string;
      readonly rulesVersion: string;
    };

/** Mean of the measured thresholds of one ear map, dB HL; null when none is measured. */
export function earMeanThreshold(ear: Readonly<Record<string, number | null>>): number | null {
  const values = Object.values(ear).filter((v): v is number => typeof v === 'number');
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

const meanOfKnown = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
};

/**
 * Report-based evolution (spec §3/§4): last minus first report (sorted by examDate), each ear's
 * mean threshold, averaged over both ears. Above +10 → Agravamento; |Δ| ≤ 10 → stable flag;
 * improvement is below -5 but the stable flag wins, so a change in [-10, -5) is flagged stable and
 * not improvement and shows 'Estável' (the spec's quirk, kept on purpose); Melhora only below -10.
 * Fewer than 2 reports (or no thresholds) → insufficient, with the spec's message.
 */
export function summarizeReportEvolution(reports: readonly EvolutionReport[]): ReportEvolutionSummary {
  const sorted = [...reports].sort((a, b) => (a.examDate < b.examDate ? -1 : a.examDate > b.examDate ? 1 : 0));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const insufficient = { sufficient: false, totalReports: reports.length, message: INSUFFICIENT_REPORTS_MESSAGE, rulesVersion: RULES_VERSION } as const;
  if (!first || !last || sorted.length < 2) return insufficient;
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  const rightDifference = diff(earMeanThreshold(first.exam.rightEar), earMeanThreshold(last.exam.rightEar));
  const leftDifference = diff(earMeanThreshold(first.exam.leftEar), earMeanThreshold(last.exam.leftEar));
  const averageDifference = meanOfKnown([rightDifference, leftDifference]);
  if (averageDifference === null) return insufficient;
  const hasProgression = averageDifference > WORSENING_ABOVE_DB;
  const isStable = Math.abs(averageDifference) <= STABLE_WITHIN_DB;
  const hasImprovement = averageDifference < IMPROVEMENT_BELOW_DB && !isStable;
  const status: EvolutionStatus = hasProgression ? 'Agravamento' : hasImprovement ? 'Melhora' : 'Estável';
  const binaural = (r: EvolutionReport) => meanOfKnown([earMeanThreshold(r.exam.rightEar), earMeanThreshold(r.exam.leftEar)]);
  return {
    sufficient: true,
    hasProgression,
    hasImprovement,
    isStable,
    status,
    averageDifference,
    rightDifference,
    leftDifference,
    firstClassification: lossClassFromMean(binaural(first)),
    lastClassification: lossClassFromMean(binaural(last)),
    daysBetween: daysBetween(first.examDate, last.examDate),
    totalReports: sorted.length,
    recommendation: RECOMMENDATIONS[status],
    rulesVersion: RULES_VERSION,
  };
}
