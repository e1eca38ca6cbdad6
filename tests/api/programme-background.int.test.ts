import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// ADR 0018: `limiar serve` refreshes the programme projection in the background (LIMIAR_PROGRAMME_REFRESH_SECONDS),
// so marks left by writes — a CLI import in another process among them — are consumed without any dashboard request.
let t: TestServer;
let a: Account;
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => t.database.orm.em.fork().getConnection().execute<T[]>(q, params);
const post = async (path: string, body: unknown) => {
  const res = await t.request(path, json(body, a.token));
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { id: string };
};

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_PROGRAMME_REFRESH_SECONDS: '1' });
  a = await registerAccount(t);
}, 60_000);
afterAll(async () => t?.close());

describe('background refresh of the programme projection', () => {
  it('computes an exposed worker’s row and consumes the marks with no dashboard request', async () => {
    const company = await post('/api/companies', { name: 'Caldeiraria Fundo Azul', cnpj: cnpjWithCheckDigits('778889990001') });
    const ghe = await post(`/api/companies/${company.id}/ghes`, { name: 'GHE Caldeiras', exposure: { metric: 'LAVG', levelDbA: 91, dosePercent: null, assessedAt: '2025-02-01', source: 'PGR 2025' } });
    const worker = await post('/api/patients', { name: 'Rui Caldeira', age: 44, sex: 'M' });
    await post(`/api/patients/${worker.id}/employments`, { companyId: company.id, gheId: ghe.id, admissionDate: '2019-04-01' });
    await post('/api/exams', { patientId: worker.id, date: '2024-05-10', examType: 'periodico', audiogram: { air: Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 15 }])) } });
    // a write from another process (like `limiar import exams`) only leaves marks behind
    await sql('insert into programme_dirty (organization_id, patient_id) values (?, ?) on conflict do nothing', [a.user.organizationId, worker.id]);
    let row: Record<string, unknown> | undefined;
    for (const until = Date.now() + 15_000; Date.now() < until;) {
      const dirty = await sql<{ n: number }>('select count(*)::int as n from programme_dirty where organization_id = ?', [a.user.organizationId]);
      [row] = await sql('select exposed, due_date::text as due, reason from programme_worker where patient_id = ?', [worker.id]);
      if (dirty[0].n === 0 && row) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).toEqual({ exposed: true, due: '2025-05-10', reason: 'periodico' });
    expect(await sql('select count(*)::int as n from programme_dirty where organization_id = ?', [a.user.organizationId])).toEqual([{ n: 0 }]);
  }, 60_000);
});
