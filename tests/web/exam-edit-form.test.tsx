// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamResponse } from '../../adapters/src/http/contract/exams';
import { ExamEditForm } from '../../web/src/features/exams/components/exam-edit-form';
import { toast } from '../../web/src/lib/toast';
import { fakeApi, renderApp } from './support/render-app';

const exam: ExamResponse = {
  id: 'e1', date: '2025-03-01', createdAt: '2025-03-01T12:00:00Z', operatorName: 'Fernanda Rocha', operatorCrm: null, operatorCrmState: null,
  operatorRegistration: 'CRFa 2-12345', patientId: 'p1', patientName: 'José da Silva', patientSex: 'M', patientAge: 45, patientAgeAtExam: 45,
  patientCompany: null, observacoes: null, anamnese: 'Sem queixas', meatoscopia: { od: 'Normal', oe: null }, mascaramento: null,
  audiogramDataId: null, speechTestId: null, audiogram: { air: {}, bone: {} }, speechTest: { srtRe: 15, srtLe: null, wrsRe: 96.5, wrsLe: null },
  ambienteJson: null, consultationType: null, consultationReason: null, examType: null, examTypeLabel: null, ambientNoiseDb: 32.5, calibrationDate: null, transducer: 'TDH-39',
  acousticRestHours: 14, classification: {}, rulesVersion: 'test', referenceDesignation: null,
  recordedBy: null, updatedBy: null, imported: false,
};

describe('ExamEditForm', () => {
  it('starts from the exam (decimal comma), sends the corrections (blanks null, nested meatoscopia and speech test) and says the history was reclassified', async () => {
    const calls = fakeApi({ 'PATCH /exams/e1': ({ body }) => ({ body: { ...exam, date: (body as { date: string }).date } }) });
    const success = vi.spyOn(toast, 'success');
    const onDone = vi.fn();
    renderApp(<ExamEditForm exam={exam} onDone={onDone} />, { path: '/exams/e1' });

    expect((screen.getByLabelText(/Ruído ambiente/) as HTMLInputElement).value).toBe('32,5');
    expect((screen.getByLabelText(/IPRF OD/) as HTMLInputElement).value).toBe('96,5');
    await userEvent.clear(screen.getByLabelText(/Data do exame/));
    await userEvent.type(screen.getByLabelText(/Data do exame/), '2025-02-20');
    await userEvent.clear(screen.getByLabelText(/Anamnese/));
    await userEvent.type(screen.getByLabelText(/Meatoscopia OE/), 'Cerume');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Exame atualizado. O histórico do trabalhador foi reclassificado.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      date: '2025-02-20', operatorName: 'Fernanda Rocha', operatorRegistration: 'CRFa 2-12345', operatorCrm: null, operatorCrmState: null,
      transducer: 'TDH-39', calibrationDate: null, ambientNoiseDb: '32,5', acousticRestHours: '14', observacoes: null, anamnese: null,
      mascaramento: null, meatoscopia: { od: 'Normal', oe: 'Cerume' }, speechTest: { srtRe: '15', srtLe: null, wrsRe: '96,5', wrsLe: null },
    });
  });

  it("a refused correction: the banner and each server issue under its field (nested paths mapped), the form usable again", async () => {
    fakeApi({
      'PATCH /exams/e1': {
        status: 400,
        body: { message: 'Dados inválidos', issues: [{ path: ['speechTest', 'wrsRe'], message: 'IPRF entre 0 e 100' }, { path: ['meatoscopia', 'oe'], message: 'Texto longo demais' }] },
      },
    });
    const onDone = vi.fn();
    renderApp(<ExamEditForm exam={exam} onDone={onDone} />, { path: '/exams/e1' });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Dados inválidos'));
    expect(screen.getByLabelText(/IPRF OD/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('IPRF entre 0 e 100')).toBeTruthy();
    expect(screen.getByLabelText(/Meatoscopia OE/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Texto longo demais')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar Alterações' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });
});
