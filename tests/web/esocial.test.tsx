// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportResponse } from '../../adapters/src/http/contract/reports';
import { AsoSection, S2220BatchExport } from '../../web/src/features/esocial';
import ReportDetailPage from '../../web/src/features/reports/report-detail-page';
import type { Aso } from '../../web/src/features/esocial/api';
import { doctor, fakeApi, memberWith, renderApp } from './support/render-app';

/**
 * Issue 21 in the web app: the "ASO e eSocial (S-2220)" section of the exam and laudo pages (the list with
 * ordExame/indResult and the event's status, "Emitir ASO" with the employment's CNPJ and matrícula, the
 * S-2220 actions and the receipt) and the company's batch export, against a table of fake API answers.
 */

const employment = (over: Record<string, unknown> = {}) => ({
  id: 'emp1', patientId: 'p1', companyId: 'c1', companyName: 'Metalúrgica Alfa Ltda.', companyCnpj: '11222333000181', registration: 'M-0042', jobTitle: 'Operador de prensa',
  sectorId: null, sectorName: null, gheId: null, gheName: null, exposureStatus: null, admissionDate: '2019-02-01', dismissalDate: null,
  startDate: '2019-02-01', endDate: null, current: true, ...over,
});

const aso = (over: Partial<Aso> = {}, event: Partial<Aso['event']> = {}): Aso => ({
  id: 'a1', patientId: 'p1', patientName: 'Joaquim Moreira', cpf: '52998224725', examId: 'x1', employmentId: 'emp1', companyId: 'c1', companyName: 'Metalúrgica Alfa Ltda.',
  companyCnpj: '11222333000181', registration: 'M-0042', examType: 'periodico', examTypeCode: 1, asoDate: '2026-11-20', result: 'apto',
  otherProcedures: [{ code: '0693', date: '2026-11-20', description: 'Exame complementar' }],
  physician: { name: 'Dra. Ana', crm: '123456', uf: 'SP' }, coordinator: { name: 'Dr. Paulo Coordenador', crm: '654321', uf: 'SP', cpf: null },
  audiometry: { ordExame: 2, indResult: 4, indResultLabel: 'Agravamento', reasons: ['OD: agravamento em relação à referência de 01/02/2019 (NR-7 Anexo II, item 4.2.2).'] },
  event: { status: 'pendente', statusLabel: 'Pendente', eventId: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, editable: true, ...event },
  createdAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z', ...over,
});
const EVENT_ID = 'ID1112223330001812026112012000000001';
const generated = { status: 'gerado', statusLabel: 'Gerado', eventId: EVENT_ID, generatedAt: '2026-11-20T12:05:00.000Z' } as const;
const exported = { ...generated, status: 'exportado', statusLabel: 'Exportado', exportedAt: '2026-11-20T12:06:00.000Z', editable: false } as const;

const tecnico = memberWith(['tecnico']);
const fono = memberWith(['fonoaudiologo']);

function renderSection(user = doctor) {
  return renderApp(<AsoSection examId="x1" patientId="p1" examType="periodico" />, { path: '/exams/x1', user });
}

describe('ASO e eSocial (S-2220) — the exam\'s ASOs', () => {
  it('shows each ASO: ordExame and indResult with their labels and reasons, the employment, the status badge; "Gerar S-2220" while pending', async () => {
    fakeApi({ 'GET /exams/x1/asos': { body: { items: [aso()] } } });
    renderSection();
    const item = await screen.findByRole('listitem', { name: 'ASO de 20/11/2026 — Periódico' });
    const audiometry = within(item).getByRole('region', { name: 'Audiometria no S-2220' });
    expect(audiometry.textContent).toContain('2 — Sequencial');
    expect(audiometry.textContent).toContain('4 — Agravamento');
    expect(within(audiometry).getByRole('list', { name: 'Motivos do resultado' }).textContent).toContain('agravamento em relação à referência de 01/02/2019');
    expect(item.textContent).toContain('Metalúrgica Alfa Ltda. — CNPJ 11.222.333/0001-81');
    expect(item.textContent).toContain('M-0042');
    expect(item.textContent).toContain('0693 (Exame complementar) em 20/11/2026');
    expect(item.textContent).toContain('Dr. Paulo Coordenador — CRM 654321/SP');
    expect(within(item).getByText('Pendente', { selector: '.esocial-badge' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Gerar S-2220' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Baixar XML/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Informar recibo' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Editar ASO' })).toBeTruthy();
  });

  it('an exam without ASO says so; a técnico sees the ASOs without any action', async () => {
    fakeApi({ 'GET /exams/x1/asos': { body: { items: [] } } });
    const first = renderSection();
    expect(await screen.findByText('Nenhum ASO emitido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Emitir ASO' })).toBeTruthy();
    first.unmount();

    fakeApi({ 'GET /exams/x1/asos': { body: { items: [aso({}, exported)] } } });
    renderSection(tecnico);
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    expect(within(item).getByText('Exportado', { selector: '.esocial-badge' })).toBeTruthy();
    expect(within(item).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Emitir ASO' })).toBeNull();
  });

  it('an exam without thresholds: no indResult, the event cannot be generated; an undetermined indResult says it stays out of the event', async () => {
    fakeApi({
      'GET /exams/x1/asos': {
        body: { items: [aso({ audiometry: null }), aso({ id: 'a2', asoDate: '2026-11-21', audiometry: { ordExame: 2, indResult: null, indResultLabel: null, reasons: [] } })] },
      },
    });
    renderSection();
    const [first, second] = within(await screen.findByRole('list', { name: 'ASOs do exame' })).getAllByRole('listitem', { name: /^ASO de/ });
    expect(first!.textContent).toContain('O exame não tem limiares registrados: o S-2220 não pode ser gerado.');
    expect(within(first!).queryByRole('button', { name: 'Gerar S-2220' })).toBeNull();
    expect(second!.textContent).toContain('Não determinado (fica fora do evento)');
    expect(within(second!).getByRole('button', { name: 'Gerar S-2220' })).toBeTruthy();
  });

  it('a load failure offers a retry', async () => {
    fakeApi({ 'GET /exams/x1/asos': { status: 500, body: { code: 'INTERNAL', message: 'Erro interno' } } });
    renderSection();
    expect(await screen.findByText('Erro ao carregar os ASOs do exame. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('"Gerar S-2220" posts the generation and shows the event generated, with "Baixar XML"', async () => {
    let current = aso();
    const calls = fakeApi({
      'GET /exams/x1/asos': () => ({ body: { items: [current] } }),
      'POST /asos/a1/s2220': () => {
        current = aso({}, generated);
        return { status: 201, body: { eventId: EVENT_ID, xml: '<eSocial/>' } };
      },
    });
    renderSection();
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Gerar S-2220' }));
    await within(item).findByText('Gerado', { selector: '.esocial-badge' });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/asos/a1/s2220')).toBe(true);
    expect(item.textContent).toContain(EVENT_ID);
    expect(within(item).getByRole('button', { name: 'Baixar XML' })).toBeTruthy();
  });

  it('a refused generation shows the server\'s pt-BR message', async () => {
    fakeApi({
      'GET /exams/x1/asos': { body: { items: [aso()] } },
      'POST /asos/a1/s2220': { status: 400, body: { code: 'ASO.NO_CPF', message: 'O trabalhador não tem CPF: o S-2220 identifica o trabalhador pelo CPF.' } },
    });
    renderSection();
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Gerar S-2220' }));
    expect((await within(item).findByRole('alert')).textContent).toContain('O trabalhador não tem CPF');
  });

  it('"Baixar XML" downloads the event with the token and the status becomes "Exportado"', async () => {
    let current = aso({}, generated);
    const calls = fakeApi({
      'GET /exams/x1/asos': () => ({ body: { items: [current] } }),
      'GET /asos/a1/s2220.xml': () => {
        current = aso({}, exported);
        return { body: {} };
      },
    });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    localStorage.setItem('limiar.token', 'tok');
    renderSection();
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Baixar XML' }));
    await within(item).findByText('Exportado', { selector: '.esocial-badge' });
    expect(calls.some((c) => c.path === '/asos/a1/s2220.xml')).toBe(true);
    const init = vi.mocked(fetch).mock.calls.find((c) => String(c[0]).endsWith('/s2220.xml'))?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(within(item).getByRole('button', { name: 'Informar recibo' })).toBeTruthy();
    // exported without a receipt: not editable until the receipt is typed (the edit will be a retification)
    expect(within(item).queryByRole('button', { name: /ASO/ })).toBeNull();
    expect(item.textContent).toContain('Para alterar este ASO, informe antes o recibo do eSocial');
  });

  it('"Informar recibo" checks the eSocial format before sending, then saves it: status "Recebido"', async () => {
    let current = aso({}, exported);
    const RECEIPT = '1.2.0000000000012345678';
    const calls = fakeApi({
      'GET /exams/x1/asos': () => ({ body: { items: [current] } }),
      'PUT /asos/a1/receipt': (call) => {
        current = aso({}, { ...exported, status: 'recebido', statusLabel: 'Recebido pelo eSocial', receipt: (call.body as { receipt: string }).receipt, editable: true });
        return { body: current };
      },
    });
    renderSection();
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Informar recibo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informar recibo do eSocial' });
    const input = within(dialog).getByLabelText(/Número do recibo/);
    await userEvent.type(input, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar recibo' }));
    expect(await within(dialog).findByText(/Número do recibo inválido: o eSocial informa o recibo no formato 1\.D\./)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, RECEIPT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar recibo' }));
    await within(item).findByText('Recebido pelo eSocial', { selector: '.esocial-badge' });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ receipt: RECEIPT });
    expect(item.textContent).toContain(RECEIPT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the server\'s refusal of a receipt is shown under the field', async () => {
    fakeApi({
      'GET /exams/x1/asos': { body: { items: [aso({}, exported)] } },
      'PUT /asos/a1/receipt': { status: 400, body: { code: 'ASO.INVALID_RECEIPT', message: 'Número do recibo inválido para este evento.', issues: [] } },
    });
    renderSection();
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Informar recibo' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Número do recibo/), '1.1.0000000000000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar recibo' }));
    expect(await within(dialog).findByText('Número do recibo inválido para este evento.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Número do recibo/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Emitir ASO', () => {
  it('prefills the exam type, the physician from the profile and the employment in force (CNPJ and matrícula), and posts the ASO with its procedures', async () => {
    const calls = fakeApi({
      'GET /exams/x1/asos': { body: { items: [] } },
      'GET /patients/p1/employments': {
        body: { employments: [employment({ id: 'emp0', companyName: 'Construtora Beta', companyCnpj: null, registration: null, startDate: '2015-01-01', endDate: '2018-12-31', current: false }), employment()] },
      },
      'POST /exams/x1/asos': { status: 201, body: aso() },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Emitir ASO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir ASO' });
    const picker = within(dialog).getByLabelText(/Vínculo \(empresa e matrícula\)/) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe('emp1'));
    expect(picker.selectedOptions[0]!.textContent).toBe('Metalúrgica Alfa Ltda. — CNPJ 11.222.333/0001-81 · matrícula M-0042 · 01/02/2019 a atual');
    expect(within(picker).getByRole('option', { name: /Construtora Beta — CNPJ sem CNPJ · matrícula não informada/ })).toBeTruthy();
    expect((within(dialog).getByLabelText(/Tipo de exame ocupacional/) as HTMLSelectElement).value).toBe('periodico');
    expect((within(dialog).getByLabelText(/Nome do médico/) as HTMLInputElement).value).toBe('Dra. Ana');
    expect((within(dialog).getByLabelText(/^CRM do médico/) as HTMLInputElement).value).toBe('123456');
    expect((within(dialog).getByLabelText(/UF do CRM do médico/) as HTMLSelectElement).value).toBe('SP');

    await userEvent.clear(within(dialog).getByLabelText(/Data do ASO/));
    await userEvent.type(within(dialog).getByLabelText(/Data do ASO/), '2026-11-20');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Apto' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar procedimento' }));
    await userEvent.type(within(dialog).getByLabelText(/Código \(procedimento 1\)/), '06a93');
    expect((within(dialog).getByLabelText(/Código \(procedimento 1\)/) as HTMLInputElement).value).toBe('0693');
    await userEvent.type(within(dialog).getByLabelText(/Descrição \(procedimento 1\)/), 'Exame complementar');
    await userEvent.type(within(dialog).getByLabelText(/Nome do coordenador/), 'Dr. Paulo Coordenador');
    await userEvent.type(within(dialog).getByLabelText(/^CRM do coordenador/), '654321');
    await userEvent.selectOptions(within(dialog).getByLabelText(/UF do CRM do coordenador/), 'SP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir ASO' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/exams/x1/asos',
      body: {
        asoDate: '2026-11-20', result: 'apto', examType: 'periodico', employmentId: 'emp1',
        otherProcedures: [{ code: '0693', date: '2026-11-20', description: 'Exame complementar' }],
        physician: { name: 'Dra. Ana', crm: '123456', uf: 'SP' },
        coordinator: { name: 'Dr. Paulo Coordenador', crm: '654321', uf: 'SP', cpf: null },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on the laudo page: the section of the laudo\'s exam, a new ASO prefilled with the exam\'s type read from the exam', async () => {
    const report = {
      id: 'r1', examId: 'x1', examDate: '2026-03-10', patientId: 'p1', patientName: 'Joaquim Moreira', patientCompany: null, doctorName: 'Dra. Ana', type: 'simple',
      status: 'Finalizado', createdAt: '2026-11-20T12:00:00.000Z', finalizedAt: null, pdfUrl: null, pdfSha256: null, draftJson: '{}', stale: false, staleChanges: [],
      draftedBy: null, finalizedBy: null, version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: null, signatureKind: null,
    } as unknown as ReportResponse;
    fakeApi({
      'GET /reports/r1': { body: report },
      'GET /exams/x1': { body: { id: 'x1', patientId: 'p1', date: '2026-03-10', examType: 'admissional' } },
      'GET /exams/x1/asos': { body: { items: [] } },
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
    });
    renderApp(<ReportDetailPage />, { path: '/reports/r1', route: '/reports/:id' });
    const section = (await screen.findByRole('heading', { name: 'ASO e eSocial (S-2220)' })).closest('section')!;
    expect(await within(section).findByText('Nenhum ASO emitido')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Emitir ASO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir ASO' });
    await waitFor(() => expect((within(dialog).getByLabelText(/Tipo de exame ocupacional/) as HTMLSelectElement).value).toBe('admissional'));
  });

  it('checks before sending: the result, a 4-digit Tabela 27 code, the coordinator\'s CRM when he is named — each under its field', async () => {
    const calls = fakeApi({ 'GET /exams/x1/asos': { body: { items: [] } }, 'GET /patients/p1/employments': { body: { employments: [employment()] } } });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Emitir ASO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir ASO' });
    await waitFor(() => expect((within(dialog).getByLabelText(/Vínculo/) as HTMLSelectElement).value).toBe('emp1'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar procedimento' }));
    await userEvent.type(within(dialog).getByLabelText(/Código \(procedimento 1\)/), '69');
    await userEvent.type(within(dialog).getByLabelText(/Nome do coordenador/), 'Dr. Paulo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir ASO' }));

    expect((await within(dialog).findAllByText('Informe o resultado do ASO: apto ou inapto.')).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Código da Tabela 27 do eSocial com 4 dígitos.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Código \(procedimento 1\)/).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Informe o CRM do coordenador do PCMSO.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // a removed procedure is no longer checked nor sent
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover procedimento 1' }));
    expect(within(dialog).queryByLabelText(/Código \(procedimento 1\)/)).toBeNull();
  });

  it('the server\'s refusal lands under its field: the employment without matrícula on that date, a procedure\'s code', async () => {
    fakeApi({
      'GET /exams/x1/asos': { body: { items: [] } },
      'GET /patients/p1/employments': { body: { employments: [employment({ registration: null })] } },
      'POST /exams/x1/asos': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR', message: 'Dados inválidos',
          issues: [
            { path: ['employmentId'], message: 'O vínculo do trabalhador nesta data não tem matrícula: informe-a no vínculo (o S-2220 a exige).' },
            { path: ['otherProcedures', 0, 'code'], message: 'Código 9999 não existe na Tabela 27 do eSocial.' },
            { path: ['cpf'], message: 'O trabalhador não tem CPF cadastrado: informe o CPF no cadastro do trabalhador.' },
          ],
        },
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Emitir ASO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir ASO' });
    await waitFor(() => expect((within(dialog).getByLabelText(/Vínculo/) as HTMLSelectElement).value).toBe('emp1'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Inapto' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar procedimento' }));
    await userEvent.type(within(dialog).getByLabelText(/Código \(procedimento 1\)/), '9999');
    await userEvent.type(within(dialog).getByLabelText(/Descrição \(procedimento 1\)/), 'Outro exame');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir ASO' }));

    expect(await within(dialog).findByText(/não tem matrícula: informe-a no vínculo/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Vínculo/).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Código 9999 não existe na Tabela 27 do eSocial.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Código \(procedimento 1\)/).getAttribute('aria-invalid')).toBe('true');
    // an issue about the records, not this form: in the banner
    expect(within(dialog).getByRole('alert').textContent).toContain('O trabalhador não tem CPF cadastrado');
  });

  it('a refusal without field (e.g. no employment on that date) is shown under the employment picker', async () => {
    fakeApi({
      'GET /exams/x1/asos': { body: { items: [] } },
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
      'POST /exams/x1/asos': { status: 400, body: { code: 'ASO.NO_EMPLOYMENT', message: 'O trabalhador não tem vínculo com CNPJ e matrícula em 20/11/2026.' } },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Emitir ASO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir ASO' });
    await waitFor(() => expect((within(dialog).getByLabelText(/Vínculo/) as HTMLSelectElement).value).toBe('emp1'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Apto' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir ASO' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Vínculo/).getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('O trabalhador não tem vínculo com CNPJ e matrícula em 20/11/2026.').length).toBeGreaterThan(0);
  });

  it('editing an ASO whose event was received warns that a retification will be needed and sends a PUT', async () => {
    const received = { ...exported, status: 'recebido', statusLabel: 'Recebido pelo eSocial', receipt: '1.2.0000000000012345678', editable: true } as const;
    const calls = fakeApi({
      'GET /exams/x1/asos': { body: { items: [aso({}, received)] } },
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
      'PUT /asos/a1': { body: aso({ result: 'inapto' }, { ...exported, status: 'retificacao_pendente', statusLabel: 'Retificação pendente' }) },
    });
    renderSection(fono);
    const item = await screen.findByRole('listitem', { name: /ASO de 20\/11\/2026/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Alterar ASO (retificação)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar ASO' });
    expect(within(dialog).getByRole('alert').textContent).toContain('será necessário gerar um evento de retificação (indRetif 2)');
    expect((within(dialog).getByLabelText(/Código \(procedimento 1\)/) as HTMLInputElement).value).toBe('0693');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Inapto' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar ASO' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/asos/a1', body: { result: 'inapto', employmentId: 'emp1', coordinator: { name: 'Dr. Paulo Coordenador' } } });
  });
});

describe('Exportar S-2220 (lote)', () => {
  const fetchedUrls = () => vi.mocked(fetch).mock.calls.map((c) => String(c[0]));

  /** GET /api/asos?companyId&from&to&status&limit answered from `items()`. */
  function answerAsoList(items: () => Aso[]) {
    const stub = vi.mocked(fetch);
    const answer = stub.getMockImplementation()!;
    stub.mockImplementation(async (url, init) => {
      const u = new URL(String(url), 'http://limiar.test');
      if (u.pathname !== '/api/asos') return answer(url, init);
      const status = u.searchParams.get('status');
      const matching = items().filter((a) => !status || a.event.status === status);
      return new Response(JSON.stringify({ total: matching.length, items: matching.slice(0, Number(u.searchParams.get('limit') ?? 100)) }), { headers: { 'content-type': 'application/json' } });
    });
  }

  it('counts the period\'s events not yet exported and downloads the zip of the company and period', async () => {
    let items = [aso(), aso({ id: 'a2' }, generated), aso({ id: 'a3' }, exported)];
    fakeApi({
      'GET /esocial/s2220.zip': () => {
        items = items.map((a) => aso({ id: a.id }, exported));
        return { body: {} };
      },
    });
    answerAsoList(() => items);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(<S2220BatchExport companyId="c1" />, { path: '/empresas/c1' });
    const form = await screen.findByRole('form', { name: 'Exportar S-2220 (lote)' });
    const count = within(form).getByRole('status');
    await waitFor(() => expect(count.textContent).toContain('2 S-2220 pendentes de exportação no período · 1 já exportado'));
    // one request per period (one entry in the audit trail)
    expect(fetchedUrls().filter((u) => /^\/api\/asos\?companyId=c1&from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}&limit=500$/.test(u))).toHaveLength(1);
    const from = within(form).getByLabelText(/^De/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await waitFor(() => expect(fetchedUrls().some((u) => u.startsWith('/api/asos?companyId=c1&from=2026-11-01&to='))).toBe(true));
    await userEvent.click(within(form).getByRole('button', { name: 'Exportar S-2220 (lote)' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(fetchedUrls().some((u) => /^\/api\/esocial\/s2220\.zip\?companyId=c1&from=2026-11-01&to=\d{4}-\d{2}-\d{2}$/.test(u))).toBe(true);
    await waitFor(() => expect(count.textContent).toContain('Nenhum S-2220 pendente de exportação no período (3 já exportados)'));
  });

  it('more ASOs in the period than one page: says the batch exports them all instead of a wrong count', async () => {
    fakeApi({ 'GET /asos': { body: { total: 900, items: [aso()] } } });
    renderApp(<S2220BatchExport companyId="c1" />, { path: '/empresas/c1' });
    const form = await screen.findByRole('form', { name: 'Exportar S-2220 (lote)' });
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('Mais de 500 ASOs no período: o lote exporta todos os S-2220 ainda não exportados.'));
  });

  it('without a company fixed it asks for one (CNPJ in the picker); a period ending before it starts is refused', async () => {
    const calls = fakeApi({ 'GET /companies': { body: [{ id: 'c1', name: 'Metalúrgica Alfa Ltda.', cnpjFormatted: '11.222.333/0001-81' }] } });
    answerAsoList(() => []);
    renderApp(<S2220BatchExport />, { path: '/programa' });
    const form = await screen.findByRole('form', { name: 'Exportar S-2220 (lote)' });
    await userEvent.click(within(form).getByRole('button', { name: 'Exportar S-2220 (lote)' }));
    expect(await within(form).findByText('Escolha a empresa.')).toBeTruthy();
    await within(form).findByRole('option', { name: 'Metalúrgica Alfa Ltda. — 11.222.333/0001-81' });
    await userEvent.selectOptions(within(form).getByLabelText(/Empresa/), 'c1');
    await waitFor(() => expect(within(form).getByRole('status').textContent).toContain('Nenhum S-2220 pendente'));
    const to = within(form).getByLabelText(/^Até/);
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Exportar S-2220 (lote)' }));
    expect(await within(form).findByText('O fim do período não pode ser anterior ao início.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/esocial/s2220.zip')).toBe(false);
  });

  it('nothing pending (204) says so instead of saving an empty file; a member without dashboards.export does not see the export', async () => {
    fakeApi();
    answerAsoList(() => []);
    const stub = vi.mocked(fetch);
    const answer = stub.getMockImplementation()!;
    stub.mockImplementation(async (url, init) => (String(url).includes('s2220.zip') ? new Response(null, { status: 204 }) : answer(url, init)));
    const first = renderApp(<S2220BatchExport companyId="c1" />, { path: '/empresas/c1' });
    const form = await screen.findByRole('form', { name: 'Exportar S-2220 (lote)' });
    await userEvent.click(within(form).getByRole('button', { name: 'Exportar S-2220 (lote)' }));
    expect(await within(form).findByText('Nenhum S-2220 pendente de exportação nesta empresa e período.')).toBeTruthy();
    first.unmount();

    renderApp(<S2220BatchExport companyId="c1" />, { path: '/empresas/c1', user: memberWith(['tecnico']) });
    expect(screen.queryByRole('form', { name: 'Exportar S-2220 (lote)' })).toBeNull();
  });
});
