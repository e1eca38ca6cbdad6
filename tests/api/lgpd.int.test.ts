import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { cpfFrom } from '../support/cpf';
import { dumpDatabase } from '../support/database-dump';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 20 item 5: the worker's LGPD rights — the access export, a deletion request approved (anonymisation) or refused.
let t: TestServer;
let a: Account;
let b: Account;
let medico: Account;
let db: pg.Client;

type Json = Record<string, any>;
async function call(who: Account | null, method: string, p: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const init: RequestInit = body === undefined ? (who ? bearer(who.token, method) : { method }) : json(body, who?.token, method);
  const res = await t.request(p, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const ok = async (who: Account | null, method: string, p: string, body: unknown, status: number) => {
  const r = await call(who, method, p, body);
  expect(r.status, `${method} ${p} → ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
};
const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;

function upload(examId: string, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  form.set('examId', examId);
  form.set('uploadedBy', a.user.id);
  return t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } });
}

const storedFiles = () => {
  const dir = path.join(t.dataDir, 'files');
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.lmr')) : []);
};

const air = (v: number[], l = v) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: l[i] }]));
const notch: ThresholdSet = {
  origin: 'test:lgpd',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const NAME = 'Cleudivaldo Anastácio Perpétuo';
const CPF = cpfFrom(731_264_905);
const CPF_FORMATTED = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
const EMAIL = 'cleudivaldo.titular@example.com';
const PHONE = '(11) 98765-4321';
const REGISTRATION = 'MAT-77123';

const worker = {} as { id: string; exams: string[]; report: string; deletedExam: string };
let control: Json;
let filesBefore: Set<string>;
let filesOfWorker: Set<string>;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_LOG_LEVEL: process.env.LGPD_DEBUG ? 'error' : 'silent' });
  [a, b] = [await registerAccount(t, { name: 'Dra. Lúcia Privacidade' }), await registerAccount(t)];
  medico = await inviteMember(t, a, ['medico']);
  db = new pg.Client({ connectionString: t.database.url });
  await db.connect();

  const company = (await ok(a, 'POST', '/api/companies', { name: 'Metalúrgica Sigilo' }, 201)).id;
  const ghe = (await ok(a, 'POST', `/api/companies/${company}/ghes`, { name: 'GHE 01 — Prensas', exposure: { metric: 'LAVG', levelDbA: 91 } }, 201)).id;
  // another worker of the company, whose file must survive the anonymisation
  control = await ok(a, 'POST', '/api/patients', { name: 'Trabalhador Controle', age: 30, sex: 'F' }, 201);
  const controlExam = await ok(a, 'POST', '/api/exams', { patientId: control.id, date: daysAgo(90) }, 201);
  expect((await upload(controlExam.id, writeTextPdf([renderLayout('A', notch, prng(3))]), 'controle.pdf')).status).toBe(201);
  filesBefore = storedFiles();

  const p = await ok(a, 'POST', '/api/patients', {
    name: NAME, sex: 'M', birthDate: '1979-05-17', cpf: CPF_FORMATTED, email: EMAIL, phone: PHONE, address: 'Rua das Gaivotas, 77 — Santos/SP', company: 'Metalúrgica Sigilo', jobTitle: 'Prensista',
  }, 201);
  worker.id = p.id;
  await ok(a, 'POST', `/api/patients/${p.id}/employments`, { companyId: company, registration: REGISTRATION, gheId: ghe, admissionDate: '2020-03-02' }, 201);
  const e1 = await ok(a, 'POST', '/api/exams', {
    patientId: p.id, date: daysAgo(300), repousoHoras: 14, ambiente: { calibracaoAtual: daysAgo(320) }, observacoes: `Cleudivaldo refere zumbido; CPF ${CPF} conferido.`,
    audiogram: { air: air([10, 10, 10, 15, 15, 10, 10]) },
  }, 201);
  const e2 = await ok(a, 'POST', '/api/exams', { patientId: p.id, date: daysAgo(60), repousoHoras: 14, audiogram: { air: air([10, 10, 15, 40, 50, 45, 20], [10, 10, 10, 15, 20, 15, 10]) } }, 201);
  const e3 = await ok(a, 'POST', '/api/exams', { patientId: p.id, date: daysAgo(30) }, 201);
  worker.exams = [e1.id, e2.id, e3.id];
  // files naming him: a text-layer audiogram read and applied (e3), one held for review (e2 has thresholds), a picture (e1)
  const naming = (style: 'formatted' | 'digits', name = NAME) => writeTextPdf([renderLayout('A', notch, prng(11), { name, cpf: CPF, cpfStyle: style, birthDate: '1979-05-17' })]);
  for (const [exam, bytes, fileName] of [
    [e3.id, naming('digits'), `audiometria ${NAME}.pdf`], [e2.id, naming('formatted', 'CLEUDIVALDO ANASTACIO PERPETUO'), 'audiograma-2.pdf'],
    [e1.id, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'), `foto-${CPF}.png`],
  ] as const) {
    const res = await upload(exam, bytes, fileName);
    expect(res.status, await res.clone().text()).toBe(201);
  }
  // a laudo finalised (its PDF prints his name and CPF), then a removed exam whose snapshot keeps its file's key
  const report = await ok(a, 'POST', `/api/reports/generate/${e2.id}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica' }, 201);
  worker.report = report.id;
  await ok(a, 'POST', `/api/reports/${report.id}/finalize`, {}, 200);
  const e4 = await ok(a, 'POST', '/api/exams', { patientId: p.id, date: daysAgo(10) }, 201);
  expect((await upload(e4.id, naming('formatted'), 'duplicado.pdf')).status).toBe(201);
  await ok(a, 'DELETE', `/api/exams/${e4.id}`, { reason: 'Exame duplicado de Cleudivaldo, lançado por engano' }, 204);
  worker.deletedExam = e4.id;
  await ok(a, 'POST', '/api/embed-tokens', { name: `Portal ${NAME}`, scope: 'patient', patientId: p.id, allowedOrigins: ['https://rh.example.com'] }, 201);
  filesOfWorker = new Set([...storedFiles()].filter((f) => !filesBefore.has(f)));
}, 180_000);
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('GET /api/patients/:id/lgpd-export', () => {
  it('answers one zip with every record and every file of the worker (counts and SHA-256 as stored)', async () => {
    const res = await t.request(`/api/patients/${worker.id}/lgpd-export`, bearer(a.token));
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="dados-lgpd-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['dados.json']));
    expect(strFromU8(zip['LEIAME.txt'])).toContain('EXPORTAÇÃO DE DADOS PESSOAIS — LGPD');

    expect(data.trabalhador).toMatchObject({ id: worker.id, name: NAME, cpf: CPF, email: EMAIL, phone: PHONE, birthDate: '1979-05-17' });
    const count = async (sql: string) => Number((await rows(sql, [worker.id]))[0].n);
    expect(data.vinculos).toHaveLength(await count('select count(*) as n from employment where patient_id = $1'));
    expect(data.vinculos[0]).toMatchObject({ registration: REGISTRATION, companyName: 'Metalúrgica Sigilo', gheName: 'GHE 01 — Prensas' });
    expect(data.exames).toHaveLength(await count('select count(*) as n from exam where patient_id = $1'));
    expect(data.exames).toHaveLength(3);
    expect(data.exames.map((e: Json) => e.id).sort()).toEqual([...worker.exams].sort());
    expect(data.exames[0]).toHaveProperty('audiogram');
    expect(data.exames[0]).toHaveProperty('classification');
    expect(data.leituras).toHaveLength(await count('select count(*) as n from exam_reading r join exam e on e.id = r.exam_id where e.patient_id = $1'));
    expect(data.leituras.length).toBeGreaterThanOrEqual(1);
    expect(data.laudos).toHaveLength(await count('select count(*) as n from report where patient_id = $1'));
    expect(data.laudos[0].draft).toHaveProperty('facts');
    expect(data.exclusoesDeExames).toHaveLength(1);
    expect(data.ausentes).toEqual([]);

    // every stored file, decrypted, under its original name, byte-identical to what was uploaded (SHA-256 in the database)
    const files = await rows('select f.id, f.file_name, f.sha256, f.size_bytes from exam_file f join exam e on e.id = f.exam_id where e.patient_id = $1', [worker.id]);
    expect(files).toHaveLength(3);
    expect(data.arquivos).toHaveLength(files.length);
    for (const f of files) {
      const entry = data.arquivos.find((x: Json) => x.id === f.id);
      expect(entry, f.file_name).toBeTruthy();
      expect(entry.arquivo.endsWith(`/${f.file_name}`)).toBe(true);
      const bytes = zip[entry.arquivo];
      expect(bytes.length).toBe(Number(f.size_bytes));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(f.sha256);
    }
    // every laudo version's PDF
    const pdfs = await rows('select id, pdf_sha256 from report where patient_id = $1 and pdf_storage_key is not null', [worker.id]);
    expect(pdfs.length).toBeGreaterThanOrEqual(1);
    for (const r of pdfs) {
      const entry = data.laudos.find((x: Json) => x.id === r.id);
      expect(createHash('sha256').update(zip[entry.arquivoPdf]).digest('hex')).toBe(r.pdf_sha256);
    }
    // the file of his removed exam, still stored
    const removed = await rows('select file_name, sha256 from exam_file_removed where patient_id = $1', [worker.id]);
    expect(removed).toHaveLength(1);
    expect(data.arquivosDeExamesExcluidos).toHaveLength(1);
    expect(createHash('sha256').update(zip[data.arquivosDeExamesExcluidos[0].arquivo]).digest('hex')).toBe(removed[0].sha256);
    const binaries = Object.keys(zip).filter((k) => k !== 'dados.json' && k !== 'LEIAME.txt');
    expect(binaries).toHaveLength(files.length + pdfs.length + removed.length);
    expect(JSON.stringify(data)).not.toContain('.lmr'); // no storage key
  });

  it('is the administrator\'s (privacy.manage), and another organisation\'s worker is 404', async () => {
    expect((await call(medico, 'GET', `/api/patients/${worker.id}/lgpd-export`)).status).toBe(403);
    expect((await call(b, 'GET', `/api/patients/${worker.id}/lgpd-export`)).status).toBe(404);
    expect((await call(a, 'GET', '/api/patients/00000000-0000-4000-8000-000000000000/lgpd-export')).status).toBe(404);
  });
});

describe('data-deletion requests', () => {
  let request: Json;

  it('the public form answers a status link; the status page reads it with the token only', async () => {
    request = await ok(null, 'POST', '/api/data-deletion-requests', { email: EMAIL.toUpperCase() }, 201);
    expect(request.statusUrl).toBe(`/data-deletion/status/${request.id}#token=${request.token}`);
    expect(request.token.length).toBeGreaterThanOrEqual(40);
    const status = await ok(null, 'GET', `/api/data-deletion-requests/${request.id}?token=${request.token}`, undefined, 200);
    expect(status).toMatchObject({ id: request.id, status: 'recebido', decidedAt: null, reason: null });
    expect(Object.keys(status).sort()).toEqual(['createdAt', 'decidedAt', 'id', 'reason', 'status', 'statusLabel']);
    expect((await call(null, 'GET', `/api/data-deletion-requests/${request.id}?token=errado${request.token}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/data-deletion-requests/${request.id}`)).status).toBe(404);
    // only the hash of the token is stored
    expect(JSON.stringify(await rows('select * from data_deletion_request where id = $1', [request.id]))).not.toContain(request.token);
  });

  it('is listed to the organisation that holds a worker with that e-mail, with him as the candidate', async () => {
    const list = await ok(a, 'GET', '/api/privacy/deletion-requests', undefined, 200);
    const item = list.items.find((x: Json) => x.id === request.id);
    expect(item).toMatchObject({ email: EMAIL, status: 'recebido', statusLabel: 'Recebido — aguardando análise', candidates: [{ patientId: worker.id, name: NAME, cpfMasked: `***.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-**` }] });
    expect((await ok(b, 'GET', '/api/privacy/deletion-requests', undefined, 200)).items.find((x: Json) => x.id === request.id)).toBeUndefined();
    expect((await call(b, 'POST', `/api/privacy/deletion-requests/${request.id}/approve`, { patientId: worker.id })).status).toBe(404);
    expect((await call(medico, 'GET', '/api/privacy/deletion-requests')).status).toBe(403);
    expect((await call(a, 'POST', `/api/privacy/deletion-requests/${request.id}/approve`, { patientId: control.id })).status).toBe(400);
    expect((await call(a, 'POST', `/api/privacy/deletion-requests/${request.id}/refuse`, { reason: 'curto' })).status).toBe(400);
  });

  it('approval anonymises the worker: no name, CPF, contact or file of him left in the database dump or the data directory; the statistics still count his exams', async () => {
    const summaryBefore = await ok(a, 'GET', '/api/dashboard/summary', undefined, 200);
    const window = `from=${daysAgo(700)}&to=${daysAgo(0)}`;
    const prevalenceBefore = await ok(a, 'GET', `/api/programme/prevalence?${window}`, undefined, 200);
    const overviewBefore = await ok(a, 'GET', '/api/programme/overview', undefined, 200);
    expect(prevalenceBefore.current.workersExamined).toBeGreaterThanOrEqual(1);
    const keys = [
      ...(await rows('select f.storage_key as k from exam_file f join exam e on e.id = f.exam_id where e.patient_id = $1', [worker.id])),
      ...(await rows('select pdf_storage_key as k from report where patient_id = $1 and pdf_storage_key is not null', [worker.id])),
    ].map((r) => r.k as string);
    keys.push(...(await rows('select storage_key as k from exam_file_removed where patient_id = $1', [worker.id])).map((r) => r.k as string));
    expect(keys.length).toBe(5);
    expect(filesOfWorker.size).toBe(5); // 3 exam files, the laudo's PDF, the removed exam's file
    for (const k of keys) expect(filesOfWorker.has(k)).toBe(true);
    const before = await dumpDatabase(t.database.url);
    expect(before.text).toContain(NAME);
    expect(before.text).toContain(CPF);

    const approved = await ok(a, 'POST', `/api/privacy/deletion-requests/${request.id}/approve`, { patientId: worker.id, reason: 'Dados anonimizados; exames mantidos pela NR-7.' }, 200);
    expect(approved).toMatchObject({ status: 'aprovado', email: 'c***@example.com', patientId: worker.id, decidedBy: expect.stringContaining('Dra. Lúcia Privacidade'), candidates: [] });
    expect(approved.patientName).toMatch(/^Titular anonimizado \(LGPD\) [0-9a-f]{8}$/);

    const { text, tool } = await dumpDatabase(t.database.url);
    const lower = text.toLowerCase();
    for (const needle of [NAME, 'Cleudivaldo', 'CLEUDIVALDO', 'cleudivaldo', 'Perpétuo', CPF, CPF_FORMATTED, EMAIL, '98765-4321', '987654321', REGISTRATION, '1979-05-17', 'Gaivotas']) {
      const at = lower.indexOf(needle.toLowerCase());
      expect(at, `${needle} in the dump (${tool}): …${text.slice(Math.max(0, at - 300), at + 100).replace(/\s+/g, ' ')}…`).toBe(-1);
    }
    const after = storedFiles();
    for (const f of filesOfWorker) expect(after.has(f), f).toBe(false);
    for (const f of filesBefore) expect(after.has(f), f).toBe(true);

    const patient = await ok(a, 'GET', `/api/patients/${worker.id}`, undefined, 200);
    expect(patient).toMatchObject({ name: approved.patientName, cpf: null, email: null, phone: null, address: null, birthDate: null, age: expect.any(Number) });
    // kept: the exams (dates, thresholds, classifications), the laudo's clinical content, the employment period without matrícula
    const exams = await rows('select exam_date, audiogram, classification_right, classification_left, exam_result from exam where patient_id = $1 order by exam_date', [worker.id]);
    expect(exams).toHaveLength(3);
    expect(exams[0].audiogram).toBeTruthy();
    expect(exams.filter((e) => e.exam_result !== null).length).toBeGreaterThanOrEqual(2);
    const [laudo] = await rows('select status, pdf_sha256, pdf_storage_key, draft_json from report where id = $1', [worker.report]);
    expect(laudo).toMatchObject({ status: 'Finalizado', pdf_storage_key: null });
    expect(laudo.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(laudo.draft_json).facts.patient).toMatchObject({ name: approved.patientName, cpf: null, birthDate: null, sexLabel: expect.any(String) });
    // the issued PDF is gone for good (410, never re-rendered unsigned); the public verification still states it existed and its hash
    const removed = await call(a, 'GET', `/api/reports/${worker.report}/download`);
    expect(removed.status).toBe(410);
    expect(removed.body.message).toMatch(/^O PDF deste laudo foi excluído a pedido do titular dos dados \(LGPD\)/);
    const { verification_code: code } = (await rows('select verification_code from report where id = $1', [worker.report]))[0];
    expect(await ok(null, 'GET', `/api/verify/${code}`, undefined, 200)).toMatchObject({ documentSha256: laudo.pdf_sha256, patientInitials: expect.stringMatching(/^T\. A\. /) });
    const [period] = await rows('select registration, company_id, ghe_id, admission_date from employment where patient_id = $1', [worker.id]);
    expect(period).toMatchObject({ registration: null, company_id: expect.any(String), ghe_id: expect.any(String) });

    expect(await ok(a, 'GET', '/api/dashboard/summary', undefined, 200)).toEqual(summaryBefore);
    expect(await ok(a, 'GET', `/api/programme/prevalence?${window}`, undefined, 200)).toEqual(prevalenceBefore);
    expect((await ok(a, 'GET', '/api/programme/overview', undefined, 200)).figures).toEqual(overviewBefore.figures);

    // the requester's status page shows the outcome; a second decision is refused
    const status = await ok(null, 'GET', `/api/data-deletion-requests/${request.id}?token=${request.token}`, undefined, 200);
    expect(status).toMatchObject({ status: 'aprovado', statusLabel: 'Aprovado — dados anonimizados', reason: 'Dados anonimizados; exames mantidos pela NR-7.', decidedAt: expect.any(String) });
    expect((await call(a, 'POST', `/api/privacy/deletion-requests/${request.id}/approve`, { patientId: worker.id })).status).toBe(409);
    expect((await call(a, 'POST', `/api/privacy/deletion-requests/${request.id}/refuse`, { reason: 'Tentativa de recusar depois.' })).status).toBe(409);
    // the export of the anonymised worker has nothing of him either
    const res = await t.request(`/api/patients/${worker.id}/lgpd-export`, bearer(a.token));
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(zip['dados.json'])).not.toContain('Cleudivaldo');
    expect(Object.keys(zip).sort()).toEqual(['LEIAME.txt', 'dados.json']);
  });

  it('refusal states its reason on the status page; an archived worker can be anonymised once', async () => {
    const other = await ok(a, 'POST', '/api/patients', { name: 'Josefina Arquivada Teste', sex: 'F', age: 50, email: 'josefina@example.com', cpf: cpfFrom(123_456_780) }, 201);
    await ok(a, 'POST', '/api/exams', { patientId: other.id, date: daysAgo(100), audiogram: { air: air([10, 10, 10, 15, 15, 10, 10]) } }, 201);
    const refused = await ok(null, 'POST', '/api/data-deletion-requests', { email: 'josefina@example.com' }, 201);
    const decided = await ok(a, 'POST', `/api/privacy/deletion-requests/${refused.id}/refuse`, { reason: 'Há processo judicial em curso que exige a guarda dos dados.' }, 200);
    expect(decided).toMatchObject({ status: 'recusado', statusLabel: 'Recusado', reason: 'Há processo judicial em curso que exige a guarda dos dados.' });
    expect(await ok(null, 'GET', `/api/data-deletion-requests/${refused.id}?token=${refused.token}`, undefined, 200))
      .toMatchObject({ status: 'recusado', reason: 'Há processo judicial em curso que exige a guarda dos dados.' });
    expect((await ok(a, 'GET', '/api/privacy/deletion-requests?status=recusado', undefined, 200)).items.map((x: Json) => x.id)).toEqual([refused.id]);

    await ok(a, 'DELETE', `/api/patients/${other.id}`, undefined, 204);
    const again = await ok(null, 'POST', '/api/data-deletion-requests', { email: 'josefina@example.com' }, 201);
    await ok(a, 'POST', `/api/privacy/deletion-requests/${again.id}/approve`, { patientId: other.id }, 200);
    const [row] = await rows('select name, cpf, email, archived_at, anonymized_at from patient where id = $1', [other.id]);
    expect(row).toMatchObject({ cpf: null, email: null, archived_at: expect.any(Date), anonymized_at: expect.any(Date) });
    expect(row.name).toMatch(/^Titular anonimizado \(LGPD\)/);
    // anonymised: no longer a candidate of any request
    const third = await ok(null, 'POST', '/api/data-deletion-requests', { email: 'josefina@example.com' }, 201);
    expect((await ok(a, 'GET', '/api/privacy/deletion-requests', undefined, 200)).items.find((x: Json) => x.id === third.id)).toBeUndefined();
  });
});
