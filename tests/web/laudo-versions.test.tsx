// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../adapters/src/http/contract/reports';
import { AMENDMENT_REASON_MESSAGE } from '../../core/src/index';
import ReportDetailPage from '../../web/src/features/reports/report-detail-page';
import ReportEditorPage from '../../web/src/features/report-editor/report-editor-page';
import ExamDetailPage from '../../web/src/features/exams/exam-detail-page';
import type { ReportVersion } from '../../web/src/features/reports';
import { formatDateTime, formatDay } from '../../web/src/lib/dates';
import { fakeApi, memberWith, renderApp } from './support/render-app';

/**
 * Issue 20 on the laudo page: the versions card (each version's state, signer, signature kind,
 * verification code, reason, PDF; the one in force marked), the superseded version's banner, the
 * "Retificar laudo" dialog (reason 10–500 characters, the server's refusal shown, the editor opened
 * on success) and the open amendment's banner with "Descartar retificação".
 */

const medica = { memberId: 'm1', name: 'Dra. Ana', registry: 'CRM 123456/SP', at: '2026-11-20T13:00:00.000Z' };
const SUPERSEDED_AT = '2026-11-24T15:30:00.000Z';

const v1: ReportResponse = {
  id: 'r1', examId: 'e1', examDate: '2025-03-01', patientId: 'p1', patientName: 'José da Silva', patientCompany: null, doctorName: 'Dra. Ana',
  type: 'simple', status: 'Finalizado', createdAt: '2026-11-20T12:00:00.000Z', finalizedAt: medica.at, pdfUrl: '/api/reports/r1/download', pdfSha256: 'ab'.repeat(32),
  draftJson: JSON.stringify({ summary_text: 'Limiares dentro da normalidade.' }), stale: false, staleChanges: [], draftedBy: medica, finalizedBy: medica,
  version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: '7K3M-QX2P-9D4T', signatureKind: 'icp',
};
const v2: ReportResponse = {
  ...v1, id: 'r2', version: 2, supersedesId: 'r1', amendmentReason: 'Data do exame digitada errada (01/03 → 03/01).', verificationCode: 'ABCD-EFGH-JKMN',
  signatureKind: 'simples', finalizedAt: SUPERSEDED_AT, finalizedBy: { ...medica, at: SUPERSEDED_AT }, pdfUrl: '/api/reports/r2/download', pdfSha256: 'cd'.repeat(32),
};

const summary = (r: ReportResponse, current: boolean): ReportVersion => ({
  id: r.id, version: r.version, status: r.status, current, createdAt: r.createdAt, finalizedAt: r.finalizedAt, finalizedBy: r.finalizedBy, amendmentReason: r.amendmentReason,
  verificationCode: r.verificationCode, signatureKind: r.signatureKind, supersededAt: r.supersededAt, pdfSha256: r.pdfSha256, pdfUrl: r.pdfUrl,
});

describe('Versões do laudo', () => {
  it('lists every version, newest first, with the one in force marked, and warns on the superseded one', async () => {
    const old = { ...v1, supersededAt: SUPERSEDED_AT };
    fakeApi({ 'GET /reports/r1': { body: old }, 'GET /reports/r1/versions': { body: { versions: [summary(old, false), summary(v2, true)] } } });
    renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });

    const list = await screen.findByRole('list', { name: 'Versões do laudo' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [second, first] = items;
    expect(within(second).getByRole('heading', { name: 'Versão 2' })).toBeTruthy();
    expect(within(second).getByText('em vigor')).toBeTruthy();
    expect(within(second).getByText('Assinatura eletrônica simples')).toBeTruthy();
    expect(within(second).getByText('Data do exame digitada errada (01/03 → 03/01).')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'ABCD-EFGH-JKMN' }).getAttribute('href')).toBe('/verificar/ABCD-EFGH-JKMN');
    expect(within(second).getByRole('link', { name: 'Ver versão 2' }).getAttribute('href')).toBe('/reports/r2');
    expect(within(second).getByRole('button', { name: 'Abrir PDF da versão 2' })).toBeTruthy();

    expect(first.getAttribute('aria-current')).toBe('page');
    expect(within(first).queryByText('em vigor')).toBeNull();
    expect(within(first).getByText('substituída')).toBeTruthy();
    expect(within(first).getByText('Substituída em').nextElementSibling?.textContent).toBe(formatDateTime(SUPERSEDED_AT));
    expect(within(first).getByText('Assinatura digital ICP-Brasil (PAdES)')).toBeTruthy();
    expect(within(first).getByText(`Finalizada por Dra. Ana (CRM 123456/SP) em ${formatDateTime(medica.at)}`)).toBeTruthy();
    expect(within(first).getByRole('link', { name: '7K3M-QX2P-9D4T' }).getAttribute('href')).toBe('/verificar/7K3M-QX2P-9D4T');
    expect(within(first).getByRole('button', { name: 'Abrir PDF da versão 1' })).toBeTruthy();

    const banner = screen.getByText(/^Esta versão foi substituída pela versão 2 em/).closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain(`Esta versão foi substituída pela versão 2 em ${formatDay(SUPERSEDED_AT)}`);
    expect(within(banner).getByRole('link', { name: 'Ver a versão em vigor (versão 2)' }).getAttribute('href')).toBe('/reports/r2');
    // a superseded version is not amended again
    expect(screen.queryByRole('button', { name: 'Retificar laudo' })).toBeNull();
  });

  it('the version in force shows no banner and offers "Retificar laudo"; a técnico is not offered it', async () => {
    fakeApi({ 'GET /reports/r1': { body: v1 }, 'GET /reports/r1/versions': { body: { versions: [summary(v1, true)] } } });
    const view = renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });
    expect(await screen.findByRole('button', { name: 'Retificar laudo' })).toBeTruthy();
    expect(screen.queryByText(/^Esta versão foi substituída/)).toBeNull();
    expect(within(await screen.findByRole('list', { name: 'Versões do laudo' })).getByText('em vigor')).toBeTruthy();
    view.unmount();

    fakeApi({ 'GET /reports/r1': { body: v1 }, 'GET /reports/r1/versions': { body: { versions: [summary(v1, true)] } } });
    renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id', user: memberWith(['tecnico']) });
    await screen.findByRole('list', { name: 'Versões do laudo' });
    expect(screen.queryByRole('button', { name: 'Retificar laudo' })).toBeNull();
  });
});

describe('Retificar laudo', () => {
  it('asks a reason of 10 to 500 characters, shows the server refusal, and opens the editor of the exam on success', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /reports/r1': { body: v1 },
      'GET /reports/r1/versions': { body: { versions: [summary(v1, true)] } },
      'POST /reports/r1/amend': () =>
        refuse
          ? { status: 409, body: { error: 'Só um laudo finalizado (a versão em vigor) pode ser retificado; um rascunho é editado diretamente.', code: 'REPORT.NOT_AMENDABLE_CONFLICT' } }
          : { status: 201, body: { ...v1, id: 'r2', status: 'Draft', version: 2, supersedesId: 'r1', amendmentReason: 'Data do exame digitada errada.' } },
    });
    const view = renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retificar laudo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retificar laudo' });
    expect(dialog.textContent).toContain('A retificação cria a versão 2 deste laudo, em rascunho.');
    expect(dialog.textContent).toContain('o exame pode ser corrigido');
    expect(dialog.textContent).toContain('A versão 1 continua disponível para consulta, marcada como substituída');

    const reason = within(dialog).getByLabelText(/Motivo da retificação/);
    await userEvent.type(reason, 'curto');
    expect(within(dialog).getByText(/^5\/500 caracteres \(mínimo 10\)/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir retificação' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(AMENDMENT_REASON_MESSAGE);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(reason.getAttribute('maxlength')).toBe('500');

    await userEvent.clear(reason);
    await userEvent.type(reason, '  Data do exame digitada errada.  ');
    expect(within(dialog).queryByText(AMENDMENT_REASON_MESSAGE)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir retificação' }));
    expect(await within(dialog).findByText(/^Só um laudo finalizado \(a versão em vigor\) pode ser retificado/)).toBeTruthy();
    expect(view.location()).toBe('/reports/r1');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir retificação' }));
    await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'location' && el.textContent === '/report/e1');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/reports/r1/amend').map((c) => c.body)).toEqual([
      { reason: 'Data do exame digitada errada.' },
      { reason: 'Data do exame digitada errada.' },
    ]);
  });
});

describe('Retificação em andamento', () => {
  const draft: ReportResponse = { ...v2, status: 'Draft', finalizedAt: null, finalizedBy: null, pdfUrl: null, pdfSha256: null, verificationCode: null, signatureKind: null };

  it('says which version is open and why; "Descartar retificação" shows the refusal, then goes back to the version in force', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /reports/r2': { body: draft },
      'GET /reports/r2/versions': { body: { versions: [summary(v1, false), summary(draft, true)] } },
      'POST /reports/r2/discard-amendment': () =>
        refuse
          ? { status: 409, body: { error: 'O exame foi corrigido depois que esta retificação foi aberta: descartá-la deixaria em vigor um laudo que não corresponde ao exame. Finalize a retificação ou desfaça as correções.', code: 'REPORT.AMENDMENT_IN_USE_CONFLICT' } }
          : { body: v1 },
    });
    const view = renderApp(<ReportDetailPage />, { path: '/reports/r2', route: '/reports/:id' });
    expect(await screen.findByText('Retificação em andamento (versão 2) — motivo: Data do exame digitada errada (01/03 → 03/01).')).toBeTruthy();
    // an open amendment is not yet in force: version 1 still is
    const list = await screen.findByRole('list', { name: 'Versões do laudo' });
    const [open, first] = within(list).getAllByRole('listitem');
    expect(within(open).getByText('retificação em andamento')).toBeTruthy();
    expect(within(open).queryByRole('button', { name: /Abrir PDF/ })).toBeNull();
    expect(within(first).getByText('em vigor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retificar laudo' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Descartar retificação' }));
    let dialog = await screen.findByRole('dialog', { name: 'Descartar retificação?' });
    expect(dialog.textContent).toContain('a versão 1 volta a ser a versão em vigor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar retificação' }));
    expect(await within(dialog).findByText(/^O exame foi corrigido depois que esta retificação foi aberta/)).toBeTruthy();
    expect(view.location()).toBe('/reports/r2');

    refuse = false;
    dialog = screen.getByRole('dialog', { name: 'Descartar retificação?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar retificação' }));
    await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'location' && el.textContent === '/reports/r1');
    expect(calls.filter((c) => c.path === '/reports/r2/discard-amendment')).toHaveLength(2);
  });
});

describe('the editor and the exam page', () => {
  it('the editor\'s finalised banner names the signature kind and links the verification code', async () => {
    fakeApi({ 'GET /reports/exam/e1': { body: v1 }, 'GET /reports/r1/versions': { body: { versions: [summary(v1, true)] } } });
    renderApp(<ReportEditorPage />, { path: '/report/e1', route: '/report/:examId' });
    const banner = (await screen.findByText('Laudo finalizado')).closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toContain('Assinatura digital ICP-Brasil (PAdES)');
    expect(within(banner).getByRole('link', { name: '7K3M-QX2P-9D4T' }).getAttribute('href')).toBe('/verificar/7K3M-QX2P-9D4T');
    expect(within(banner).getByRole('button', { name: 'Retificar laudo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Finalizar/ })).toBeNull();
  });

  it('an open amendment is finalised from the editor after confirming; a refusal shows the server\'s message', async () => {
    const draft = { ...v2, status: 'Draft' as const, finalizedAt: null, finalizedBy: null, pdfUrl: null, pdfSha256: null, verificationCode: null, signatureKind: null };
    let refuse = true;
    let issued = false;
    const calls = fakeApi({
      'GET /reports/exam/e1': () => ({ body: issued ? v2 : draft }),
      'GET /reports/r2/versions': { body: { versions: [summary(v1, false), summary(draft, true)] } },
      'POST /reports/r2/finalize': () =>
        refuse
          ? { status: 409, body: { error: 'O exame foi alterado depois que este laudo foi organizado: reorganize o laudo antes de finalizá-lo.', code: 'REPORT.STALE_CONFLICT' } }
          : ((issued = true), { body: v2 }),
    });
    renderApp(<ReportEditorPage />, { path: '/report/e1', route: '/report/:examId' });
    await screen.findByText('Retificação em andamento (versão 2) — motivo: Data do exame digitada errada (01/03 → 03/01).');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar retificação' }));
    let dialog = await screen.findByRole('dialog', { name: 'Finalizar a retificação (versão 2)?' });
    expect(dialog.textContent).toContain('substitui a versão 1, que continua disponível para consulta');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar retificação' }));
    expect(await screen.findByText(/^O exame foi alterado depois que este laudo foi organizado: reorganize/)).toBeTruthy();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar retificação' }));
    dialog = await screen.findByRole('dialog', { name: 'Finalizar a retificação (versão 2)?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar retificação' }));
    const banner = (await screen.findByText('Laudo finalizado')).closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toContain('(versão 2)');
    expect(within(banner).getByRole('link', { name: 'ABCD-EFGH-JKMN' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/reports/r2/finalize')).toHaveLength(2);
  });

  it('the exam of a finalised laudo says a correction is an amendment, with a link to the laudo', async () => {
    fakeApi({ 'GET /exams/e1': { body: { ...examOf(), id: 'e1' } }, 'GET /exams/e1/files': { body: [] }, 'GET /reports/exam/e1': { body: v1 } });
    renderApp(<ExamDetailPage />, { path: '/exams/e1', route: '/exams/:id' });
    const banner = (await screen.findByText('Exame com laudo finalizado')).closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toContain('Para corrigi-lo, emita uma retificação do laudo.');
    expect(within(banner).getByRole('link', { name: 'Ver laudo' }).getAttribute('href')).toBe('/reports/r1');
  });
});

/** An exam as GET /exams/{id} answers it (the fields the page reads). */
function examOf() {
  const air = { '500': { re: 10, le: 15 }, '1000': { re: 10, le: 10 }, '2000': { re: 15, le: 20 }, '4000': { re: 25, le: 30 } };
  return {
    id: 'e1', date: '2025-03-01', createdAt: '2026-11-20T10:00:00.000Z', operatorName: 'Bruno Técnico', operatorCrm: null, operatorCrmState: null,
    operatorRegistration: null, patientId: 'p1', patientName: 'José da Silva', patientSex: 'M', patientAge: 45, patientAgeAtExam: 45,
    patientCompany: null, observacoes: null, anamnese: null, meatoscopia: null, mascaramento: null, audiogramDataId: null, speechTestId: null,
    audiogram: { air, bone: {} }, speechTest: null, ambienteJson: null, consultationType: null, consultationReason: null, examType: null, examTypeLabel: null,
    ambientNoiseDb: null, calibrationDate: null, transducer: 'TDH-39', acousticRestHours: 14, classification: { exam_role: 'referencia' }, rulesVersion: 'test',
    referenceDesignation: null, recordedBy: null, updatedBy: null, imported: false,
  };
}
