import { describe, expect, it } from 'vitest';
import { anEar } from '../../audiogram/audiogram-builder';
import type { AudiometricExam, ExamConditions } from '../../audiogram/audiogram';
import { checkExamValidity } from './exam-validity';

const ok: ExamConditions = { restHours: 14, lastAcousticCheckDate: '2023-06-01' };
const exam = (conditions: ExamConditions, right = anEar(10), left = anEar(10)): AudiometricExam => ({ date: '2024-06-01', right, left, conditions });
const codes = (e: AudiometricExam) => checkExamValidity(e).map((f) => f.code);

describe('checkExamValidity (NR-7 Anexo II items 3.2–3.6.1)', () => {
  it('has no finding for a complete, rested exam with a 12-month-old acoustic check', () => {
    expect(checkExamValidity(exam(ok))).toEqual([]);
  });
  it.each([
    [{ ...ok, restHours: 13.9 }, 'NR7.REST_UNDER_14H'],
    [{ ...ok, restHours: undefined }, 'NR7.REST_NOT_RECORDED'],
    [{ ...ok, lastAcousticCheckDate: '2023-05-31' }, 'NR7.ACOUSTIC_CHECK_OVERDUE'],
    [{ ...ok, lastAcousticCheckDate: undefined }, 'NR7.ACOUSTIC_CHECK_NOT_RECORDED'],
    [{ ...ok, lastCalibrationDate: '2019-05-31' }, 'NR7.CALIBRATION_OVERDUE'],
    [{ ...ok, lastCalibrationDate: '2023-01-01', manufacturerCalibrationMonths: 12 }, 'NR7.CALIBRATION_OVERDUE'],
  ])('flags %o as %s', (conditions, code) => {
    expect(codes(exam(conditions))).toEqual([code]);
  });
  it('accepts calibration exactly 5 years old', () => {
    expect(codes(exam({ ...ok, lastCalibrationDate: '2019-06-01' }))).toEqual([]);
  });
  it('lists missing mandatory frequencies and missing bone conduction with pt-BR text and item', () => {
    const findings = checkExamValidity(exam(ok, anEar(10, { 6000: null }), anEar(10, { 4000: 30 })));
    expect(findings.map((f) => [f.code, f.item])).toEqual([
      ['NR7.MANDATORY_FREQUENCY_MISSING', 'NR-7, Anexo II, item 3.6'],
      ['NR7.BONE_CONDUCTION_MISSING', 'NR-7, Anexo II, item 3.6.1'],
    ]);
    expect(findings[0].message).toContain('Orelha direita');
    expect(findings[0].message).toContain('6000 Hz');
    expect(findings[1].message).toContain('Orelha esquerda');
  });
  it('does not ask for bone conduction when it is present', () => {
    const left = anEar(10, { 4000: 30 }, { 500: 10, 1000: 10, 2000: 10, 3000: 10, 4000: 30 });
    expect(codes(exam(ok, anEar(10), left))).toEqual([]);
  });
});
