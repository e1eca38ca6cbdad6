// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamResponse, ReadingNoteResponse } from '../../adapters/src/http/contract/exams';
import type { ExamReadingResponse } from '../../adapters/src/http/contract/readings';
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
  speechTest: null, ambienteJson: reading, consultationType: null, consultationReason: null, examType: null, examTypeLabel: null, ambientNoiseDb: null, calibrationDate: null, transducer: null,
  acousticRestHours: null, classification: { classification_right: 'sugestivo_pair', classification_left: 'normal' }, rulesVersion: 'test', referenceDesignation: null,
  recordedBy: null, updatedBy: null, imported: false,
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

  describe('a chart picture read with a second opinion (issue 17)', () => {
    const chartNote: ReadingNoteResponse = {
      extractedFrom: 'grafico.png',
      fileId: 'f1',
      attempts: [{ reader: 'pdf-text', status: 'not_applicable' }, { reader: 'chart-image', status: 'read' }, { reader: 'ollama:qwen2.5vl:7b', status: 'read' }],
      confidence: 'low',
      source: 'chart-image',
      observations: [],
      pointConfidence: { right: { air: { '1000': 'high', '4000': 'low', '6000': 'medium' }, bone: {} }, left: { air: { '4000': 'high' }, bone: {} } },
      positions: { right: { air: { '1000': { x: 0.4, y: 0.3 }, '4000': { x: 0.7, y: 0.5 }, '6000': { x: 0.8, y: 0.45 } }, bone: {} }, left: { air: { '4000': { x: 0.7, y: 0.4 } }, bone: {} } },
      secondOpinion: {
        status: 'disagreed', source: 'ollama:qwen2.5vl:7b',
        disagreements: [{ ear: 'right', conduction: 'air', frequencyHz: 4000, primary: { value: 45, noResponse: false }, secondary: { value: 60, noResponse: false } }],
      },
    };
    /** fakeApi answers JSON; the picture download answers a PNG (or fails with `status`). */
    function withPicture(answers: Parameters<typeof fakeApi>[0] = {}, status = 200) {
      const calls = fakeApi(answers);
      const json = globalThis.fetch;
      vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) =>
        String(url) === '/api/files/f1/download'
          ? new Response(status === 200 ? new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }) : '{}', { status, headers: { 'content-type': status === 200 ? 'image/png' : 'application/json' } })
          : json(url, init)));
      return calls;
    }

    it('lists the points to check (low first, both values where the readers disagree) and draws the marks on the picture at their positions', async () => {
      withPicture();
      const { container } = renderApp(<AudiogramReviewGrid exam={exam({ ambienteJson: chartNote })} />, { path: '/exams/e1' });
      const items = within(screen.getByTestId('points-to-check')).getAllByRole('button');
      expect(items.map((b) => b.textContent)).toEqual([
        'OD, via aérea, 4000 HzLeitor de gráfico: 45 dB · Ollama: 60 dBconfiança baixa',
        'OD, via aérea, 6000 Hz40 dBconfiança média',
      ]);
      const picture = await screen.findByTestId('reading-picture');
      expect(within(picture).getByRole('img', { name: 'Audiograma enviado (grafico.png)' })).toBeTruthy();
      const marks = [...picture.querySelectorAll<HTMLElement>('[data-mark]')];
      expect(marks.map((m) => [m.dataset.mark, m.style.left, m.style.top, m.dataset.confidence])).toEqual([
        ['air.4000.RE', '70%', '50%', 'low'],
        ['air.6000.RE', '80%', '45%', 'medium'],
        ['air.1000.RE', '40%', '30%', 'high'],
        ['air.4000.LE', '70%', '40%', 'high'],
      ]);
      expect(picture.querySelector('[data-mark="air.4000.RE"] .reading-mark__ring')).toBeTruthy();
      expect(picture.querySelector('[data-mark="air.1000.RE"] .reading-mark__ring')).toBeNull();

      // the list takes the keyboard to the cell, and the cell's symbol is circled
      await userEvent.click(items[0]);
      expect(document.activeElement).toBe(cell(container, 'air.4000.RE'));
      expect(picture.querySelector('[data-mark="air.4000.RE"]')!.classList).toContain('reading-mark--active');
      // focusing another cell moves the highlight; clicking a symbol focuses its cell
      cell(container, 'air.4000.LE').focus();
      await waitFor(() => expect(picture.querySelector('[data-mark="air.4000.LE"]')!.classList).toContain('reading-mark--active'));
      expect(picture.querySelector('[data-mark="air.4000.RE"]')!.classList).not.toContain('reading-mark--active');
      await userEvent.click(picture.querySelector<HTMLElement>('[data-mark="air.1000.RE"]')!);
      expect(document.activeElement).toBe(cell(container, 'air.1000.RE'));
      // a reviewed point leaves the list
      fireEvent.change(cell(container, 'air.4000.RE'), { target: { value: '55' } });
      expect(within(screen.getByTestId('points-to-check')).getAllByRole('button')).toHaveLength(1);
    });

    it('a picture that cannot be downloaded says so and offers a retry; the grid stays usable', async () => {
      withPicture({}, 404);
      const { container } = renderApp(<AudiogramReviewGrid exam={exam({ ambienteJson: chartNote })} />, { path: '/exams/e1' });
      expect(await screen.findByText('Não foi possível carregar a imagem do exame')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
      expect(cell(container, 'air.4000.RE').value).toBe('45');
    });
    it('a held reading the second opinion disagrees with: the banner, both values in the list, the picture beside the read values', async () => {
      const heldNote: ReadingNoteResponse = { ...chartNote, reviewPending: { readingId: 'r1', fileName: 'grafico.png', reasons: ['confidence'] } };
      const heldReading: ExamReadingResponse = {
        id: 'r1', examId: 'e1', fileId: 'f1', fileName: 'grafico.png', status: 'pending', reasons: ['confidence'], confidence: 'low', source: 'chart-image', observations: [],
        audiogram: { air: air([10, 10, 15, 20, 30, 45, 40, 20], [10, 10, 10, 15, 20, 25, 25, 15]), bone: {} },
        pointConfidence: chartNote.pointConfidence!, positions: chartNote.positions!, secondOpinion: chartNote.secondOpinion!,
        identity: { status: 'not_stated', matched: [], mismatched: [], stated: {}, worker: { name: 'João', cpf: null, birthDate: null } },
        createdAt: '2025-03-01T12:00:00Z', decidedAt: null, decidedBy: null, reviewedBy: null,
      };
      withPicture({ 'GET /exams/e1/readings': { body: { items: [heldReading] } } });
      renderApp(<AudiogramReviewGrid exam={exam({ audiogram: { air: {}, bone: {} }, ambienteJson: heldNote })} />, { path: '/exams/e1' });
      const held = await screen.findByTestId('pending-reading');
      expect(within(held).getByText('A segunda opinião diverge da leitura')).toBeTruthy();
      const items = within(within(held).getByTestId('points-to-check')).getAllByRole('button');
      expect(items[0].textContent).toBe('OD, via aérea, 4000 HzLeitor de gráfico: 45 dB · Ollama: 60 dBconfiança baixa');
      const picture = await within(held).findByTestId('reading-picture');
      expect(picture.querySelectorAll('[data-mark]')).toHaveLength(4);
      await userEvent.click(items[0]);
      expect(document.activeElement).toBe(held.querySelector('[data-read-cell="air.4000.RE"]'));
      expect(picture.querySelector('[data-mark="air.4000.RE"]')!.classList).toContain('reading-mark--active');
    });
  });
});
