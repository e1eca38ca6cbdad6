import { describe, expect, it } from 'vitest';
import { percent, prevalence, prevalenceByYear, reportFigures, resultOf, type ExamOutcome } from './outcomes';

const o = (patientId: string, date: string, over: Partial<ExamOutcome> = {}): ExamOutcome =>
  ({ patientId, date, examType: 'periodico', result: 'dentro_limites', desencadeamento: false, agravamento: false, ...over });

describe('resultOf', () => {
  it('takes the worse ear: sugestivo over não sugestivo over dentro dos limites', () => {
    expect(resultOf({ classification_right: 'aceitavel', classification_left: 'sugestivo_painpse' }).result).toBe('sugestivo');
    expect(resultOf({ classification_right: 'nao_sugestivo', classification_left: 'sugestivo_painpse' }).result).toBe('sugestivo');
    expect(resultOf({ classification_right: 'nao_sugestivo', classification_left: 'aceitavel' }).result).toBe('nao_sugestivo');
    expect(resultOf({ classification_right: 'aceitavel', classification_left: 'aceitavel' }).result).toBe('dentro_limites');
    expect(resultOf({ classification_right: null, classification_left: null }).result).toBeNull();
  });
  it('counts an undetermined flag (null) as not shown', () => {
    expect(resultOf({ desencadeamento: null, agravamento: true })).toMatchObject({ desencadeamento: false, agravamento: true });
  });
});

describe('prevalence', () => {
  const outcomes = [
    o('a', '2025-12-01', { result: 'sugestivo' }),
    o('a', '2026-06-01', { result: 'dentro_limites', desencadeamento: false }), // latest in window: not sugestivo
    o('b', '2026-01-10', { result: 'sugestivo', desencadeamento: true }),
    o('b', '2026-03-10', { result: 'sugestivo', agravamento: true }),
    o('c', '2024-01-01', { result: 'sugestivo', agravamento: true }), // outside the window
    o('d', '2026-11-25', { result: 'nao_sugestivo' }), // on the last day: inside
  ];
  it('counts each worker once, by the latest exam for sugestivo and by any exam for the flags', () => {
    expect(prevalence(outcomes, '2025-11-26', '2026-11-25')).toEqual({ workersExamined: 3, sugestivo: 1, desencadeamento: 1, agravamento: 1 });
  });
  it('is zero, not an error, for an empty window', () => {
    expect(prevalence(outcomes, '2030-01-01', '2030-12-31')).toEqual({ workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 });
    expect(percent(0, 0)).toBeNull();
    expect(percent(1, 3)).toBe(33.3);
  });
  it('by calendar year', () => {
    expect(prevalenceByYear(outcomes, 2024, 2026).map((y) => [y.year, y.workersExamined, y.sugestivo, y.agravamento])).toEqual([
      [2024, 1, 1, 1], [2025, 1, 1, 0], [2026, 3, 1, 1],
    ]);
  });
});

describe('reportFigures', () => {
  it('counts audiometries by type and result, flags by exam and by worker, and workers to refer (item 10 b)', () => {
    const f = reportFigures([
      o('a', '2026-02-01', { examType: 'admissional' }),
      o('a', '2026-09-01', { examType: 'periodico', result: 'nao_sugestivo' }),
      o('b', '2026-03-01', { examType: null, result: null }),
      o('c', '2026-04-01', { examType: 'demissional', result: 'sugestivo', desencadeamento: true }),
      o('c', '2026-05-01', { examType: 'monitoracao_pontual', result: 'sugestivo', desencadeamento: true, agravamento: true }),
      o('d', '2025-12-31', { examType: 'periodico', result: 'nao_sugestivo' }),
    ], '2026-01-01', '2026-12-31');
    expect(f).toEqual({
      audiometries: 5, workersExamined: 3,
      byType: { admissional: 1, periodico: 1, retorno_trabalho: 0, mudanca_riscos: 0, demissional: 1, monitoracao_pontual: 1, nao_informado: 1 },
      byResult: { dentro_limites: 1, sugestivo: 2, nao_sugestivo: 1, sem_classificacao: 1 },
      desencadeamentoExams: 2, agravamentoExams: 1, desencadeamentoWorkers: 1, agravamentoWorkers: 1, referredWorkers: 1,
    });
  });
});
