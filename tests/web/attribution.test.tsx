// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamResponse } from '../../adapters/src/http/contract/exams';
import type { ExamReadingResponse } from '../../adapters/src/http/contract/readings';
import type { ReportResponse } from '../../adapters/src/http/contract/reports';
import ExamDetailPage from '../../web/src/features/exams/exam-detail-page';
import ReportDetailPage from '../../web/src/features/reports/report-detail-page';
import { formatDateTime } from '../../web/src/lib/dates';
import { fakeApi, renderApp } from './support/render-app';

/**
 * Issue 18 attribution on the pages: the exam says who recorded it, who last corrected it and who
 * applied or discarded its held readings; the laudo says who drafted it and who finalised it —
 * each with registry and date-time (dd/mm/aaaa hh:mm in the user's time zone).
 */

const tecnico = { memberId: 'm-2', name: 'Bruno Técnico', registry: null, at: '2026-11-25T10:32:00.000Z' };
const medica = { memberId: 'm-3', name: 'Dra. Helena Prado', registry: 'CRM 654321/SP', at: '2026-11-25T11:05:00.000Z' };
const fono = { memberId: 'm-4', name: 'Fga. Lia Souza', registry: 'CRFa 2-12345', at: '2026-11-25T11:20:00.000Z' };
const air = { '500': { re: 10, le: 15 }, '1000': { re: 10, le: 10 }, '2000': { re: 15, le: 20 }, '4000': { re: 25, le: 30 } };

const exam: ExamResponse = {
  id: 'e1', date: '2025-03-01', createdAt: '2026-11-25T10:32:00.000Z', operatorName: 'Bruno Técnico', operatorCrm: null, operatorCrmState: null,
  operatorRegistration: null, patientId: 'p1', patientName: 'José da Silva', patientSex: 'M', patientAge: 45, patientAgeAtExam: 45,
  patientCompany: null, observacoes: null, anamnese: null, meatoscopia: null, mascaramento: null,
  audiogramDataId: null, speechTestId: null, audiogram: { air, bone: {} }, speechTest: null,
  ambienteJson: { extractedFrom: 'grafico.png', attempts: [], confidence: 'medium', observations: [] },
  consultationType: null, consultationReason: null, examType: null, examTypeLabel: null, ambientNoiseDb: null, calibrationDate: null, transducer: 'TDH-39',
  acousticRestHours: 14, classification: { exam_role: 'referencia' }, rulesVersion: 'test', referenceDesignation: null,
  recordedBy: tecnico, updatedBy: medica, imported: false,
};

const reading = (id: string, fileName: string, status: ExamReadingResponse['status'], reviewedBy: ExamReadingResponse['reviewedBy']) => ({
  id, examId: 'e1', fileId: null, fileName, status, reasons: ['confidence'], confidence: 'medium', source: 'chart-image', observations: [],
  audiogram: { air: {}, bone: {} }, pointConfidence: { right: { air: {}, bone: {} }, left: { air: {}, bone: {} } }, positions: null, secondOpinion: null,
  identity: { status: 'not_stated', matched: [], mismatched: [], stated: {}, worker: { name: 'José da Silva', cpf: null, birthDate: null } },
  createdAt: '2026-11-25T10:40:00.000Z', decidedAt: reviewedBy?.at ?? null, decidedBy: null, reviewedBy,
}) as ExamReadingResponse;

const report: ReportResponse = {
  id: 'r1', examId: 'e1', examDate: '2025-03-01', patientId: 'p1', patientName: 'José da Silva', patientCompany: null, doctorName: 'Fga. Lia Souza',
  type: 'simple', status: 'Finalizado', createdAt: fono.at, finalizedAt: '2026-11-25T14:00:00.000Z', pdfUrl: '/api/reports/r1/download', pdfSha256: 'ab'.repeat(32),
  draftJson: JSON.stringify({ summary_text: 'Limiares dentro da normalidade.' }), stale: false, staleChanges: [],
  draftedBy: fono, finalizedBy: { ...medica, at: '2026-11-25T14:00:00.000Z' },
  version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: '7K3M-QX2P-9D4T', signatureKind: 'simples',
};

describe('attribution on the exam page', () => {
  it('names who recorded the exam, who last corrected it and who decided each held reading', async () => {
    fakeApi({
      'GET /exams/e1': { body: exam },
      'GET /exams/e1/files': { body: [] },
      'GET /exams/e1/readings': { body: { items: [reading('r2', 'foto.jpg', 'discarded', fono), reading('r1', 'grafico.png', 'applied', medica), reading('r3', 'novo.pdf', 'pending', null)] } },
    });
    renderApp(<ExamDetailPage />, { path: '/exams/e1', route: '/exams/:id' });

    const recorded = await screen.findByText('Registrado por');
    expect(recorded.nextElementSibling?.textContent).toBe(`Bruno Técnico em ${formatDateTime(tecnico.at)}`);
    expect(screen.getByText('Última alteração por').nextElementSibling?.textContent).toBe(`Dra. Helena Prado (CRM 654321/SP) em ${formatDateTime(medica.at)}`);
    const decisions = await screen.findByRole('list', { name: 'Leituras revisadas' });
    expect(within(decisions).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Leitura de foto.jpg descartada por Fga. Lia Souza (CRFa 2-12345) em ${formatDateTime(fono.at)}`,
      `Leitura de grafico.png aplicada por Dra. Helena Prado (CRM 654321/SP) em ${formatDateTime(medica.at)}`,
    ]);
  });

  it('an exam of the bulk import says so, and no corrector is named before a correction', async () => {
    fakeApi({ 'GET /exams/e1': { body: { ...exam, recordedBy: null, updatedBy: null, imported: true, ambienteJson: null } }, 'GET /exams/e1/files': { body: [] } });
    renderApp(<ExamDetailPage />, { path: '/exams/e1', route: '/exams/:id' });

    expect((await screen.findByText('Registrado por')).nextElementSibling?.textContent).toBe('Importado (sem profissional associado)');
    expect(screen.queryByText('Última alteração por')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Leituras revisadas' })).toBeNull();
  });
});

describe('attribution on the laudo page', () => {
  it('names who drafted and who finalised the laudo, with registry and time', async () => {
    fakeApi({ 'GET /reports/r1': { body: report } });
    renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });

    expect(await screen.findByText(`Elaborado por Fga. Lia Souza (CRFa 2-12345) em ${formatDateTime(fono.at)}`)).toBeTruthy();
    expect(screen.getByText(`Finalizado por Dra. Helena Prado (CRM 654321/SP) em ${formatDateTime('2026-11-25T14:00:00.000Z')}`)).toBeTruthy();
  });

  it('a draft names its drafter only', async () => {
    fakeApi({ 'GET /reports/r1': { body: { ...report, status: 'Draft', finalizedAt: null, finalizedBy: null, pdfUrl: null, pdfSha256: null } } });
    renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });

    expect(await screen.findByText(/^Elaborado por Fga\. Lia Souza \(CRFa 2-12345\) em /)).toBeTruthy();
    expect(screen.queryByText(/^Finalizado/)).toBeNull();
  });
});
