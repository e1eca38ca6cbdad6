import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { bearer, expectHiddenFromOtherOrganisation, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 19: a worker's employment — contracts (company, matrícula, admission, dismissal) and their periods (cargo, setor, GHE).
let t: TestServer;
let a: Account;
let b: Account;
let tecnico: Account;
/** Organisation A's companies: Alfa with two sectors and GHEs, Beta with one GHE. */
const A = {} as { alfa: string; beta: string; prensas: string; solda: string; ghePrensas: string; gheSolda: string; gheBeta: string };

type Json = Record<string, any>;
async function call(who: Account, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await t.request(path, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const ok = async (who: Account, method: string, path: string, body: unknown, status: number) => {
  const r = await call(who, method, path, body);
  expect(r.status, `${method} ${path} → ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
};
const newWorker = async (name: string) => (await ok(a, 'POST', '/api/patients', { name, age: 38, sex: 'M' }, 201)).id as string;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  tecnico = await inviteMember(t, a, ['tecnico']);
  A.alfa = (await ok(a, 'POST', '/api/companies', { name: 'Metalúrgica Alfa', cnpj: cnpjWithCheckDigits('102030400001') }, 201)).id;
  A.beta = (await ok(a, 'POST', '/api/companies', { name: 'Têxtil Beta' }, 201)).id;
  A.prensas = (await ok(a, 'POST', `/api/companies/${A.alfa}/sectors`, { name: 'Prensas' }, 201)).id;
  A.solda = (await ok(a, 'POST', `/api/companies/${A.alfa}/sectors`, { name: 'Solda' }, 201)).id;
  A.ghePrensas = (await ok(a, 'POST', `/api/companies/${A.alfa}/ghes`, { name: 'GHE 01 — Prensas', sectorId: A.prensas, exposure: { metric: 'LAVG', levelDbA: 89 } }, 201)).id;
  A.gheSolda = (await ok(a, 'POST', `/api/companies/${A.alfa}/ghes`, { name: 'GHE 02 — Solda', sectorId: A.solda, exposure: { metric: 'LAVG', levelDbA: 82 } }, 201)).id;
  A.gheBeta = (await ok(a, 'POST', `/api/companies/${A.beta}/ghes`, { name: 'GHE B1' }, 201)).id;
}, 120_000);
afterAll(() => t?.close());

describe('employment', () => {
  it('admits a worker (a técnico may: workers.write), lists the periods and the worker shows the company', async () => {
    const worker = await newWorker('Paulo Mendes');
    const admitted = await ok(tecnico, 'POST', `/api/patients/${worker}/employments`, {
      companyId: A.alfa, registration: 'M-0042', jobTitle: 'Prensista', gheId: A.ghePrensas, admissionDate: '2023-02-01',
    }, 201);
    expect(admitted).toEqual({
      id: expect.any(String), patientId: worker, companyId: A.alfa, companyName: 'Metalúrgica Alfa', companyCnpj: cnpjWithCheckDigits('102030400001'),
      registration: 'M-0042', jobTitle: 'Prensista', sectorId: A.prensas, sectorName: 'Prensas', gheId: A.ghePrensas, gheName: 'GHE 01 — Prensas',
      exposureStatus: 'acima_limite', admissionDate: '2023-02-01', dismissalDate: null, startDate: '2023-02-01', endDate: null, current: true,
    });
    expect(await ok(a, 'GET', `/api/patients/${worker}/employments`, undefined, 200)).toEqual({ employments: [admitted] });
    expect(await ok(a, 'GET', `/api/patients/${worker}`, undefined, 200)).toMatchObject({ company: 'Metalúrgica Alfa', companyId: A.alfa });
    expect((await ok(a, 'GET', `/api/patients?q=${encodeURIComponent('Paulo Mendes')}`, undefined, 200))[0]).toMatchObject({ company: 'Metalúrgica Alfa' });
    const details = await ok(a, 'GET', `/api/companies/${A.alfa}`, undefined, 200);
    expect(details.company.activeWorkers).toBeGreaterThanOrEqual(1);
    expect(details.ghes.find((g: Json) => g.id === A.ghePrensas).workers).toBeGreaterThanOrEqual(1);
    expect(await call(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, admissionDate: '2023-02-01' }))
      .toMatchObject({ status: 409, body: { code: 'EMPLOYMENT.DUPLICATE_CONFLICT' } });
  });

  it('validates the admission with pt-BR messages per field', async () => {
    const worker = await newWorker('Renato Dias');
    const r = await call(a, 'POST', `/api/patients/${worker}/employments`, { admissionDate: '2024-02-30', dismissalDate: 'amanhã' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('EMPLOYMENT.INVALID');
    expect(Object.fromEntries(r.body.issues.map((i: Json) => [i.path, i.message]))).toEqual({
      companyId: 'Empresa é obrigatória', admissionDate: 'Data de admissão inválida: use uma data real no formato AAAA-MM-DD',
      dismissalDate: 'Data de demissão inválida: use uma data real no formato AAAA-MM-DD',
    });
    expect(await call(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, admissionDate: '2024-03-01', dismissalDate: '2024-01-01' }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'dismissalDate', message: 'A data de demissão não pode ser anterior à data de admissão' }] } });
    expect(await call(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, gheId: A.gheBeta, admissionDate: '2024-03-01' }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'gheId', message: 'O GHE escolhido é de outra empresa' }] } });
    expect(await call(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.beta, sectorId: A.solda, admissionDate: '2024-03-01' }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'sectorId', message: 'O setor escolhido é de outra empresa' }] } });
    expect((await ok(a, 'GET', `/api/patients/${worker}/employments`, undefined, 200)).employments).toEqual([]);
  });

  it('a transfer closes the current period on the date and opens the next one; the history is kept, oldest first', async () => {
    const worker = await newWorker('Fábio Nunes');
    const first = await ok(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, registration: 'M-7', jobTitle: 'Prensista', gheId: A.ghePrensas, admissionDate: '2022-04-04' }, 201);
    expect(await call(a, 'POST', `/api/patients/${worker}/employments/${first.id}/transfer`, { date: '2022-04-04', gheId: A.gheSolda }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'date', message: 'A transferência deve ser posterior ao início do período atual (04/04/2022)' }] } });
    const second = await ok(a, 'POST', `/api/patients/${worker}/employments/${first.id}/transfer`, { date: '2024-09-02', gheId: A.gheSolda, jobTitle: 'Soldador' }, 201);
    expect(second).toMatchObject({
      companyId: A.alfa, registration: 'M-7', admissionDate: '2022-04-04', startDate: '2024-09-02', endDate: null, sectorId: A.solda, sectorName: 'Solda',
      gheId: A.gheSolda, gheName: 'GHE 02 — Solda', jobTitle: 'Soldador', exposureStatus: 'acima_nivel_acao', current: true,
    });
    expect(await call(a, 'POST', `/api/patients/${worker}/employments/${first.id}/transfer`, { date: '2025-01-02' }))
      .toMatchObject({ status: 409, body: { code: 'EMPLOYMENT.CLOSED_CONFLICT' } });
    const history = (await ok(a, 'GET', `/api/patients/${worker}/employments`, undefined, 200)).employments;
    expect(history.map((p: Json) => [p.startDate, p.endDate, p.sectorName, p.gheName, p.jobTitle, p.current])).toEqual([
      ['2022-04-04', '2024-09-02', 'Prensas', 'GHE 01 — Prensas', 'Prensista', false],
      ['2024-09-02', null, 'Solda', 'GHE 02 — Solda', 'Soldador', true],
    ]);
  });

  it('a correction sets the dismissal on the whole contract; a later transfer is refused; a new contract elsewhere moves the worker', async () => {
    const worker = await newWorker('Sandra Lopes');
    const first = await ok(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, gheId: A.ghePrensas, admissionDate: '2021-01-04' }, 201);
    const second = await ok(a, 'POST', `/api/patients/${worker}/employments/${first.id}/transfer`, { date: '2023-06-01', gheId: A.gheSolda }, 201);
    expect(await call(a, 'PUT', `/api/patients/${worker}/employments/${second.id}`, { dismissalDate: '2023-05-31' }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'dismissalDate', message: 'A data de demissão não pode ser anterior ao início do último período do vínculo (01/06/2023)' }] } });
    const dismissed = await ok(a, 'PUT', `/api/patients/${worker}/employments/${second.id}`, { dismissalDate: '2025-03-31', jobTitle: 'Soldadora', registration: 'M-9' }, 200);
    expect(dismissed).toMatchObject({ dismissalDate: '2025-03-31', jobTitle: 'Soldadora', registration: 'M-9', current: false });
    expect(await call(a, 'POST', `/api/patients/${worker}/employments/${second.id}/transfer`, { date: '2025-04-01' }))
      .toMatchObject({ status: 400, body: { issues: [{ path: 'date', message: 'A transferência não pode ser posterior à demissão (31/03/2025)' }] } });
    expect(await ok(a, 'GET', `/api/patients/${worker}`, undefined, 200)).toMatchObject({ company: 'Metalúrgica Alfa' });
    await ok(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.beta, gheId: A.gheBeta, admissionDate: '2025-05-05' }, 201);
    expect(await ok(a, 'GET', `/api/patients/${worker}`, undefined, 200)).toMatchObject({ company: 'Têxtil Beta', companyId: A.beta });
    const history = (await ok(a, 'GET', `/api/patients/${worker}/employments`, undefined, 200)).employments;
    expect(history.map((p: Json) => [p.companyName, p.startDate, p.dismissalDate, p.registration, p.current])).toEqual([
      ['Metalúrgica Alfa', '2021-01-04', '2025-03-31', 'M-9', false], ['Metalúrgica Alfa', '2023-06-01', '2025-03-31', 'M-9', false], ['Têxtil Beta', '2025-05-05', null, null, true],
    ]);
  });

  it("another organisation gets 404 for the worker, the period and A's company, sector or GHE in the body", async () => {
    const worker = await newWorker('Otávio Reis');
    const period = await ok(a, 'POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, admissionDate: '2024-01-08' }, 201);
    for (const [method, path, body] of [
      ['GET', `/api/patients/${worker}/employments`], ['POST', `/api/patients/${worker}/employments`, { companyId: A.alfa, admissionDate: '2024-01-08' }],
      ['POST', `/api/patients/${worker}/employments/${period.id}/transfer`, { date: '2024-06-03' }],
      ['PUT', `/api/patients/${worker}/employments/${period.id}`, { jobTitle: 'Trocado' }],
    ] as const) await expectHiddenFromOtherOrganisation(t, b, { method, path, body });
    const bWorker = (await ok(b, 'POST', '/api/patients', { name: 'Bruno B', age: 30, sex: 'M' }, 201)).id;
    const bCompany = (await ok(b, 'POST', '/api/companies', { name: 'Empresa B' }, 201)).id;
    for (const body of [{ companyId: A.alfa, admissionDate: '2024-01-08' }, { companyId: bCompany, gheId: A.ghePrensas, admissionDate: '2024-01-08' }, { companyId: bCompany, sectorId: A.prensas, admissionDate: '2024-01-08' }]) {
      expect((await call(b, 'POST', `/api/patients/${bWorker}/employments`, body)).status, JSON.stringify(body)).toBe(404);
    }
    expect((await ok(a, 'GET', `/api/patients/${worker}/employments`, undefined, 200)).employments).toEqual([period]);
  });
});
