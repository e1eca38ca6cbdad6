// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamResponse, ReadingNoteResponse } from '../../adapters/src/http/contract/exams';
import { AudiogramReviewGrid } from '../../web/src/features/upload';
import { toast } from '../../web/src/lib/toast';
import { fakeApi, renderApp } from './support/render-app';

// The chart is Plotly in a lazy chunk (the browser tests draw it); here a stand-in shows the values it is given.
vi.mock('../../web/src/components/audiogram/audiogram-chart', () => ({
  default: ({ values }: { values: { air: Record<string, { re: unknown; le: unknown }> } }) => (
    <output data-testid="chart">{JSON.stringify(values.air['4000'])}</output>
  ),
}));

const air = (re: number[], le: number[]) =>
  Object.fromEntries([250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: re[i], le: le[i] }]));

const reading: ReadingNoteResponse = {
  extractedFrom: 'joao.pdf',
  attempts: [{ reader: 'text-layer', status: 'read' }],
  confidence: 'medium',
  observations: [],
  pointConfidence: { right: { air: { '4000': 'low', '6000': 'medium' }, bone: {} }, left: { air: {}, bone: {} } },
};

const exam = (patch: Partial<ExamResponse> = {}): ExamResponse => ({
  id: 'e1', date: '2025-03-01', createdAt: '2025-03-01T12:00:00Z', operatorName: null, operatorCrm: null, operatorCrmState: null, operatorRegistration: null,
  patientId: 'p1', patientName: 'João', patientSex: 'M', patientAge: 40, patientAgeAtExam: 40, patientCompany: null, observacoes: null, anamnese: null,
  meatoscopia: null, mascaramento: null, audiogramDataId: 'a1', speechTestId: null,
  audiogram: { air: air([10, 10, 15, 20, 30, 45, 40, 20], [10, 10, 10, 15, 20, 25, 25, 15]), bone: {} },
  speechTest: null, ambienteJson: reading, consultationType: null, consultationReason: null, ambientNoiseDb: null, calibrationDate: null, transducer: null,
  acousticRestHours: null, classification: { classification_right: 'sugestivo_pair', classification_left: 'normal' }, rulesVersion: 'test', referenceDesignation: null,
  ...patch,
});

const cell = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`[data-cell="${name}"]`)!;

describe('AudiogramReviewGrid', () => {
  it('fills both ears from the reading, marks the unsure points (low, medium) in the legend and on the cells, and a reviewed cell loses its mark', async () => {
    fakeApi();
    const { container } = renderApp(<AudiogramReviewGrid exam={exam()} />, { path: '/exams/e1' });
    expect(cell(container, 'air.4000.RE').value).toBe('45');
    expect(cell(container, 'air.4000.LE').value).toBe('25');
    expect(container.querySelectorAll('[data-grid="bone"] input[type="number"]')).toHaveLength(10); // 5 bone frequencies × 2 ears
    expect(screen.getByText(/baixa confiança — revise \(1 ponto\(s\)\)/)).toBeTruthy();
    expect(screen.getByText(/confiança média \(1 ponto\(s\)\)/)).toBeTruthy();
    expect(cell(container, 'air.4000.RE').dataset.confidence).toBe('low');
    expect(cell(container, 'air.6000.RE').dataset.confidence).toBe('medium');
    expect(cell(container, 'air.4000.LE').dataset.confidence).toBeUndefined();
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(screen.getByTestId('review-classification').textContent).toContain('Orelha esquerda (OE)');

    fireEvent.change(cell(container, 'air.4000.RE'), { target: { value: '50' } });
    expect(cell(container, 'air.4000.RE').dataset.confidence).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe(JSON.stringify({ re: 50, le: 25 })));
  });

  it('refuses a value off the 5 dB grid before sending, and saves the corrected grid (NR as {nr}) with the reclassified exam', async () => {
    const saved = exam({ classification: { classification_right: 'normal', classification_left: 'normal' } });
    const calls = fakeApi({ 'PUT /exams/e1/audiogram': { body: saved } });
    const success = vi.spyOn(toast, 'success');
    const onSaved = vi.fn();
    const { container } = renderApp(<AudiogramReviewGrid exam={exam()} onSaved={onSaved} />, { path: '/exams/e1' });

    fireEvent.change(cell(container, 'air.4000.RE'), { target: { value: '47' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar audiograma' }));
    expect(screen.getByRole('alert').textContent).toBe('Verifique os limiares destacados.');
    expect(cell(container, 'air.4000.RE').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(cell(container, 'air.4000.RE'), { target: { value: '90' } });
    await userEvent.click(screen.getByRole('button', { name: 'NR — sem resposta, Orelha direita (OD), via aérea, 4000 Hz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar audiograma' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const body = calls.find((c) => c.method === 'PUT')?.body as { audiogram: { air: Record<string, unknown>; bone: Record<string, unknown> } };
    expect(body.audiogram.air['4000']).toEqual({ re: { nr: 90 }, le: 25 });
    expect(body.audiogram.air['250']).toEqual({ re: 10, le: 10 });
    expect(body.audiogram.bone['500']).toEqual({ re: null, le: null });
    expect(success).toHaveBeenCalledWith('Audiograma salvo e reclassificado com sucesso!');
    expect(screen.getByText('Classificação recalculada com os limiares salvos.')).toBeTruthy();
  });

  it('a failed reading without thresholds opens empty for manual entry and will not save without an air threshold', async () => {
    const calls = fakeApi();
    const failed = exam({ audiogram: { air: {}, bone: {} }, ambienteJson: { ...reading, pointConfidence: undefined, analysisFailed: true, confidence: 'unknown' } });
    const { container } = renderApp(<AudiogramReviewGrid exam={failed} />, { path: '/exams/e1' });
    expect(screen.getByText('Preenchimento manual')).toBeTruthy();
    expect(screen.getByText(/'joao.pdf'/)).toBeTruthy();
    expect(cell(container, 'air.1000.RE').value).toBe('');
    expect(screen.queryByTestId('review-classification')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Salvar audiograma' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Informe pelo menos um limiar por via aérea.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
