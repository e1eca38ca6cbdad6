import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { programmeToday } from '../../core/src/programme/schedule';

/**
 * Issue 20 acceptance, "Audit test": a fixed sequence of reads and writes by two members of one
 * organisation (and the evolution widget) leaves EXACTLY the expected audit rows — order, actor, action,
 * entity, record, worker, status — and nothing for the requests that are not audited (401, settings,
 * the trail itself). The table refuses UPDATE, DELETE and TRUNCATE through the application's own
 * connection pool (docs/audit.md).
 */

let t: TestServer;
let admin: Account;
let medico: Account & { memberId: string };
let other: Account;
const ORIGIN = 'https://portal.metalurgica.com.br';
const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));

async function call(who: Account | null, path: string, init: RequestInit = {}, status = 200) {
  const headers = { ...(init.headers as Record<string, string> | undefined), ...(who ? { authorization: `Bearer ${who.token}` } : {}) };
  const res = await t.request(path, { ...init, headers });
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8'); // keeps a CSV's BOM (Response.text() drops it)
  expect(res.status, `${init.method ?? 'GET'} ${path} → ${res.status} ${text.slice(0, 300)}`).toBe(status);
  return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}
const post = (who: Account, path: string, body: unknown, status = 201) =>
  call(who, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, status);

interface Row {
  actor_id: string | null; actor_name: string; actor_kind: string; action: string; entity: string; record_id: string | null;
  patient_id: string | null; route: string; status: number; ip: string | null; organization_id: string;
}
const sql = <T = Record<string, unknown>>(q: string, p: unknown[] = []) => t.server.db.orm.em.fork().getConnection().execute<T[]>(q, p);

beforeAll(async () => {
  t = await startTestServer();
  admin = await registerAccount(t, { name: 'Dra. Helena Prado' });
  medico = await inviteMember(t, admin, ['medico'], { name: 'Dr. Rafael Lima' });
  other = await registerAccount(t);
});
afterAll(() => t?.close());

describe('the audit trail', () => {
  let patientId: string;
  let examId: string;
  let fileId: string;
  let tokenId: string;
  let foreignPatientId: string;

  it('holds exactly one row per audited request, in order, with who, what, which record and which worker', async () => {
    foreignPatientId = (await post(other, '/api/patients', { name: 'Trabalhador de Outra Organização', age: 30, sex: 'F', company: 'Outra' })).id;
    const before = await sql<{ n: string }>('select count(*) as n from audit_log where organization_id = ?', [admin.user.organizationId]);
    expect(Number(before[0]!.n)).toBe(0);

    // 1. the administrator lists the workers (an empty list: one row all the same)
    await call(admin, '/api/patients');
    // 2–3. the médico registers a worker and opens his page
    patientId = (await post(medico, '/api/patients', { name: 'José Auditado da Silva', cpf: '52998224725', age: 41, sex: 'M', company: 'Metalúrgica Alfa' })).id;
    await call(medico, `/api/patients/${patientId}`);
    // 4. the médico records an exam; 5. the administrator reads it
    examId = (await post(medico, '/api/exams', { patientId, date: '2024-03-10', repousoHoras: 14, audiogram: { air: air([10, 10, 15, 35, 45, 40, 15]) } })).id;
    await call(admin, `/api/exams/${examId}`);
    // 6. the médico uploads a file; 7. the administrator downloads it
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png1x1)]), 'audiograma.png');
    form.set('examId', examId);
    form.set('uploadedBy', medico.user.id);
    fileId = (await call(medico, '/api/files/upload', { method: 'POST', body: form }, 201)).file.id;
    await call(admin, `/api/files/${fileId}/download`);
    // 8. the administrator exports the workers' CSV
    await call(admin, '/api/patients/export.csv');
    // 9. the evolution widget of a partner portal reads the worker (token created in settings: not audited)
    const created = await post(admin, '/api/embed-tokens', { name: 'Portal RH Alfa', scope: 'patient', patientId, allowedOrigins: [ORIGIN] });
    tokenId = created.id;
    await call(null, `/api/embed/evolution/${patientId}`, { headers: { authorization: `Bearer ${created.token}`, origin: ORIGIN } });
    // 10. an attempt that fails after authentication is kept with its status: a duplicate CPF (409)
    await post(medico, '/api/patients', { name: 'Outro Nome', cpf: '52998224725', age: 30, sex: 'M' }, 409);
    // 11. another organisation's worker: 404, recorded in the caller's organisation only
    await call(medico, `/api/patients/${foreignPatientId}`, {}, 404);
    // not audited: no session (401), the trail itself, a settings page
    await call(null, '/api/patients', {}, 401);
    await call(medico, '/api/audit', {}, 403);
    await call(admin, '/api/team/members');

    const page = await call(admin, '/api/audit?limit=200');
    const rows = [...page.items].reverse();
    const M = medico.user.id;
    const A = admin.user.id;
    const expected = [
      { actorId: A, actorName: 'Dra. Helena Prado', actorKind: 'membro', action: 'list', entity: 'patient', recordId: null, patientId: null, route: 'GET /api/patients', status: 200 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'create', entity: 'patient', recordId: patientId, patientId, route: 'POST /api/patients', status: 201 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'read', entity: 'patient', recordId: patientId, patientId, route: 'GET /api/patients/:id', status: 200 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'create', entity: 'exam', recordId: examId, patientId, route: 'POST /api/exams', status: 201 },
      { actorId: A, actorName: 'Dra. Helena Prado', actorKind: 'membro', action: 'read', entity: 'exam', recordId: examId, patientId, route: 'GET /api/exams/:id', status: 200 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'upload', entity: 'file', recordId: fileId, patientId, route: 'POST /api/files/upload', status: 201 },
      { actorId: A, actorName: 'Dra. Helena Prado', actorKind: 'membro', action: 'download', entity: 'file', recordId: fileId, patientId, route: 'GET /api/files/:id/download', status: 200 },
      { actorId: A, actorName: 'Dra. Helena Prado', actorKind: 'membro', action: 'export', entity: 'patient', recordId: null, patientId: null, route: 'GET /api/patients/export.csv', status: 200 },
      { actorId: tokenId, actorName: 'Portal RH Alfa', actorKind: 'widget', action: 'read', entity: 'embed', recordId: null, patientId, route: 'GET /api/embed/evolution/:patientId', status: 200 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'create', entity: 'patient', recordId: null, patientId: null, route: 'POST /api/patients', status: 409 },
      { actorId: M, actorName: 'Dr. Rafael Lima', actorKind: 'membro', action: 'read', entity: 'patient', recordId: foreignPatientId, patientId: foreignPatientId, route: 'GET /api/patients/:id', status: 404 },
    ];
    expect(page.total).toBe(expected.length);
    expect(rows.map((r: Record<string, unknown>) => ({
      actorId: r.actorId, actorName: r.actorName, actorKind: r.actorKind, action: r.action, entity: r.entity, recordId: r.recordId, patientId: r.patientId, route: r.route, status: r.status,
    }))).toEqual(expected);
    for (const r of rows) {
      expect(r.ip).toMatch(/^(::1|127\.0\.0\.1|::ffff:127\.0\.0\.1)$/);
      expect(Date.parse(r.at)).toBeGreaterThan(Date.now() - 10 * 60_000);
      expect(r.actionLabel).toEqual(expect.any(String));
    }
    // ids strictly increasing with the order of the requests
    const ids = rows.map((r: { id: string }) => BigInt(r.id));
    expect(ids.every((id: bigint, i: number) => i === 0 || id > ids[i - 1]!)).toBe(true);
    // nothing about the other organisation's trail, and the foreign request is not in its log
    const foreign = await sql<{ n: string }>('select count(*) as n from audit_log where organization_id = ?', [other.user.organizationId]);
    expect(Number(foreign[0]!.n)).toBe(1); // its own POST /api/patients above
  });

  it('holds no name or CPF of a worker (LGPD: the anonymisation of a worker leaves only his id here)', async () => {
    const dump = JSON.stringify(await sql('select * from audit_log'));
    expect(dump).not.toContain('José Auditado');
    expect(dump).not.toContain('52998224725');
    expect(dump).not.toContain('529.982.247-25');
  });

  it('filters by worker, member, action and period; the worker page shows who accessed him; the CSV carries the same rows', async () => {
    const byWorker = await call(admin, `/api/audit?patientId=${patientId}`);
    expect(byWorker.items.map((r: { route: string }) => r.route)).toEqual([
      'GET /api/embed/evolution/:patientId', 'GET /api/files/:id/download', 'POST /api/files/upload', 'GET /api/exams/:id', 'POST /api/exams', 'GET /api/patients/:id', 'POST /api/patients',
    ]);
    const accessLog = await call(admin, `/api/patients/${patientId}/access-log?limit=3`);
    expect(accessLog.total).toBe(7);
    expect(accessLog.items.map((r: { action: string }) => r.action)).toEqual(['read', 'download', 'upload']);
    const byMember = await call(admin, `/api/audit?actorId=${medico.user.id}&action=create`);
    expect(byMember.items.map((r: { status: number }) => r.status)).toEqual([409, 201, 201]);
    // Today in Brazil, as the trail's period is read (between 00:00 and 03:00 UTC the UTC date is already tomorrow).
    const today = programmeToday(new Date());
    expect((await call(admin, `/api/audit?from=2000-01-01&to=2000-12-31`)).total).toBe(0);
    expect((await call(admin, `/api/audit?from=${today}`)).total).toBeGreaterThanOrEqual(11);
    const csv: string = await call(admin, `/api/audit.csv?patientId=${patientId}`);
    // the file is dated with the day in Brazil (from 21:00 in Brasília the UTC date is already tomorrow)
    const named = await t.request(`/api/audit.csv?patientId=${patientId}`, bearer(admin.token));
    expect(named.headers.get('content-disposition')).toBe(`attachment; filename="auditoria-${today}.csv"`);
    expect(csv.startsWith('\uFEFFdata_hora;membro;tipo_de_acesso;acao;registro;id_registro;id_trabalhador;rota;status;ip\n')).toBe(true);
    const lines = csv.trim().split('\n').slice(1);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Portal RH Alfa;Widget \\(token\\);Leitura;Widget de evolução;;${patientId};GET /api/embed/evolution/:patientId;200;`));
    expect(lines[6]).toContain(`;Dr. Rafael Lima;Membro;Criação;Trabalhador;${patientId};${patientId};POST /api/patients;201;`);
  });

  it('answers 404 for another organisation\'s worker and 403 without audit.read', async () => {
    await call(admin, `/api/patients/${foreignPatientId}/access-log`, {}, 404);
    await call(admin, `/api/audit?patientId=${foreignPatientId}`, {}, 404);
    await call(admin, `/api/audit?patientId=${randomUUID()}`, {}, 404);
    const refused = await call(medico, `/api/patients/${patientId}/access-log`, {}, 403);
    expect(refused.code).toBe('AUTH.FORBIDDEN');
    await call(medico, '/api/audit.csv', {}, 403);
  });

  it('follows a laudo: draft, finalisation, PDF, versions and the public verification (the public, in the laudo\'s organisation)', async () => {
    const already = (await call(admin, '/api/audit?limit=1')).total as number;
    const draft = await post(admin, `/api/reports/generate/${examId}`, { audiometryType: 'simple' });
    const finalized = await post(admin, `/api/reports/${draft.id}/finalize`, {}, 200);
    expect(finalized.verificationCode).toEqual(expect.any(String));
    await call(admin, `/api/reports/${draft.id}/download`);
    await call(medico, `/api/reports/${draft.id}/versions`);
    await call(null, `/api/verify/${finalized.verificationCode.toLowerCase()}`);
    await call(null, '/api/verify/ZZZZ-ZZZZ-ZZZZ', {}, 404); // no such laudo: no organisation to record it in
    const page = await call(admin, `/api/audit?limit=${200}`);
    expect(page.total).toBe(already + 5);
    const rows = page.items.slice(0, 5).reverse().map((r: Record<string, unknown>) => [r.actorKind, r.actorId, r.action, r.entity, r.recordId, r.patientId, r.route, r.status]);
    const code = finalized.verificationCode.replace(/-/g, '');
    expect(rows).toEqual([
      ['membro', admin.user.id, 'create', 'report', draft.id, patientId, 'POST /api/reports/generate/:examId', 201],
      ['membro', admin.user.id, 'finalize', 'report', draft.id, patientId, 'POST /api/reports/:id/finalize', 200],
      ['membro', admin.user.id, 'download', 'report', draft.id, patientId, 'GET /api/reports/:id/download', 200],
      ['membro', medico.user.id, 'list', 'report', draft.id, patientId, 'GET /api/reports/:id/versions', 200],
      ['publico', null, 'verify', 'report', code, patientId, 'GET /api/verify/:code', 200],
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE through the application\'s own connection (append-only)', async () => {
    const count = async () => Number((await sql<{ n: string }>('select count(*) as n from audit_log'))[0]!.n);
    const n = await count();
    await expect(sql('update audit_log set actor_name = ? where organization_id = ?', ['apagado', admin.user.organizationId])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql('delete from audit_log where organization_id = ?', [admin.user.organizationId])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql('truncate audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await count()).toBe(n);
    const names = await sql<{ actor_name: string }>('select distinct actor_name from audit_log where organization_id = ?', [admin.user.organizationId]);
    expect(names.map((r) => r.actor_name).sort()).toEqual(['Dr. Rafael Lima', 'Dra. Helena Prado', 'Portal RH Alfa', 'Público']);
  });
});

describe('a normal shutdown', () => {
  it('writes the entries still buffered before the database closes', async () => {
    const s = await startTestServer();
    try {
      const who = await registerAccount(s);
      for (let i = 0; i < 3; i++) expect((await s.request('/api/patients', bearer(who.token))).status).toBe(200);
      await s.server.close(); // within the second the buffer waits: the close writes it
      const rows = await s.database.orm.em.fork().getConnection().execute<{ route: string }[]>('select route from audit_log where organization_id = ? order by id', [who.user.organizationId]);
      expect(rows.map((r) => r.route)).toEqual(['GET /api/patients', 'GET /api/patients', 'GET /api/patients']);
    } finally {
      await s.close();
    }
  });
});
