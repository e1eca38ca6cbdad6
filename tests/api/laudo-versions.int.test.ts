import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 20, "Lock and amendments" and "Public verification", over the real server, PostgreSQL and
 * Chromium: after finalising, every write route on the laudo and its exam answers 409; an amendment
 * creates version 2 (reason, re-issued, new code) that supersedes version 1, which stays downloadable
 * with its own hash and verifiable as superseded; lists, exports and counters read the current version.
 * Without a certificate the PDF says "Assinatura eletrônica simples" (certificate signing: signing tests).
 */

let t: TestServer;
let a: Account;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-versions-'));
const pair = (re: number, le = re) => ({ re, le });
const PATIENT = { name: 'Rosângela Maria Versiani', cpf: '529.982.247-25', age: 46, sex: 'F', company: 'Laminação Serra Azul' };

const send = (method: string, p: string, body?: unknown) => t.request(p, body === undefined ? { method, headers: { authorization: `Bearer ${a.token}` } } : json(body, a.token, method));
const post = (p: string, body: unknown = {}) => send('POST', p, body);
const get = (p: string) => t.request(p, bearer(a.token));
const sha256 = (b: ArrayBuffer) => createHash('sha256').update(Buffer.from(b)).digest('hex');

function pdfText(bytes: ArrayBuffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function upload(examId: string) {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'audiograma.pdf');
  form.set('examId', examId);
  form.set('uploadedBy', a.user.id);
  return t.request('/api/files/upload', { method: 'POST', headers: { authorization: `Bearer ${a.token}` }, body: form });
}

let patientId = '';
let examId = '';
let v1: Record<string, any>;
let v2: Record<string, any>;
let v1Pdf: ArrayBuffer;

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Beatriz Retifica', crm: '778899', crmState: 'SP' });
  const patient = await (await post('/api/patients', PATIENT)).json();
  patientId = patient.id;
  const exam = await post('/api/exams', {
    patientId, date: '2025-08-14', operatorName: 'Fga. Lúcia Martins', operatorRegistration: 'CRFa 6-7788', repousoHoras: 14,
    audiogram: { air: { 500: pair(15), 1000: pair(15), 2000: pair(20), 3000: pair(25), 4000: pair(45, 50), 6000: pair(35), 8000: pair(20) } },
  });
  expect(exam.status, await exam.clone().text()).toBe(201);
  examId = (await exam.json()).id;
  const draft = await post(`/api/reports/generate/${examId}`, { audiometryType: 'simple' });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const done = await post(`/api/reports/${(await draft.json()).id}/finalize`);
  expect(done.status, await done.clone().text()).toBe(200);
  v1 = await done.json();
  v1Pdf = await (await get(`/api/reports/${v1.id}/download`)).arrayBuffer();
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a finalised laudo', () => {
  it('carries version 1, a verification code, a simple electronic signature, and prints them (text and QR) with who and when', () => {
    expect(v1).toMatchObject({ status: 'Finalizado', version: 1, supersedesId: null, supersededAt: null, signatureKind: 'simples' });
    expect(v1.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(sha256(v1Pdf)).toBe(v1.pdfSha256);
    const text = pdfText(v1Pdf, 'v1');
    expect(text).toContain('Assinatura eletrônica simples');
    expect(text).toContain('Finalizado por Dra. Beatriz Retifica (CRM 778899/SP) em');
    expect(text).toContain(`Código de verificação: ${v1.verificationCode}`);
    expect(text).toContain(`/verificar/${v1.verificationCode}`);
    expect(text).not.toContain('RETIFICAÇÃO');
    // the QR code is drawn as vector paths beside the stamp: pdfimages finds no raster, so look for the SVG's path density instead
    expect(Buffer.from(v1Pdf).length).toBeGreaterThan(20_000);
  });

  it('is read-only, and so is its exam: every write route answers 409 with a pt-BR message, and nothing changed', async () => {
    const before = { laudo: await (await get(`/api/reports/${v1.id}`)).json(), exam: await (await get(`/api/exams/${examId}`)).json() };
    const attempts: Array<[string, Promise<Response>]> = [
      ['PUT /reports/:id', send('PUT', `/api/reports/${v1.id}`, { draftJson: JSON.stringify({ summary_text: 'alterado' }) })],
      ['POST /reports/:id/refresh', post(`/api/reports/${v1.id}/refresh`)],
      ['POST /reports/:id/finalize (again)', post(`/api/reports/${v1.id}/finalize`)],
      ['POST /reports/generate/:examId', post(`/api/reports/generate/${examId}`, { audiometryType: 'simple' })],
      ['POST /reports/:id/discard-amendment', post(`/api/reports/${v1.id}/discard-amendment`)],
      ['PATCH /exams/:id', send('PATCH', `/api/exams/${examId}`, { date: '2025-08-15' })],
      ['PUT /exams/:id/audiogram', send('PUT', `/api/exams/${examId}/audiogram`, { audiogram: { air: { 4000: pair(60) } } })],
      ['PUT /exams/:id/reference', send('PUT', `/api/exams/${examId}/reference`, { reason: 'Exame em condições de referência.' })],
      ['DELETE /exams/:id/reference', send('DELETE', `/api/exams/${examId}/reference`)],
      ['DELETE /exams/:id', send('DELETE', `/api/exams/${examId}`, { reason: 'Exame duplicado por engano.' })],
      ['POST /files/upload', upload(examId)],
    ];
    for (const [name, call] of attempts) {
      const res = await call;
      const body = await res.json();
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(409);
      expect(body.message, name).toMatch(/finalizado|retifica|Retifica/);
    }
    expect(await (await get(`/api/reports/${v1.id}`)).json()).toEqual(before.laudo);
    expect(await (await get(`/api/exams/${examId}`)).json()).toEqual(before.exam);
  });
});

describe('an amendment', () => {
  it('needs a reason of 10 to 500 characters', async () => {
    for (const reason of ['', 'curto', 'x'.repeat(501)]) {
      const res = await post(`/api/reports/${v1.id}/amend`, { reason });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Informe o motivo da retificação (de 10 a 500 caracteres).');
    }
  });

  it('opens version 2 as a draft that unlocks the exam; once corrected, reorganised and finalised it supersedes version 1', async () => {
    const opened = await post(`/api/reports/${v1.id}/amend`, { reason: 'Limiar de 4 kHz da OE digitado errado (55 dB, não 50 dB).' });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const draft = await opened.json();
    expect(draft).toMatchObject({ status: 'Draft', version: 2, supersedesId: v1.id, verificationCode: null, signatureKind: null, amendmentReason: 'Limiar de 4 kHz da OE digitado errado (55 dB, não 50 dB).' });
    expect(draft.id).not.toBe(v1.id);
    // a second amendment of version 1 is refused: version 2 is the one in force
    expect((await post(`/api/reports/${v1.id}/amend`, { reason: 'Outra correção qualquer aqui.' })).status).toBe(409);
    // the exam takes the correction now
    const fixed = await send('PUT', `/api/exams/${examId}/audiogram`, { audiogram: { air: { 500: pair(15), 1000: pair(15), 2000: pair(20), 3000: pair(25), 4000: pair(45, 55), 6000: pair(35), 8000: pair(20) } } });
    expect(fixed.status, await fixed.clone().text()).toBe(200);
    // the draft states the old thresholds: finalising asks for a reorganisation first
    expect((await post(`/api/reports/${draft.id}/finalize`)).status).toBe(409);
    expect((await post(`/api/reports/${draft.id}/refresh`)).status).toBe(200);
    const done = await post(`/api/reports/${draft.id}/finalize`);
    expect(done.status, await done.clone().text()).toBe(200);
    v2 = await done.json();
    expect(v2).toMatchObject({ status: 'Finalizado', version: 2, supersedesId: v1.id, signatureKind: 'simples' });
    expect(v2.verificationCode).not.toBe(v1.verificationCode);
    const pdf = await (await get(`/api/reports/${v2.id}/download`)).arrayBuffer();
    expect(sha256(pdf)).toBe(v2.pdfSha256);
    const text = pdfText(pdf, 'v2');
    expect(text).toContain('RETIFICAÇÃO — VERSÃO 2');
    expect(text).toContain(`Retificação (versão 2) da versão 1, emitida em`);
    expect(text).toContain(`(código ${v1.verificationCode}), que fica substituída por esta. Motivo: Limiar de 4 kHz da OE digitado errado (55 dB, não 50 dB).`);
    expect(text).toContain(`Código de verificação: ${v2.verificationCode}`);
  });

  it('keeps version 1 readable, downloadable with its own hash, read-only, and marks it superseded', async () => {
    const old = await (await get(`/api/reports/${v1.id}`)).json();
    expect(old).toMatchObject({ status: 'Finalizado', version: 1, pdfSha256: v1.pdfSha256, verificationCode: v1.verificationCode });
    expect(old.supersededAt).not.toBeNull();
    const again = await (await get(`/api/reports/${v1.id}/download`)).arrayBuffer();
    expect(sha256(again)).toBe(v1.pdfSha256);
    for (const res of [await post(`/api/reports/${v1.id}/amend`, { reason: 'Retificar a versão antiga.' }), await post(`/api/reports/${v1.id}/finalize`), await send('PUT', `/api/reports/${v1.id}`, { draftJson: '{}' })]) {
      expect(res.status).toBe(409);
    }
    const versions = (await (await get(`/api/reports/${v2.id}/versions`)).json()).versions;
    expect(versions.map((v: any) => [v.version, v.id, v.status, v.current, v.verificationCode, v.pdfSha256])).toEqual([
      [1, v1.id, 'Finalizado', false, v1.verificationCode, v1.pdfSha256],
      [2, v2.id, 'Finalizado', true, v2.verificationCode, v2.pdfSha256],
    ]);
    expect(versions[1].amendmentReason).toContain('4 kHz');
    expect((await (await get(`/api/reports/${v1.id}/versions`)).json()).versions).toEqual(versions);
  });

  it('lists, the exam lookup, the evolution by laudos, the CSV export and the counters read the current version only', async () => {
    const list = await (await get('/api/reports')).json();
    expect(list.map((r: any) => r.id)).toEqual([v2.id]);
    expect((await (await get(`/api/reports/exam/${examId}`)).json()).id).toBe(v2.id);
    const evolution = await (await get(`/api/reports/patient/${patientId}`)).json();
    expect(evolution.map((r: any) => [r.id, r.exam.leftEar['4000']])).toEqual([[v2.id, 55]]);
    const csv = await (await get('/api/reports/export.csv')).text();
    const rows = csv.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(v2.id);
    expect((await (await get('/api/dashboard/summary')).json()).reports).toBe(1);
  });
});

describe('public verification', () => {
  it('answers without login: exists, who signed and when, the hash, superseded or not; of the worker, initials only', async () => {
    const current = await t.request(`/api/verify/${v2.verificationCode}`);
    expect(current.status).toBe(200);
    const body = await current.json();
    expect(body).toMatchObject({
      code: v2.verificationCode, version: 2, currentVersion: 2, superseded: false, supersededAt: null, signatureKind: 'simples', signatureLabel: 'Assinatura eletrônica simples',
      signedBy: { name: 'Dra. Beatriz Retifica', registry: 'CRM 778899/SP' }, documentSha256: v2.pdfSha256, examDate: '2025-08-14', patientInitials: 'R. M. V.', type: 'simple',
    });
    expect(body.signedAt).toBe(v2.finalizedAt);
    const raw = JSON.stringify(body);
    for (const secret of ['Rosângela', 'Versiani', '52998224725', '529.982.247-25', 'Laminação', patientId, examId]) expect(raw).not.toContain(secret);

    const old = await (await t.request(`/api/verify/${v1.verificationCode.toLowerCase().replace(/-/g, ' ')}`)).json();
    expect(old).toMatchObject({ code: v1.verificationCode, version: 1, currentVersion: 2, superseded: true, documentSha256: v1.pdfSha256 });
    expect(old.supersededAt).not.toBeNull();
  });

  it('answers 404 with a pt-BR message for an unknown or malformed code, and never for a draft', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ', 'abc', '%3Cscript%3E']) {
      const res = await t.request(`/api/verify/${code}`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Laudo não encontrado');
    }
  });
});

describe('discarding an open amendment', () => {
  it('is refused while the exam reads otherwise than the version in force states; then puts that version back in force and locks the exam again', async () => {
    const opened = await (await post(`/api/reports/${v2.id}/amend`, { reason: 'Revisar a recomendação final do laudo.' })).json();
    expect(opened.version).toBe(3);
    expect((await send('PATCH', `/api/exams/${examId}`, { operatorName: 'Fga. Lúcia M. Martins' })).status).toBe(200);
    const refused = await post(`/api/reports/${opened.id}/discard-amendment`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/^O exame foi corrigido depois que esta retificação foi aberta/);
    expect((await send('PATCH', `/api/exams/${examId}`, { operatorName: 'Fga. Lúcia Martins' })).status).toBe(200);
    const back = await post(`/api/reports/${opened.id}/discard-amendment`);
    expect(back.status, await back.clone().text()).toBe(200);
    expect((await back.json()).id).toBe(v2.id);
    expect((await (await get(`/api/reports/exam/${examId}`)).json()).id).toBe(v2.id);
    expect((await get(`/api/reports/${opened.id}`)).status).toBe(404);
    expect((await send('PATCH', `/api/exams/${examId}`, { operatorName: 'Outro nome' })).status).toBe(409);
    expect((await (await get(`/api/reports/${v2.id}/versions`)).json()).versions.map((v: any) => v.version)).toEqual([1, 2]);
  });
});
