import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_REPORTS_MESSAGE, RECOMMENDATIONS, summarizeReportEvolution, type EvolutionReport } from './report-evolution';

const report = (id: string, examDate: string, right: number, left: number): EvolutionReport => ({
  id,
  examDate,
  exam: { rightEar: { 500: right, 1000: right, 4000: right, 6000: null }, leftEar: { 500: left, 1000: left } },
});

describe('summarizeReportEvolution (spec §3/§4)', () => {
  it.each([
    [10.01, 'Agravamento', true, false, false],
    [10, 'Estável', false, false, true],
    [-4.99, 'Estável', false, false, true],
    [-5, 'Estável', false, false, true],
    [-7, 'Estável', false, false, true], // the spec's quirk: stable flag, not improvement
    [-10, 'Estável', false, false, true],
    [-10.01, 'Melhora', false, true, false],
  ])('average change %d dB → %s', (delta, status, progression, improvement, stable) => {
    const s = summarizeReportEvolution([report('b', '2024-03-01', 20 + delta, 30 + delta), report('a', '2023-03-01', 20, 30)]);
    expect(s).toMatchObject({ sufficient: true, status, hasProgression: progression, hasImprovement: improvement, isStable: stable });
    if (s.sufficient) {
      expect(s.averageDifference).toBeCloseTo(delta, 10);
      expect(s.recommendation).toBe(RECOMMENDATIONS[status as keyof typeof RECOMMENDATIONS]);
    }
  });

  it('averages the two ear differences, sorts by date and counts whole days', () => {
    const s = summarizeReportEvolution([report('b', '2024-03-01', 40, 20), report('a', '2023-03-01', 20, 20), report('c', '2023-09-01', 90, 90)]);
    expect(s).toMatchObject({ rightDifference: 20, leftDifference: 0, averageDifference: 10, daysBetween: 366, totalReports: 3 });
    expect(s).toMatchObject({ firstClassification: 'Normal', lastClassification: 'Leve' });
  });

  it('needs at least 2 reports', () => {
    expect(summarizeReportEvolution([report('a', '2023-03-01', 20, 20)])).toMatchObject({
      sufficient: false,
      totalReports: 1,
      message: INSUFFICIENT_REPORTS_MESSAGE,
    });
    expect(INSUFFICIENT_REPORTS_MESSAGE).toBe('Necessário pelo menos 2 laudos para análise evolutiva.');
  });
});
