import { describe, expect, it } from 'vitest';
import {
  initialWizardState, newExamBlocker, newExamPayload, nextStep, stepBlocker, WIZARD_MESSAGES, wizardReducer, type WizardState,
} from '../../web/src/features/report-wizard/wizard-state';

/** Issue 14, defect 1: the wizard drafts the laudo for an existing exam; a new exam only from the user's form. */
const at4 = (patch: Partial<WizardState> = {}): WizardState => ({ ...initialWizardState('p1'), step: 4, doctorId: 'd1', consultationType: 'Eletiva', ...patch });
const form = { date: '2025-06-12', operatorName: 'Fga. Lúcia', operatorRegistration: '', ambientNoise: '' };

describe('wizard step 4 (the laudo exam)', () => {
  it('asks for an exam until one of the worker’s exams is chosen', () => {
    expect(stepBlocker(at4())).toBe(WIZARD_MESSAGES.chooseExam);
    const chosen = wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: true });
    expect(chosen.examId).toBe('e1');
    expect(stepBlocker(chosen)).toBeNull();
  });

  it('a chosen exam without thresholds asks for a file, then for a successful reading, then for the reviewed thresholds', () => {
    const chosen = wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: false });
    expect(stepBlocker(chosen)).toBe(WIZARD_MESSAGES.upload);
    const failed = wizardReducer(chosen, { type: 'filesUploaded', files: [{ id: 'f1', fileName: 'a.png', analysisSucceeded: false }] });
    expect(stepBlocker(failed)).toBe(WIZARD_MESSAGES.noSuccessfulAnalysis);
    const read = wizardReducer(failed, { type: 'filesUploaded', files: [{ id: 'f2', fileName: 'a.pdf', analysisSucceeded: true }] });
    expect(stepBlocker(read)).toBe(WIZARD_MESSAGES.reviewReading);
    expect(stepBlocker({ ...read, examHasThresholds: true })).toBeNull();
  });

  it('the new-exam path needs the date, the examiner and a valid or empty noise, then the user’s "Criar exame"', () => {
    const fresh = wizardReducer(at4(), { type: 'examSource', source: 'new-file' });
    expect(stepBlocker(fresh)).toBe(WIZARD_MESSAGES.newExamDate);
    const dated = wizardReducer(fresh, { type: 'newExam', patch: { date: '2025-06-12' } });
    expect(stepBlocker(dated)).toBe(WIZARD_MESSAGES.newExamExaminer);
    const filled = wizardReducer(dated, { type: 'newExam', patch: { operatorName: 'Fga. Lúcia' } });
    expect(stepBlocker(filled)).toBe(WIZARD_MESSAGES.createExam);
    expect(stepBlocker(wizardReducer(filled, { type: 'newExam', patch: { ambientNoise: '-3' } }))).toBe(WIZARD_MESSAGES.newExamNoise);
    // created: now the file
    expect(stepBlocker({ ...filled, examId: 'new' })).toBe(WIZARD_MESSAGES.upload);
  });

  it('choosing a new exam from a file starts its examiner as the logged-in professional in the same step, and never overwrites one typed', () => {
    const operator = { name: 'Dra. Marta Gonçalves', registration: 'CRM 123456/SP' };
    const chosen = wizardReducer(at4(), { type: 'examSource', source: 'new-file', operator });
    expect(chosen.newExam).toMatchObject({ operatorName: operator.name, operatorRegistration: operator.registration, date: '' });
    const typed = at4({ newExam: { ...form, operatorName: 'Fga. Lúcia', operatorRegistration: 'CRFa 1' } });
    expect(wizardReducer(typed, { type: 'examSource', source: 'new-file', operator }).newExam).toMatchObject({ operatorName: 'Fga. Lúcia', operatorRegistration: 'CRFa 1' });
    // the existing-exam path leaves the new exam's form alone
    expect(wizardReducer(chosen, { type: 'examSource', source: 'existing', operator }).newExam.operatorName).toBe(operator.name);
  });

  it('an exam whose laudo is already finalised cannot be drafted again', () => {
    const chosen = wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: true });
    expect(stepBlocker(chosen, { doctorReady: true, examLaudoFinalised: true })).toBe(WIZARD_MESSAGES.examLaudoFinalised);
    expect(stepBlocker(chosen, { doctorReady: true, examLaudoFinalised: false })).toBeNull();
  });

  it('refuses a future exam date and accepts today', () => {
    expect(newExamBlocker({ ...form, date: '2025-06-13' }, '2025-06-12')).toBe(WIZARD_MESSAGES.newExamFutureDate);
    expect(newExamBlocker(form, '2025-06-12')).toBeNull();
  });

  it('creates exactly what the user typed: empty noise is null (not informed), never 0', () => {
    const s = { ...at4(), newExam: form };
    expect(newExamPayload(s)).toEqual({
      patientId: 'p1', date: '2025-06-12', operatorName: 'Fga. Lúcia', operatorRegistration: null, consultationType: 'Eletiva', consultationReason: null,
      ambiente: { ruidoDb: null, transdutor: 'TDH-39' },
    });
    expect(newExamPayload({ ...s, newExam: { ...form, ambientNoise: '32,5' } }).ambiente.ruidoDb).toBe(32.5);
  });

  it('switching worker or exam source forgets the exam, its files and the draft', () => {
    const chosen = { ...wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: true }), reportId: 'r1' };
    const other = wizardReducer(chosen, { type: 'patient', patientId: 'p2' });
    expect(other).toMatchObject({ patientId: 'p2', examId: null, reportId: null, examHasThresholds: false });
    expect(wizardReducer(chosen, { type: 'patient', patientId: 'p1' })).toBe(chosen);
    expect(wizardReducer(chosen, { type: 'examSource', source: 'new-file' })).toMatchObject({ examId: null, reportId: null });
  });

  it('keeps the spec’s step order: the simple type skips the nexo questions', () => {
    expect(nextStep({ step: 2, audiometryType: 'simple' })).toBe(4);
    expect(nextStep({ step: 2, audiometryType: 'nexo-causal' })).toBe(3);
  });
});
