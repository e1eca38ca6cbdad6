import { describe, expect, it } from 'vitest';
import { classifyPatientExams } from '../exams/classify-exams';
import { audiometryFactsOf, esocialAudiometry, type AudiometryFacts } from './audiometry-result';

const FREQS = [500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
const ear = (v: Array<number | null>) => ({ air: Object.fromEntries(FREQS.map((hz, i) => [hz, v[i]])) });
const NORMAL = [10, 10, 10, 15, 15, 15, 10];
const exam = (date: string, right: Array<number | null>, left: Array<number | null> = NORMAL, i = 0) => ({
  id: date, date, right: ear(right), left: ear(left), acousticRestHours: null, calibrationDate: null, createdAt: new Date(i), referenceDesignation: null,
});
const mapHistory = (...exams: Array<ReturnType<typeof exam>>) =>
  classifyPatientExams(exams, {}).map((e) => esocialAudiometry(audiometryFactsOf(e.classification)));

const facts = (over: Partial<AudiometryFacts>): AudiometryFacts => ({
  role: 'sequencial', classificationRight: 'aceitavel', classificationLeft: 'aceitavel', desencadeamento: false, agravamento: false,
  referenceDate: '2024-01-10', missingRight: [], missingLeft: [], ...over,
});

describe('esocialAudiometry (S-2220 ordExame / indResult, docs/esocial.md §2)', () => {
  it('a worker with three exams — reference within limits, stable, worsening — is 1/1, 2/3, 2/4', () => {
    const mapped = mapHistory(
      exam('2024-01-10', [10, 10, 15, 20, 20, 20, 15]),
      exam('2025-01-10', [10, 10, 15, 20, 30, 20, 15]), // 4 kHz 30 dB: sugestivo; shift 10 < 15, mean +3.3 < 10
      exam('2026-01-10', [10, 10, 15, 30, 45, 35, 15]), // 4 kHz +25 against the reference: desencadeamento (5.3)
    );
    expect(mapped.map((m) => [m!.ordExame, m!.indResult])).toEqual([[1, 1], [2, 3], [2, 4]]);
    expect(mapped[1]!.reasons.join(' ')).toContain('de 10/01/2024');
  });

  it('reference: any altered ear → 2 alterado (sugestivo or não sugestivo); within limits → 1', () => {
    expect(esocialAudiometry(facts({ role: 'referencia', classificationLeft: 'nao_sugestivo', desencadeamento: null, agravamento: null }))).toMatchObject({ ordExame: 1, indResult: 2 });
    expect(esocialAudiometry(facts({ role: 'referencia', classificationRight: 'sugestivo_painpse', desencadeamento: null, agravamento: null }))).toMatchObject({ ordExame: 1, indResult: 2 });
    expect(esocialAudiometry(facts({ role: 'referencia', desencadeamento: null, agravamento: null }))).toMatchObject({ ordExame: 1, indResult: 1 });
  });

  it('sequential: desencadeamento or agravamento → 4 (even if the other criterion is undetermined); altered without → 3; within limits → 1', () => {
    expect(esocialAudiometry(facts({ agravamento: true, classificationRight: 'sugestivo_painpse' }))).toMatchObject({ ordExame: 2, indResult: 4 });
    expect(esocialAudiometry(facts({ desencadeamento: true, agravamento: null }))).toMatchObject({ ordExame: 2, indResult: 4 });
    expect(esocialAudiometry(facts({ classificationLeft: 'nao_sugestivo' }))).toMatchObject({ ordExame: 2, indResult: 3 });
    expect(esocialAudiometry(facts({}))).toMatchObject({ ordExame: 2, indResult: 1 });
  });

  it('an undetermined comparison (a needed threshold missing, nothing met) is never guessed: indResult null, with the reason', () => {
    const m = esocialAudiometry(facts({ desencadeamento: null, classificationRight: 'sugestivo_painpse', missingRight: [4000] }));
    expect(m).toMatchObject({ ordExame: 2, indResult: null });
    expect(m!.reasons.join(' ')).toContain('indeterminada');
    expect(m!.reasons.join(' ')).toContain('4000 Hz (OD)');
    // from a real history: 4 kHz not measured in the sequential exam of a reference-normal worker
    const [, seq] = mapHistory(exam('2024-01-10', NORMAL), exam('2025-01-10', [10, 10, 10, 15, null, 15, 10]));
    expect(seq).toMatchObject({ ordExame: 2, indResult: null });
  });

  it('a reference exam with an ear untested is undetermined unless the other ear is altered; an exam without thresholds has no audiometry', () => {
    expect(esocialAudiometry(facts({ role: 'referencia', classificationLeft: null, desencadeamento: null, agravamento: null }))).toMatchObject({ indResult: null });
    expect(esocialAudiometry(facts({ role: 'referencia', classificationLeft: null, classificationRight: 'sugestivo_painpse', desencadeamento: null, agravamento: null }))).toMatchObject({ indResult: 2 });
    expect(esocialAudiometry(facts({ role: 'sem_limiares' }))).toBeUndefined();
    expect(audiometryFactsOf({}).role).toBe('sem_limiares');
  });

  it('a designated reference exam (I12) is ordExame 1 again; the exam after it is compared with it', () => {
    const designated = { ...exam('2025-01-10', [10, 10, 15, 25, 40, 30, 15], NORMAL, 1), referenceDesignation: { reason: 'Novo exame de referência', designatedBy: 'Dra. Ana', designatedAt: '2025-01-10T12:00:00Z' } };
    const out = classifyPatientExams([exam('2024-01-10', NORMAL), designated, exam('2026-01-10', [10, 10, 15, 25, 40, 30, 15], NORMAL, 2)], {})
      .map((e) => esocialAudiometry(audiometryFactsOf(e.classification)));
    expect(out.map((m) => [m!.ordExame, m!.indResult])).toEqual([[1, 1], [1, 2], [2, 3]]);
  });
});
