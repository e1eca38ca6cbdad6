import { describe, expect, it } from 'vitest';
import { initialWizardState, stepBlocker, WIZARD_MESSAGES, wizardReducer, type WizardState } from '../../web/src/features/report-wizard/wizard-state';

/** Issue 14 follow-up: a reading held for review waits for the professional; it is not a failed analysis. */
const at4 = (patch: Partial<WizardState> = {}): WizardState => ({ ...initialWizardState('p1'), step: 4, doctorId: 'd1', consultationType: 'Eletiva', ...patch });

describe('wizard step 4 with a held reading', () => {
  it('asks to apply the held reading (not the no-successful-analysis message), and goes on once the exam has thresholds', () => {
    const chosen = wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: false });
    const held = wizardReducer(chosen, { type: 'filesUploaded', files: [{ id: 'f1', fileName: 'joao.pdf', analysisSucceeded: false, reviewPending: true }] });
    expect(stepBlocker(held)).toBe(WIZARD_MESSAGES.applyHeldReading);
    expect(stepBlocker(held)).not.toBe(WIZARD_MESSAGES.noSuccessfulAnalysis);
    expect(stepBlocker({ ...held, examHasThresholds: true })).toBeNull();
  });

  it('discarded (no longer pending, still no thresholds): back to the manual-entry message', () => {
    const chosen = wizardReducer(at4(), { type: 'chooseExam', examId: 'e1', hasThresholds: false });
    const held = wizardReducer(chosen, { type: 'filesUploaded', files: [{ id: 'f1', fileName: 'joao.pdf', analysisSucceeded: false, reviewPending: true }] });
    const discarded = { ...held, uploadedFiles: held.uploadedFiles.map((f) => ({ ...f, reviewPending: false })) };
    expect(stepBlocker(discarded)).toBe(WIZARD_MESSAGES.noSuccessfulAnalysis);
  });
});
