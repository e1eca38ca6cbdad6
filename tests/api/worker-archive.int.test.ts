import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer, json, registerAccount, type Account } from '../support/accounts';

// Issue 14 (defect 6): deleting a worker archives it; every record is kept (NR-7 item 7.6.1.1).
let t: TestServer;
let a: Account;
beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, who = a) => t.request(path, json(body, who.token));
const get = (path: string, who = a) => t.request(path, bearer(who.token));
const air = Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 15 }]));

describe('archiving a worker', () => {
  it('hides it from lists, search, counters and the exam list, keeps exams and laudos, and restores it', async () => {
    const p = await (await post('/api/patients', { name: 'Arquivada Teste', age: 50, sex: 'F', cpf: '529.982.247-25', company: 'Empresa Arquivo' })).json();
    const e = await (await post('/api/exams', { patientId: p.id, date: '2025-01-10', audiogram: { air } })).json();
    expect((await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' })).status).toBe(201);
    const before = await (await get('/api/dashboard/summary')).json();

    expect((await t.request(`/api/patients/${p.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);

    const active = await get('/api/patients');
    expect((await active.json()).map((x: { id: string }) => x.id)).not.toContain(p.id);
    expect(active.headers.get('x-total-count')).toBe(String(before.patients - 1));
    expect(await (await get('/api/patients?q=arquivada')).json()).toEqual([]);
    expect(await (await get('/api/patients?q=52998224725')).json()).toEqual([]);
    expect((await (await get('/api/exams')).json()).map((x: { id: string }) => x.id)).not.toContain(e.id);
    expect(await (await get('/api/dashboard/summary')).json()).toMatchObject({ patients: before.patients - 1, exams: before.exams - 1, reports: before.reports - 1 });

    const archived = await get('/api/patients?archived=true');
    expect(archived.headers.get('x-total-count')).toBe('1');
    expect(await archived.json()).toEqual([expect.objectContaining({ id: p.id, archivedAt: expect.any(String), examCount: 1 })]);
    // the record itself is kept and readable: worker, exams, laudo
    expect(await (await get(`/api/patients/${p.id}`)).json()).toMatchObject({ id: p.id, archivedAt: expect.any(String) });
    expect((await (await get(`/api/exams?patientId=${p.id}`)).json()).map((x: { id: string }) => x.id)).toEqual([e.id]);
    expect((await get(`/api/reports/exam/${e.id}`)).status).toBe(200);
    // no new exams for an archived worker
    const refused = await post('/api/exams', { patientId: p.id, date: '2025-02-10' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('Trabalhador arquivado: restaure o cadastro para registrar novos exames.');
    // the CPF stays taken: an archived worker is not a free slot
    expect((await post('/api/patients', { name: 'Outra', age: 30, sex: 'F', cpf: '52998224725' })).status).toBe(409);

    const restored = await post(`/api/patients/${p.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: p.id, archivedAt: null });
    expect((await (await get('/api/patients?q=arquivada')).json()).map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(await (await get('/api/dashboard/summary')).json()).toMatchObject({ patients: before.patients, exams: before.exams, reports: before.reports });
  });

  it('widget, token creation and bulk CSV exports leave an archived worker out; a one-worker export keeps it', async () => {
    const p = await (await post('/api/patients', { name: 'Widget Arquivo', age: 44, sex: 'M', company: 'Empresa Widget' })).json();
    await post('/api/exams', { patientId: p.id, date: '2025-01-10', audiogram: { air } });
    const ORIGIN = 'https://rh.exemplo.com.br';
    const token = await (await post('/api/embed-tokens', { name: 'RH', allowedOrigins: [ORIGIN], scope: 'company', companyId: p.companyId })).json();
    const widget = () => t.request(`/api/embed/evolution/${p.id}`, { headers: { authorization: `Bearer ${token.token}`, origin: ORIGIN } });
    expect((await widget()).status).toBe(200);
    const exportsOf = async (path: string) => (await (await get(path)).text());
    expect(await exportsOf('/api/exams/export.csv')).toContain('Widget Arquivo');

    expect((await t.request(`/api/patients/${p.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);
    expect((await widget()).status).toBe(404);
    expect((await post('/api/embed-tokens', { name: 'RH 2', allowedOrigins: [ORIGIN], scope: 'patient', patientId: p.id })).status).toBe(404);
    expect((await (await get('/api/companies')).json()).find((c: { id: string }) => c.id === p.companyId)).toMatchObject({ patientCount: 0 });
    expect(await exportsOf('/api/exams/export.csv')).not.toContain('Widget Arquivo');
    expect(await exportsOf('/api/patients/export.csv')).not.toContain('Widget Arquivo');
    expect(await exportsOf(`/api/exams/export.csv?patientId=${p.id}`)).toContain('Widget Arquivo');

    await post(`/api/patients/${p.id}/restore`, {});
    expect((await widget()).status).toBe(200);
  });

  it('is organisation-scoped', async () => {
    const b = await registerAccount(t);
    const p = await (await post('/api/patients', { name: 'Escopo', age: 30, sex: 'M' })).json();
    expect((await t.request(`/api/patients/${p.id}`, bearer(b.token, 'DELETE'))).status).toBe(404);
    expect((await post(`/api/patients/${p.id}/restore`, {}, b)).status).toBe(404);
    expect((await get('/api/patients?archived=true', b)).headers.get('x-total-count')).toBe('0');
  });
});
