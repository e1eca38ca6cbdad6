import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 18 attribution over the real server, database and renderer: in one organisation a técnico
 * records the exam, a médico corrects it, a fonoaudióloga organises the laudo and another médica
 * finalises it. Every answer names who did what and when, and the issued PDF is signed by the
 * finalising physician and says who drafted it.
 */

let t: TestServer;
let admin: Account;
let tecnico: Account & { memberId: string };
let fono: Account & { memberId: string };
let medica: Account & { memberId: string };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-attribution-'));
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function call(who: Account, method: string, p: string, body?: unknown) {
  const res = await t.request(p, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await registerAccount(t, { name: 'Dr. Admin Clínica', crm: '111111', crmState: 'SP' });
  tecnico = await inviteMember(t, admin, ['tecnico'], { name: 'Bruno Técnico' });
  fono = await inviteMember(t, admin, ['fonoaudiologo'], { name: 'Fga. Lia Souza', crfa: '12345', crfaRegion: '2' });
  medica = await inviteMember(t, admin, ['medico'], { name: 'Dra. Helena Prado', crm: '654321', crmState: 'SP' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('who did it, and when', () => {
  it('técnico records, médica corrects, fonoaudióloga drafts, médica finalises: each answer names them; the PDF is signed by the finaliser', async () => {
    const worker = await call(tecnico, 'POST', '/api/patients', { name: 'Renato Atribuído', age: 41, sex: 'M' });
    expect(worker.status, worker.text).toBe(201);
    const created = await call(tecnico, 'POST', '/api/exams', {
      patientId: worker.body.id, date: '2025-05-12', operatorName: 'Bruno Técnico', repousoHoras: 14, audiogram: { air: air([10, 10, 15, 20, 35, 30, 15]) },
    });
    expect(created.status, created.text).toBe(201);
    const recordedBy = { memberId: tecnico.memberId, name: 'Bruno Técnico', registry: null };
    expect(created.body).toMatchObject({ recordedBy, updatedBy: null, imported: false });
    expect(created.body.recordedBy.at).toMatch(ISO);
    const examId = created.body.id as string;

    const corrected = await call(medica, 'PATCH', `/api/exams/${examId}`, { observacoes: 'Revisado pela médica.' });
    expect(corrected.status, corrected.text).toBe(200);
    const detail = await call(admin, 'GET', `/api/exams/${examId}`);
    expect(detail.body).toMatchObject({ recordedBy, updatedBy: { memberId: medica.memberId, name: 'Dra. Helena Prado', registry: 'CRM 654321/SP' } });
    expect(detail.body.updatedBy.at >= detail.body.recordedBy.at).toBe(true);
    expect((await call(admin, 'GET', `/api/exams/${examId}/readings`)).body).toEqual({ items: [] });

    const drafted = await call(fono, 'POST', `/api/reports/generate/${examId}`, { audiometryType: 'simple' });
    expect(drafted.status, drafted.text).toBe(201);
    const draftedBy = { memberId: fono.memberId, name: 'Fga. Lia Souza', registry: 'CRFa 2-12345' };
    expect(drafted.body).toMatchObject({ doctorName: 'Fga. Lia Souza', draftedBy, finalizedBy: null });
    expect(drafted.body.draftedBy.at).toMatch(ISO);

    const finalized = await call(medica, 'POST', `/api/reports/${drafted.body.id}/finalize`);
    expect(finalized.status, finalized.text).toBe(200);
    const finalizedBy = { memberId: medica.memberId, name: 'Dra. Helena Prado', registry: 'CRM 654321/SP' };
    expect(finalized.body).toMatchObject({ status: 'Finalizado', draftedBy, finalizedBy });
    expect(finalized.body.finalizedBy.at).toBe(finalized.body.finalizedAt);
    expect((await call(tecnico, 'GET', `/api/reports/${drafted.body.id}`)).body).toMatchObject({ draftedBy, finalizedBy });
    expect((await call(tecnico, 'GET', `/api/reports/exam/${examId}`)).body).toMatchObject({ draftedBy, finalizedBy });

    const pdf = await t.request(`/api/reports/${drafted.body.id}/download`, bearer(admin.token));
    expect(pdf.status).toBe(200);
    const file = path.join(tmp, 'laudo.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // the signature block: the finalising physician, her type and registry
    expect(text).toMatch(/Dra\. Helena Prado Médico\(a\) CRM 654321\/SP/);
    expect(text).toContain('Laudo elaborado por Fga. Lia Souza (CRFa 2-12345); revisado e assinado por Dra. Helena Prado.');
    expect(text).not.toContain('CRFa 2-12345 Texto redigido');
  });

  it('a laudo drafted and finalised by the same physician names her once, with no "elaborado por" line', async () => {
    const worker = await call(admin, 'POST', '/api/patients', { name: 'Sandra Solo', age: 38, sex: 'F' });
    const created = await call(admin, 'POST', '/api/exams', { patientId: worker.body.id, date: '2025-06-02', repousoHoras: 14, audiogram: { air: air([10, 10, 10, 15, 20, 20, 10]) } });
    expect(created.status, created.text).toBe(201);
    const drafted = await call(medica, 'POST', `/api/reports/generate/${created.body.id}`, { audiometryType: 'simple' });
    const finalized = await call(medica, 'POST', `/api/reports/${drafted.body.id}/finalize`);
    expect(finalized.status, finalized.text).toBe(200);
    expect(finalized.body.draftedBy).toMatchObject({ memberId: medica.memberId });
    expect(finalized.body.finalizedBy).toMatchObject({ memberId: medica.memberId });
    const pdf = await t.request(`/api/reports/${drafted.body.id}/download`, bearer(admin.token));
    const file = path.join(tmp, 'solo.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toMatch(/Dra\. Helena Prado Médico\(a\) CRM 654321\/SP/);
    expect(text).not.toContain('elaborado por');
  });
});
