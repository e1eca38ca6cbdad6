import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmeToday } from '../../core/src/index';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let a: Account;
let b: Account;

const exam = (name: string, company: string, date: string, t500: number) => ({
  paciente: { nome: name, idade: 40, sexo: 'M' }, data_exame: date,
  operador: { nome: 'Ana', registro: 'CRFa 1' }, ambiente: { ruido_dB: 32.5, calibracao_atual: '2020-01-01' },
  audiograma: { air: Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [hz, { RE: hz === 500 ? t500 : 15, LE: -10 }])) },
});

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  for (const [name, date, t500] of [['Ana Souza', '2020-03-10', 10], ['Bruno Lima', '2022-05-20', 20]] as const) {
    const res = await t.request('/api/exams', json(exam(name, 'x', date, t500), a.token));
    expect(res.status, await res.text()).toBe(201);
  }
  const patient = await (await t.request('/api/patients', json({ name: '@Carla', age: 30, sex: 'F', company: 'Ótica São João' }, a.token))).json();
  expect(patient.id).toBeTruthy();
}, 60_000);
afterAll(async () => t?.close());

describe('CSV exports from the API', () => {
  it('streams the exams of the caller\'s organisation for Excel pt-BR, with the list filters', async () => {
    const res = await t.request('/api/exams/export.csv', bearer(a.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    // dated with the day in Brazil (from 21:00 in Brasília the UTC date is already tomorrow)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="exames-${programmeToday(new Date())}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].split(';').slice(0, 8)).toEqual(['nome', 'cpf', 'data_nascimento', 'idade', 'sexo', 'empresa', 'cargo', 'data_exame']);
    expect(lines[0]).toContain('classificacao_od;classificacao_oe');
    const ana = lines.find((l) => l.startsWith('Ana Souza'))!;
    expect(ana).toContain(';10/03/2020;');
    expect(ana).toContain(';32,5;');
    expect(ana).toContain(';-10;'); // a number, not guarded as a formula
    const filtered = await (await t.request('/api/exams/export.csv?from=2021-01-01&q=bruno', bearer(a.token))).text();
    expect(filtered.trim().split('\n')).toHaveLength(2);
    expect(filtered).toContain('Bruno Lima');
  });

  it('exports patients with formula-guarded text and the company filter; another organisation sees none of them', async () => {
    const text = await (await t.request(`/api/patients/export.csv?company=${encodeURIComponent('otica sao')}`, bearer(a.token))).text();
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith("'@Carla;")).toBe(true);
    const other = await (await t.request('/api/patients/export.csv', bearer(b.token))).text();
    expect(other.trim().split('\n')).toHaveLength(1);
  });

  it('asks for a session and validates the filters', async () => {
    expect((await t.request('/api/exams/export.csv')).status).toBe(401);
    expect((await t.request('/api/exams/export.csv?from=10-10-2020', bearer(a.token))).status).toBe(400);
  });

  it('exports reports when the report table exists, else answers 404 with a pt-BR message', async () => {
    const res = await t.request('/api/reports/export.csv', bearer(a.token));
    const exists = !!(await t.database.orm.em.getConnection().execute(`select to_regclass('report')::text as t`))[0].t;
    if (exists) {
      expect(res.status).toBe(200);
      expect([...Buffer.from(await res.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    } else {
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Ainda não há laudos neste banco');
    }
  });

  it('validates the query of all three exports before the first byte: impossible dates, control characters → 400 pt-BR', async () => {
    for (const route of ['/api/exams/export.csv', '/api/patients/export.csv', '/api/reports/export.csv']) {
      for (const query of ['from=2026-02-31', 'to=9999-99-99', 'q=%00', 'company=a%07b', 'patientId=x']) {
        const res = await t.request(`${route}?${query}`, bearer(a.token));
        const text = await res.text();
        expect(res.status, `${route}?${query} → ${text}`).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(JSON.parse(text).message).toMatch(/inv[aá]lid|inexistente|caracteres/);
      }
    }
  });

  it('a failure after streaming began breaks the connection instead of ending the file as if complete', async () => {
    // enough rows that the stream waits on the client (back-pressure) with COPY still running: ~17 MB,
    // more than loopback socket buffers and stream buffers hold together (15 000 rows, ~5 MB, could all be
    // buffered on a loaded machine before the first read, and then there was no COPY left to kill)
    const sql = t.database.orm.em.getConnection();
    const cols = (await sql.execute<{ c: string }[]>(`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'patient' and is_generated = 'NEVER' and column_default is null or (table_name = 'patient' and column_name = 'id')`))
      .map((r) => `"${r.c}"`).filter((c, i, all) => all.indexOf(c) === i).join(', ');
    await sql.execute(`insert into patient (${cols}) select ${cols} from (select (jsonb_populate_record(null::patient, to_jsonb(p) || jsonb_build_object('id', gen_random_uuid(), 'name', p.name || ' ' || g || repeat(' x', 400)))).*
      from patient p, generate_series(1, 20000) g where p.organization_id = ? and p.name = '@Carla') x`, [a.user.organizationId]);
    const res = await t.request('/api/patients/export.csv', { ...bearer(a.token), signal: AbortSignal.timeout(30_000) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // The first chunk (the BOM) is written right after the COPY is sent, so on a loaded machine the backend
    // may not have started it yet: wait until PostgreSQL shows it running, then kill it.
    let killed: unknown[] = [];
    for (const until = Date.now() + 15_000; !killed.length && Date.now() < until;) {
      killed = await sql.execute(`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'copy (%' and pid <> pg_backend_pid()`);
      if (!killed.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(killed.length).toBeGreaterThan(0);
    let failure: Error | undefined;
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch (error) {
      failure = error as Error;
    }
    expect(failure, 'the download must fail').toBeDefined();
    expect(failure!.name).not.toBe('TimeoutError'); // broken by the server, not left hanging
    expect((await t.request('/api/health')).status).toBe(200);
  }, 60_000);
});
