// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleMenuItems } from '../../web/src/components/layout/menu-items';
import CompanyListPage from '../../web/src/features/companies/company-list-page';
import CompanyPage from '../../web/src/features/companies/company-page';
import DashboardPage from '../../web/src/features/dashboard/dashboard-page';
import { ExamEditForm } from '../../web/src/features/exams/components/exam-edit-form';
import { examTypeText } from '../../web/src/features/exams/components/exam-type-select';
import { EmploymentSection } from '../../web/src/features/patients/employment-section';
import ProgrammePage from '../../web/src/features/programme/programme-page';
import { doctor, fakeApi, memberWith, renderApp } from './support/render-app';

/** Issue 19: companies, GHEs, the worker's employment and /programa, against a table of fake API answers. */

const company = (over: Record<string, unknown> = {}) => ({
  id: 'c1', name: 'Metalúrgica Alfa Ltda.', tradeName: 'Alfa', cnpj: '11222333000181', cnpjFormatted: '11.222.333/0001-81', address: null, cnae: null,
  riskGrade: 3, contactName: null, contactEmail: null, contactPhone: null, needsCompletion: false, activeWorkers: 12, patientCount: 12,
  createdAt: '2026-11-01T12:00:00.000Z', updatedAt: '2026-11-01T12:00:00.000Z', ...over,
});
const incomplete = company({ id: 'c2', name: 'Construtora Beta', tradeName: null, cnpj: null, cnpjFormatted: null, needsCompletion: true, activeWorkers: 1, patientCount: 1 });
const ghe = (over: Record<string, unknown> = {}) => ({
  id: 'g1', companyId: 'c1', sectorId: 's1', sectorName: 'Estamparia', name: 'GHE 03 — Prensas', description: null,
  exposure: { metric: 'LAVG', levelDbA: 87.5, dosePercent: 180, assessedAt: '2026-03-10', source: 'PGR 2026, dosimetria' },
  exposureStatus: 'acima_limite', exposureStatusLabel: 'Acima do limite de tolerância', exposed: true, periodicityMonths: 12, workers: 8, ...over,
});
const detail = { company: company(), sectors: [{ id: 's1', companyId: 'c1', name: 'Estamparia' }], ghes: [ghe(), ghe({ id: 'g2', name: 'GHE 07 — Escritório', sectorId: null, sectorName: null, exposure: null, exposureStatus: 'nao_avaliado', exposureStatusLabel: 'Exposição não avaliada', exposed: false, workers: 3 })] };

const tecnico = memberWith(['tecnico']);

/** The URLs (with their query) fetch was called with. */
const fetchedUrls = () => vi.mocked(fetch).mock.calls.map((c) => String(c[0]));

describe('Empresas', () => {
  it('lists the companies: CNPJ formatted, "Cadastro incompleto" without CNPJ, active workers; "Nova empresa" only with programme.manage', async () => {
    fakeApi({ 'GET /companies': { body: [company(), incomplete] } });
    renderApp(<CompanyListPage />, { path: '/empresas' });
    const table = await screen.findByRole('table', { name: 'Empresas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Metalúrgica Alfa Ltda.');
    expect(rows[0]!.textContent).toContain('11.222.333/0001-81');
    expect(rows[0]!.textContent).toContain('12');
    expect(within(rows[1]!).getByText('Cadastro incompleto')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Metalúrgica Alfa Ltda.' }).getAttribute('href')).toBe('/empresas/c1');
    expect(screen.getByRole('button', { name: 'Nova empresa' })).toBeTruthy();
  });

  it('the search asks the server by name or CNPJ', async () => {
    fakeApi({ 'GET /companies': { body: [company()] } });
    renderApp(<CompanyListPage />, { path: '/empresas' });
    await screen.findByRole('table', { name: 'Empresas' });
    await userEvent.type(screen.getByRole('searchbox', { name: /Buscar empresa/ }), '11222');
    await waitFor(() => expect(fetchedUrls()).toContain('/api/companies?q=11222'));
  });

  it('a técnico reads the list without "Nova empresa"; an empty organisation says so', async () => {
    fakeApi({ 'GET /companies': { body: [] } });
    renderApp(<CompanyListPage />, { path: '/empresas', user: tecnico });
    expect(await screen.findByText('Nenhuma empresa cadastrada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova empresa' })).toBeNull();
  });

  it('"Nova empresa" sends the CNPJ without its mask and shows the server\'s CNPJ refusal under the field', async () => {
    const calls = fakeApi({
      'GET /companies': { body: [] },
      'POST /companies': { status: 400, body: { code: 'COMPANY.INVALID_CNPJ', message: 'CNPJ inválido: confira os dígitos verificadores', issues: [] } },
    });
    renderApp(<CompanyListPage />, { path: '/empresas' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nova empresa' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Razão social/), 'Fundição Gama S.A.');
    await userEvent.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000182');
    expect((within(dialog).getByLabelText(/^CNPJ/) as HTMLInputElement).value).toBe('11.222.333/0001-82');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar empresa' }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^CNPJ/).getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('CNPJ inválido: confira os dígitos verificadores').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Fundição Gama S.A.', cnpj: '11222333000182', tradeName: null, riskGrade: null });
  });

  it('the company page shows sectors and GHEs with the exposure status and whether each is in the programme', async () => {
    fakeApi({ 'GET /companies/c1': { body: detail } });
    renderApp(<CompanyPage />, { path: '/empresas/c1', route: '/empresas/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Metalúrgica Alfa Ltda.' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'GHEs da empresa' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Acima do limite de tolerância');
    expect(first!.textContent).toContain('No programa');
    expect(first!.textContent).toContain('LAVG 87,5 dB(A) · dose 180 %');
    expect(first!.textContent).toContain('10/03/2026 — PGR 2026, dosimetria');
    expect(second!.textContent).toContain('Fora do programa');
    expect(second!.textContent).toContain('Não avaliada');
    expect(within(screen.getByRole('list', { name: 'Setores da empresa' })).getByText('Estamparia')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo GHE' })).toBeTruthy();
  });

  it('a técnico sees the company read-only: no save, no new GHE or sector', async () => {
    fakeApi({ 'GET /companies/c1': { body: detail } });
    renderApp(<CompanyPage />, { path: '/empresas/c1', route: '/empresas/:id', user: tecnico });
    await screen.findByRole('heading', { level: 1, name: 'Metalúrgica Alfa Ltda.' });
    expect(screen.queryByRole('button', { name: 'Salvar empresa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Novo GHE' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar setor' })).toBeNull();
    expect((screen.getByLabelText(/Razão social/) as HTMLInputElement).disabled).toBe(true);
  });

  it('a new GHE: the status is previewed as typed (82 dB(A) LAVG → acima do nível de ação, no programa) and the exposure is sent', async () => {
    const calls = fakeApi({ 'GET /companies/c1': { body: detail }, 'POST /companies/c1/ghes': { status: 201, body: ghe({ id: 'g3' }) } });
    renderApp(<CompanyPage />, { path: '/empresas/c1', route: '/empresas/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Novo GHE' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Nome do GHE/), 'GHE 05 — Solda');
    await userEvent.selectOptions(within(dialog).getByLabelText('Setor'), 's1');
    await userEvent.type(within(dialog).getByLabelText(/Nível dB\(A\)/), '82,4');
    await userEvent.type(within(dialog).getByLabelText(/Data da avaliação/), '2026-05-02');
    await userEvent.type(within(dialog).getByLabelText(/Fonte da avaliação/), 'PGR 2026');
    const preview = within(dialog).getByRole('status');
    expect(preview.textContent).toContain('Acima do nível de ação');
    expect(preview.textContent).toContain('No programa de conservação auditiva');
    await userEvent.clear(within(dialog).getByLabelText(/Periodicidade/));
    await userEvent.type(within(dialog).getByLabelText(/Periodicidade/), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar GHE' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'GHE 05 — Solda', sectorId: 's1', description: null, periodicityMonths: 6,
      exposure: { metric: 'LAVG', levelDbA: 82.4, dosePercent: null, assessedAt: '2026-05-02', source: 'PGR 2026' },
    });
  });

  it('a GHE periodicity outside 1..12 is refused before sending', async () => {
    const calls = fakeApi({ 'GET /companies/c1': { body: detail } });
    renderApp(<CompanyPage />, { path: '/empresas/c1', route: '/empresas/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar GHE GHE 03 — Prensas' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Nível dB\(A\)/) as HTMLInputElement).value).toBe('87,5');
    await userEvent.clear(within(dialog).getByLabelText(/Periodicidade/));
    await userEvent.type(within(dialog).getByLabelText(/Periodicidade/), '18');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar GHE' }));
    expect((await within(dialog).findAllByText('Periodicidade de 1 a 12 meses.')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

const employment = (over: Record<string, unknown> = {}) => ({
  id: 'e1', patientId: 'p1', companyId: 'c1', companyName: 'Metalúrgica Alfa Ltda.', companyCnpj: '11222333000181', registration: 'M-0042', jobTitle: 'Operador de prensa',
  sectorId: 's1', sectorName: 'Estamparia', gheId: 'g1', gheName: 'GHE 03 — Prensas', exposureStatus: 'acima_limite', admissionDate: '2019-02-01', dismissalDate: null,
  startDate: '2024-06-01', endDate: null, current: true, ...over,
});

describe('Vínculo empregatício', () => {
  it('shows the current contract with the GHE exposure and the history, newest first', async () => {
    fakeApi({
      'GET /patients/p1/employments': {
        body: { employments: [employment({ id: 'e0', sectorName: 'Almoxarifado', gheName: null, gheId: null, jobTitle: 'Auxiliar', startDate: '2019-02-01', endDate: '2024-06-01', current: false }), employment()] },
      },
    });
    renderApp(<EmploymentSection patientId="p1" canWrite />, { path: '/patients/p1' });
    const current = await screen.findByRole('region', { name: 'Vínculo atual com Metalúrgica Alfa Ltda.' });
    expect(current.textContent).toContain('M-0042');
    expect(current.textContent).toContain('Operador de prensa');
    expect(current.textContent).toContain('GHE 03 — Prensas');
    expect(current.textContent).toContain('Acima do limite de tolerância');
    expect(current.textContent).toContain('01/02/2019');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Atual');
    expect(rows[1]!.textContent).toContain('Almoxarifado');
    expect(rows[1]!.textContent).toContain('01/06/2024');
    expect(within(current).getByRole('button', { name: 'Transferir setor/GHE' })).toBeTruthy();
    expect(within(current).getByRole('button', { name: 'Registrar demissão' })).toBeTruthy();
  });

  it('says when the next audiometry is due and its state, from GET /patients/:id/programme', async () => {
    fakeApi({
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
      'GET /patients/p1/programme': {
        body: { today: '2026-11-25', exposed: true, state: 'vencido', stateLabel: 'Vencido', dueDate: '2024-03-01', reason: 'periodico', reasonLabel: 'Periódico', exposureStart: '2019-02-01', lastExamDate: '2023-03-01' },
      },
    });
    renderApp(<EmploymentSection patientId="p1" canWrite />, { path: '/patients/p1' });
    const status = await screen.findByRole('region', { name: 'Programa de conservação auditiva' });
    expect(status.textContent).toContain('Vencido');
    expect(status.textContent).toContain('Próxima audiometria: 01/03/2024 (periódico)');
    expect(status.textContent).toContain('último exame em 01/03/2023');
  });

  it('says why a worker is out of the programme', async () => {
    fakeApi({
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
      'GET /patients/p1/programme': {
        body: { today: '2026-11-25', exposed: false, state: null, stateLabel: null, dueDate: null, reason: null, reasonLabel: null, exposureStart: null, lastExamDate: null },
      },
    });
    renderApp(<EmploymentSection patientId="p1" canWrite />, { path: '/patients/p1' });
    expect(await screen.findByText(/Fora do programa de conservação auditiva/)).toBeTruthy();
  });

  it('"Registrar admissão" posts a new contract with the sector and GHE of the chosen company', async () => {
    const calls = fakeApi({
      'GET /patients/p1/employments': { body: { employments: [] } },
      'GET /companies': { body: [company()] },
      'GET /companies/c1': { body: detail },
      'POST /patients/p1/employments': { status: 201, body: employment() },
    });
    renderApp(<EmploymentSection patientId="p1" canWrite />, { path: '/patients/p1' });
    expect(await screen.findByText('Nenhum vínculo registrado')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar admissão' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar admissão' }));
    expect((await within(dialog).findAllByText('Escolha a empresa.')).length).toBeGreaterThan(0);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: /Metalúrgica Alfa Ltda\. — 11\.222\.333\/0001-81/ })).toBeTruthy());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Empresa/), 'c1');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Estamparia' })).toBeTruthy());
    await userEvent.selectOptions(within(dialog).getByLabelText('Setor'), 's1');
    await userEvent.selectOptions(within(dialog).getByLabelText('GHE'), 'g1');
    await userEvent.type(within(dialog).getByLabelText(/Matrícula/), 'M-0042');
    await userEvent.type(within(dialog).getByLabelText(/Cargo/), 'Operador de prensa');
    await userEvent.type(within(dialog).getByLabelText(/Data de admissão/), '2019-02-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar admissão' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      companyId: 'c1', registration: 'M-0042', sectorId: 's1', gheId: 'g1', jobTitle: 'Operador de prensa', admissionDate: '2019-02-01', dismissalDate: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Transferir setor/GHE" posts the date and the new placement to the period', async () => {
    const calls = fakeApi({
      'GET /patients/p1/employments': { body: { employments: [employment()] } },
      'GET /companies/c1': { body: detail },
      'POST /patients/p1/employments/e1/transfer': { status: 201, body: employment({ id: 'e2', gheId: 'g2' }) },
    });
    renderApp(<EmploymentSection patientId="p1" canWrite />, { path: '/patients/p1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Transferir setor/GHE' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /GHE 07/ })).toBeTruthy());
    await userEvent.selectOptions(within(dialog).getByLabelText('Setor'), '');
    await userEvent.selectOptions(within(dialog).getByLabelText('GHE'), 'g2');
    await userEvent.type(within(dialog).getByLabelText(/Data da transferência/), '2026-11-20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: '2026-11-20', sectorId: null, gheId: 'g2', jobTitle: 'Operador de prensa' });
  });

  it('without workers.write there is no action', async () => {
    fakeApi({ 'GET /patients/p1/employments': { body: { employments: [employment()] } } });
    renderApp(<EmploymentSection patientId="p1" canWrite={false} />, { path: '/patients/p1' });
    await screen.findByRole('region', { name: /Vínculo atual/ });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

const figures = (over: Record<string, unknown> = {}) => ({ exposedWorkers: 20, dueIn30: 3, dueIn60: 5, dueIn90: 6, overdue: 4, withoutReference: 2, coverage: 70, ...over });
const overview = {
  today: '2026-11-25',
  totals: figures(),
  companies: [{ companyId: 'c1', name: 'Metalúrgica Alfa Ltda.', cnpj: '11222333000181', needsCompletion: false, ...figures() }],
  ghes: [{ gheId: 'g1', companyId: 'c1', companyName: 'Metalúrgica Alfa Ltda.', sectorId: 's1', sectorName: 'Estamparia', name: 'GHE 03 — Prensas', exposureStatus: 'acima_limite', ...figures() }],
};
const prevalence = {
  window: { from: '2025-11-26', to: '2026-11-25' },
  current: { workersExamined: 18, sugestivo: 3, desencadeamento: 1, agravamento: 2, sugestivoPercent: 16.7, desencadeamentoPercent: 5.6, agravamentoPercent: 11.1 },
  byYear: [],
};
const workers = {
  total: 1,
  items: [{ patientId: 'p1', name: 'João Prensista', cpf: null, companyId: 'c1', companyName: 'Metalúrgica Alfa Ltda.', sectorName: 'Estamparia', gheId: 'g1', gheName: 'GHE 03 — Prensas', registration: 'M-0042', lastExamDate: '2024-03-01', dueDate: '2025-03-01', reason: 'periodico', reasonLabel: 'Periódico', state: 'vencido', stateLabel: 'Vencido' }],
};
const programmeAnswers = { 'GET /programme/overview': { body: overview }, 'GET /programme/prevalence': { body: prevalence }, 'GET /programme/workers': { body: workers }, 'GET /companies': { body: [company()] }, 'GET /companies/c1': { body: detail } };

describe('/programa', () => {
  it('shows the summary, the tables, the prevalence and the overdue workers with a link to the worker page', async () => {
    fakeApi(programmeAnswers);
    renderApp(<ProgrammePage />, { path: '/programa' });
    const summary = await screen.findByRole('region', { name: 'Resumo do programa' });
    expect(within(summary).getByText('Expostos').parentElement!.textContent).toContain('20');
    expect(within(summary).getByText('Vencidos').parentElement!.textContent).toContain('4');
    expect(within(summary).getByText('Cobertura').parentElement!.textContent).toContain('70 %');
    expect(await screen.findByText('16,7 %')).toBeTruthy();
    const list = await screen.findByRole('table', { name: 'Trabalhadores — Vencidos' });
    const link = within(list).getByRole('link', { name: 'João Prensista' });
    expect(link.getAttribute('href')).toBe('/patients/p1');
    expect(list.textContent).toContain('01/03/2025');
    expect(within(list).getByRole('link', { name: 'Registrar exame de João Prensista' }).getAttribute('href')).toBe('/exam/new?patientId=p1&examType=periodico');
    expect(fetchedUrls()).toContain('/api/programme/workers?state=vencido&limit=50&offset=0');
  });

  it('a click on a GHE filters the dashboard by its company and GHE; a state button changes the list', async () => {
    fakeApi(programmeAnswers);
    renderApp(<ProgrammePage />, { path: '/programa' });
    await userEvent.click(await screen.findByRole('button', { name: 'Filtrar pelo GHE GHE 03 — Prensas' }));
    await waitFor(() => expect(fetchedUrls()).toContain('/api/programme/overview?companyId=c1&gheId=g1'));
    expect(fetchedUrls()).toContain('/api/programme/workers?companyId=c1&gheId=g1&state=vencido&limit=50&offset=0');
    await waitFor(() => expect((screen.getByLabelText('Empresa') as HTMLSelectElement).value).toBe('c1'));
    await userEvent.click(screen.getByRole('button', { name: 'Sem exame de referência' }));
    await waitFor(() => expect(fetchedUrls()).toContain('/api/programme/workers?companyId=c1&gheId=g1&state=sem_referencia&limit=50&offset=0'));
  });

  it('"Exportar CSV" downloads the listed workers with the filters and the bearer token', async () => {
    fakeApi(programmeAnswers);
    localStorage.setItem('limiar.token', 'lmr_test');
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderApp(<ProgrammePage />, { path: '/programa?companyId=c1', route: '/programa' });
    await screen.findByRole('table', { name: 'Trabalhadores — Vencidos' });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const call = vi.mocked(fetch).mock.calls.find((c) => String(c[0]).startsWith('/api/programme/workers.csv'));
    expect(String(call?.[0])).toBe('/api/programme/workers.csv?companyId=c1&state=vencido');
    expect((call?.[1] as RequestInit).headers).toEqual({ authorization: 'Bearer lmr_test' });
  });

  it('a member without dashboards.export reads why instead of the dashboard, and has no "Programa" in the menu', () => {
    fakeApi(programmeAnswers);
    renderApp(<ProgrammePage />, { path: '/programa', user: tecnico });
    expect(screen.getByText('Ação não permitida')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls).toHaveLength(0);
    expect(visibleMenuItems(tecnico).map((i) => i.label)).toEqual(expect.arrayContaining(['Empresas']));
    expect(visibleMenuItems(tecnico).map((i) => i.label)).not.toContain('Programa');
    expect(visibleMenuItems(doctor).map((i) => i.label)).toContain('Programa');
  });
});

describe('the Dashboard card "Programa de conservação auditiva"', () => {
  const worklist = Object.fromEntries(['readingsToReview', 'unaddressedChanges', 'draftReports', 'examsWithoutReport'].map((g) => [g, { total: 0, items: [] }]));
  const answers = { 'GET /dashboard/summary': { body: { patients: 34, exams: 50, reports: 20, examsThisMonth: 3 } }, 'GET /worklist': { body: worklist }, 'GET /programme/overview': { body: overview } };

  it('shows overdue, due in 30 days and coverage, and links to /programa', async () => {
    fakeApi(answers);
    renderApp(<DashboardPage />, { path: '/dashboard' });
    const card = await screen.findByRole('link', { name: /Programa de conservação auditiva\s*4 vencidos · 3 vencem em 30 dias · cobertura 70 %/ });
    expect(card.getAttribute('href')).toBe('/programa');
  });

  it('is neither shown nor asked for without dashboards.export', async () => {
    const calls = fakeApi(answers);
    renderApp(<DashboardPage />, { path: '/dashboard', user: tecnico });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(calls.some((c) => c.path === '/worklist')).toBe(true));
    expect(screen.queryByRole('link', { name: /Programa de conservação auditiva/ })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/programme'))).toBe(false);
  });
});

describe('Tipo de exame', () => {
  const exam = {
    id: 'e1', date: '2025-03-01', createdAt: '2025-03-01T12:00:00Z', operatorName: 'Fernanda Rocha', operatorCrm: null, operatorCrmState: null,
    operatorRegistration: 'CRFa 2-12345', patientId: 'p1', patientName: 'José da Silva', patientSex: 'M', patientAge: 45, patientAgeAtExam: 45,
    patientCompany: null, observacoes: null, anamnese: null, meatoscopia: { od: null, oe: null }, mascaramento: null, audiogramDataId: null, speechTestId: null,
    audiogram: { air: {}, bone: {} }, speechTest: null, ambienteJson: null, consultationType: null, consultationReason: null, examType: null, examTypeLabel: null,
    ambientNoiseDb: null, calibrationDate: null, transducer: null, acousticRestHours: null, classification: {}, rulesVersion: 'test', referenceDesignation: null,
    recordedBy: null, updatedBy: null, imported: false,
  };

  it('"Editar Exame" offers the NR-7 types, optional, and sends examType when it changed', async () => {
    const calls = fakeApi({ 'PATCH /exams/e1': ({ body }) => ({ body: { ...exam, ...(body as object) } }) });
    renderApp(<ExamEditForm exam={exam as never} onDone={vi.fn()} />, { path: '/exams/e1' });
    const select = screen.getByLabelText(/Tipo de exame/) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.text)).toEqual(['Não informado', 'Admissional', 'Periódico', 'Retorno ao trabalho', 'Mudança de riscos ocupacionais', 'Demissional', 'Monitoração pontual']);
    await userEvent.selectOptions(select, 'periodico');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ examType: 'periodico' });
  });

  it('the exam page reads the label, or "Não informado"', () => {
    expect(examTypeText({ examType: 'retorno_trabalho', examTypeLabel: 'Retorno ao trabalho' })).toBe('Retorno ao trabalho');
    expect(examTypeText({ examType: 'demissional' })).toBe('Demissional');
    expect(examTypeText({ examType: null, examTypeLabel: null })).toBe('Não informado');
  });
});
