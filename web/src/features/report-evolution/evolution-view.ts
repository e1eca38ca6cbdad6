import { earMeanThreshold, summarizeReportEvolution, type ReportEvolutionSummary, formatDateBr } from '../../../../core/src/index';
import type { PatientReport } from './api';

/**
 * Shapes the laudos into what the screen draws. Every number comes from core's report-based
 * evolution functions (`summarizeReportEvolution`, `earMeanThreshold`); this module only sorts,
 * picks and labels (spec §2/§3/§9).
 */

/** Spec §9: 250–8000 Hz including 3000 and 6000 Hz in the report-based evolution. */
export const EVOLUTION_FREQUENCIES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;

/** Spec §9: a 6-colour series palette, cycled per exam. */
export const SERIES_PALETTE = ['#0f766e', '#b91c1c', '#1d4ed8', '#b45309', '#7c3aed', '#be185d'] as const;

export interface ExamSeries {
  id: string;
  examDate: string;
  /** dd/mm/aaaa */
  label: string;
  color: string;
  /** Thresholds per EVOLUTION_FREQUENCIES, dB HL; null = not measured. */
  right: (number | null)[];
  left: (number | null)[];
}

export interface ReportEvolutionView {
  patientName: string;
  /** Laudos sorted by examDate ascending (spec §4). */
  reports: PatientReport[];
  summary: ReportEvolutionSummary;
  series: ExamSeries[];
  /** Chart 2: mean threshold per ear per exam, labelled by month/year. */
  timeline: { label: string; examDate: string; right: number | null; left: number | null }[];
  /** Chart 3: binaural mean per frequency of the first and last exam. */
  radar: { first: ExamSeries & { binaural: (number | null)[] }; last: ExamSeries & { binaural: (number | null)[] } } | null;
}

const monthShort = new Intl.DateTimeFormat('pt-BR', { month: 'short', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const utc = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** '2024-03-01' → '1 de março de 2024'. */
export const formatLongDateBr = (isoDate: string) => longDate.format(utc(isoDate));
/** '2024-03-01' → 'mar/2024'. */
export const formatMonthYear = (isoDate: string) => `${monthShort.format(utc(isoDate)).replace('.', '')}/${isoDate.slice(0, 4)}`;

/** '+12,5 dB' / '-7 dB' / '0 dB': the average change with its sign. */
export const formatSignedDb = (value: number) =>
  `${value > 0 ? '+' : ''}${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} dB`;

const at = (ear: Readonly<Record<string, number | null>>, hz: number) => ear[String(hz)] ?? null;

export function buildReportEvolutionView(input: readonly PatientReport[]): ReportEvolutionView {
  const reports = [...input].sort((a, b) => (a.examDate < b.examDate ? -1 : a.examDate > b.examDate ? 1 : 0));
  const summary = summarizeReportEvolution(reports.map((r) => ({ id: r.id, examDate: r.examDate.slice(0, 10), exam: r.exam })));
  const series = reports.map((r, i) => ({
    id: r.id,
    examDate: r.examDate,
    label: formatDateBr(r.examDate.slice(0, 10)),
    color: SERIES_PALETTE[i % SERIES_PALETTE.length],
    right: EVOLUTION_FREQUENCIES.map((hz) => at(r.exam.rightEar, hz)),
    left: EVOLUTION_FREQUENCIES.map((hz) => at(r.exam.leftEar, hz)),
  }));
  // two exams in the same month keep separate points on the category axis
  const seen = new Map<string, number>();
  const timeline = reports.map((r) => {
    const base = formatMonthYear(r.examDate);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { label: n > 1 ? `${base} (${n})` : base, examDate: r.examDate, right: earMeanThreshold(r.exam.rightEar), left: earMeanThreshold(r.exam.leftEar) };
  });
  // the binaural mean of one frequency is the mean of the measured values of the two ears
  const withBinaural = (s: ExamSeries) => ({ ...s, binaural: EVOLUTION_FREQUENCIES.map((_, i) => earMeanThreshold({ right: s.right[i], left: s.left[i] })) });
  const radar = series.length >= 2 ? { first: withBinaural(series[0]), last: withBinaural(series[series.length - 1]) } : null;
  return { patientName: reports[0]?.patientName ?? '', reports, summary, series, timeline, radar };
}
