import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '../rules/rules-version';
import { buildReportFacts } from './report-facts';
import { aReportExam, incompleteScenario, normalScenario, notchScenario } from '../testing/report-fixtures';

describe('buildReportFacts', () => {
  it('classifies each ear and compares it with the reference exam in force', () => {
    const f = buildReportFacts(notchScenario());
    expect(f.rulesVersion).toBe(RULES_VERSION);
    expect([f.ears.right.nr7Class, f.ears.right.nr7Item, f.ears.right.pairoGrade]).toEqual(['sugestivo_painpse', '5.2', 'leve']);
    expect([f.ears.left.nr7Class, f.ears.left.pairoGrade, f.ears.left.mean346]).toEqual(['sugestivo_painpse', 'moderado', 48.33]);
    expect(f.comparison).toMatchObject({ referenceDate: '2023-03-10', desencadeamento: true, agravamento: false, newReferenceDate: '2025-03-10' });
    expect(f.comparison?.right).toMatchObject({ referenceClass: 'aceitavel', deltaMean346: 18.33, maxShift346: 25, item: '5.3.1', criteria: ['a', 'b'] });
    expect(f.history.map((h) => [h.date, h.isReported])).toEqual([['2023-03-10', false], ['2025-03-10', true]]);
    expect(f.professional.registry).toBe('CRM 123456/SP');
    expect(f.patient.cpf).toBe('529.982.247-25');
    expect(f.nexo).toMatchObject({ level: 'provavel', rule: 'N6' });
    expect(f.nexo?.checklist).toHaveLength(9);
  });

  it('ignores exams dated after the reported one', () => {
    const input = notchScenario();
    const later = aReportExam('e-3', '2026-01-10', input.exam.right, input.exam.left);
    const f = buildReportFacts({ ...input, history: [...input.history, later] });
    expect(f.history.map((h) => h.examId)).toEqual(['e-1', 'e-2']);
  });

  it('treats the first exam as the reference: no comparison, no trigger', () => {
    const f = buildReportFacts(normalScenario());
    expect(f.exam.isReference).toBe(true);
    expect(f.comparison).toBeNull();
    expect(f.nexo).toBeNull();
    expect(f.missing).toEqual([]);
    expect(f.validity).toMatchObject({ restOk: true, equipmentOk: true, findings: [] });
  });

  it('applies the physician’s "já confirmado" per ear to NR-7 item 5.4 (I6)', () => {
    const base = notchScenario();
    const third = aReportExam('e-3', '2026-03-10', base.exam.right, { air: { ...base.exam.left.air, 500: 35, 1000: 35, 2000: 35 } });
    const history = [...base.history, third];
    const unconfirmed = buildReportFacts({ ...base, exam: third, history, confirmedPainpse: { left: false } });
    const confirmed = buildReportFacts({ ...base, exam: third, history, confirmedPainpse: { left: true } });
    expect(unconfirmed.comparison?.left.agravamento).toBe(false);
    expect(confirmed.comparison?.left).toMatchObject({ agravamento: true, item: '5.4', confirmedByProfessional: true });
    expect(confirmed.comparison?.referenceDate).toBe('2025-03-10');
  });

  it('lists the missing data the laudo must flag', () => {
    const f = buildReportFacts(incompleteScenario());
    expect(f.missing.map((m) => m.code)).toEqual([
      'NR7.REST_NOT_RECORDED', 'NR7.ACOUSTIC_CHECK_NOT_RECORDED', 'NR7.BONE_CONDUCTION_MISSING',
      'NR7.MANDATORY_FREQUENCY_MISSING', 'NR7.BONE_CONDUCTION_MISSING', 'NEXO.ANSWERS_MISSING',
    ]);
    expect(f.ears.left.missingFrequencies).toEqual([6000]);
    expect(f.validity).toMatchObject({ restOk: false, restSource: 'none', equipmentOk: false });
  });

  it('takes the 14 h rest from the questionnaire when the exam does not record it', () => {
    const input = notchScenario();
    const exam = { ...input.exam, acousticRestHours: null };
    const declared = buildReportFacts({ ...input, exam, history: [input.history[0], exam] });
    expect(declared.validity).toMatchObject({ restOk: true, restSource: 'declared' });
    expect(declared.missing.map((m) => m.code)).not.toContain('NR7.REST_NOT_RECORDED');
    const notDone = buildReportFacts({ ...input, exam, history: [input.history[0], exam], nexoAnswers: { ...input.nexoAnswers!, repousoAuditivo14h: 'nao' } });
    expect(notDone.validity.restOk).toBe(false);
    expect(notDone.missing.map((m) => m.code)).toContain('NR7.REST_NOT_DONE');
    expect(notDone.nexo).toMatchObject({ level: 'indeterminado', rule: 'N4' });
  });

  it('refuses an exam of another patient (caller bug)', () => {
    const input = normalScenario();
    expect(() => buildReportFacts({ ...input, exam: { ...input.exam, patientId: 'other' } })).toThrow(/another patient/);
  });
});
