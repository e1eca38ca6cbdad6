import { describe, expect, it } from 'vitest';
import { anEar, anExam } from '../audiogram/audiogram-builder';
import { buildExamEvolution, DIAGNOSIS_NOTICE, INSUFFICIENT_EXAMS_MESSAGE } from './exam-evolution';

describe('buildExamEvolution (spec §3, exam-based)', () => {
  it('raises pt-BR alerts from the real desencadeamento rule against the reference in force', () => {
    const e = buildExamEvolution([
      anExam('2024-01-10', anEar(10, { 3000: 20, 4000: 20, 6000: 20 }), anEar(10)),
      anExam('2023-01-10', anEar(10), anEar(10)),
    ]);
    expect(e).toMatchObject({
      hasMultipleExams: true,
      totalExams: 2,
      firstExamDate: '2023-01-10',
      lastExamDate: '2024-01-10',
      monitoringPeriodDays: 365,
      hasWorseningPortaria19: true,
    });
    expect(e.exams.map(({ date, role, ptaRightEar, ptaLeftEar }) => ({ date, role, ptaRightEar, ptaLeftEar }))).toEqual([
      { date: '2023-01-10', role: 'referencia', ptaRightEar: 10, ptaLeftEar: 10 },
      { date: '2024-01-10', role: 'sequencial', ptaRightEar: 10, ptaLeftEar: 10 },
    ]);
    expect(e.exams[1].mean346RightEar).toBeGreaterThan(e.exams[0].mean346RightEar as number);
    expect(e.events.map((x) => [x.kind, x.ears, x.examDate, x.referenceDate])).toEqual([['desencadeamento', ['right'], '2024-01-10', '2023-01-10']]);
    expect(e.events[0].title).toBe('Desencadeamento sugestivo de PAINPSE em 10/01/2024 (orelha direita), em relação ao exame de referência de 10/01/2023');
    expect(e.alerts).toEqual([
      'Exame de 10/01/2024, orelha direita: sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de 10/01/2023 (NR-7, Anexo II, item 5.3, critério a).',
      DIAGNOSIS_NOTICE,
    ]);
  });

  it('cites Portaria 19 numbering for exams before 2022-01-03 and reports indeterminate comparisons', () => {
    const e = buildExamEvolution([
      anExam('2019-01-10', anEar(10), anEar(10, { 6000: null })),
      anExam('2020-01-10', anEar(10, { 3000: 30, 4000: 30 }), anEar(10)),
    ]);
    expect(e.alerts[0]).toContain('item 4.2.2, critério a/b');
    expect(e.alerts[1]).toContain('orelha esquerda: comparação em relação ao exame de referência de 10/01/2019 indeterminada');
  });

  it('answers the insufficient-data message with fewer than 2 exams', () => {
    const e = buildExamEvolution([anExam('2023-01-10', anEar(10))]);
    expect(e).toMatchObject({ hasMultipleExams: false, message: INSUFFICIENT_EXAMS_MESSAGE, hasWorseningPortaria19: false, alerts: [] });
  });
});
