import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeTestCertificate, type TestCertificate } from '../support/test-certificates';

/**
 * Issue 20 "Signing", end to end over the real server: a physician uploads an ICP-Brasil-like A1
 * certificate; finalising a laudo PAdES-signs its PDF. Checked with an independent tool, poppler's
 * `pdfsig`: the signature is valid and covers the whole document; one altered byte is detected. The
 * PDF's stamp names the certificate; an amendment is signed again; a certificate that expired after
 * upload refuses finalising with a pt-BR message and issues nothing.
 */

let t: TestServer;
let a: Account;
let cert: TestCertificate;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-signing-'));
const pair = (re: number, le = re) => ({ re, le });
const post = (who: Account, p: string, body: unknown = {}) => t.request(p, json(body, who.token));
const get = (who: Account, p: string) => t.request(p, bearer(who.token));

function uploadCertificate(who: Account, c: TestCertificate) {
  const form = new FormData();
  form.set('pfx', new Blob([new Uint8Array(c.pfx)], { type: 'application/x-pkcs12' }), 'certificado.pfx');
  form.set('password', c.password);
  return t.request('/api/profile/certificate', { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
}

function pdfsig(bytes: ArrayBuffer | Buffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, Buffer.from(bytes as ArrayBuffer));
  const run = spawnSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

const pdfText = (bytes: ArrayBuffer, name: string) => {
  const file = path.join(tmp, `${name}-text.pdf`);
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

async function finalisedLaudo(who: Account, name: string) {
  const patient = await (await post(who, '/api/patients', { name, age: 51, sex: 'M', company: 'Forjaria Vale do Aço' })).json();
  const exam = await post(who, '/api/exams', { patientId: patient.id, date: '2025-09-02', repousoHoras: 16, audiogram: { air: { 500: pair(10), 1000: pair(15), 2000: pair(15), 3000: pair(30), 4000: pair(45), 6000: pair(40), 8000: pair(25) } } });
  expect(exam.status, await exam.clone().text()).toBe(201);
  const draft = await (await post(who, `/api/reports/generate/${(await exam.json()).id}`, { audiometryType: 'simple' })).json();
  return { draft, finalize: () => post(who, `/api/reports/${draft.id}/finalize`) };
}

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Cecília Assinatura', crm: '246810', crmState: 'MG' });
  cert = makeTestCertificate({ name: 'CECILIA ASSINATURA', cpf: '52998224725', crm: '246810/MG' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a laudo finalised by a professional with an A1 certificate', () => {
  let v1: Record<string, any>;
  let pdf: ArrayBuffer;

  it('is PAdES-signed: pdfsig reports the signature valid over the whole document, with the signer and the CAdES subfilter', async () => {
    const up = await uploadCertificate(a, cert);
    expect(up.status, await up.clone().text()).toBe(201);
    const { finalize } = await finalisedLaudo(a, 'Osvaldo Pereira Lima');
    const done = await finalize();
    expect(done.status, await done.clone().text()).toBe(200);
    v1 = await done.json();
    expect(v1).toMatchObject({ status: 'Finalizado', signatureKind: 'icp', version: 1 });
    pdf = await (await get(a, `/api/reports/${v1.id}/download`)).arrayBuffer();
    const report = pdfsig(pdf, 'signed');
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: CECILIA ASSINATURA:52998224725');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
  });

  it('prints the ICP-Brasil stamp with the certificate, the verification code and its address; the hash is of the signed file', async () => {
    const text = pdfText(pdf, 'signed');
    expect(text).toContain('Documento assinado digitalmente (ICP-Brasil, PAdES)');
    expect(text).toContain(`Certificado: ${cert.subjectName}`);
    expect(text).toContain(`Código de verificação: ${v1.verificationCode}`);
    expect(text).not.toContain('Assinatura eletrônica simples');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(Buffer.from(pdf)).digest('hex')).toBe(v1.pdfSha256);
    const verified = await (await t.request(`/api/verify/${v1.verificationCode}`)).json();
    expect(verified).toMatchObject({ signatureKind: 'icp', signatureLabel: 'Assinatura digital ICP-Brasil (PAdES)', documentSha256: v1.pdfSha256, superseded: false });
  });

  it('one altered byte inside the signed range: pdfsig reports the document modified', () => {
    const bytes = Buffer.from(pdf);
    // the first content stream's first byte after "stream\n": inside /ByteRange, outside /Contents
    const at = bytes.indexOf('stream\n') + 'stream\n'.length + 2;
    bytes[at] = bytes[at] ^ 0x01;
    const report = pdfsig(bytes, 'altered');
    expect(report).not.toContain('Signature Validation: Signature is Valid.');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('an amendment is signed again, as its own document', async () => {
    const opened = await (await post(a, `/api/reports/${v1.id}/amend`, { reason: 'Inclusão da recomendação de reavaliação em 6 meses.' })).json();
    const done = await post(a, `/api/reports/${opened.id}/finalize`);
    expect(done.status, await done.clone().text()).toBe(200);
    const v2 = await done.json();
    expect(v2).toMatchObject({ version: 2, signatureKind: 'icp' });
    const report = pdfsig(await (await get(a, `/api/reports/${v2.id}/download`)).arrayBuffer(), 'v2');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // version 1 keeps its own valid signature
    expect(pdfsig(await (await get(a, `/api/reports/${v1.id}/download`)).arrayBuffer(), 'v1-again')).toContain('Signature Validation: Signature is Valid.');
  });
});

describe('a certificate that expired after it was uploaded', () => {
  it('refuses finalising (422, pt-BR, the date named) and issues nothing; the draft stays a draft', async () => {
    const b = await registerAccount(t, { name: 'Dr. Túlio Vencido', crm: '135790', crmState: 'RJ' });
    const soon = makeTestCertificate({ name: 'TULIO VENCIDO', cpf: '11144477735', notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 2_500) });
    expect((await uploadCertificate(b, soon)).status).toBe(201);
    const { draft, finalize } = await finalisedLaudo(b, 'Paulo Roberto Expira');
    await new Promise((r) => setTimeout(r, 3_000));
    const refused = await finalize();
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.code).toBe('CERTIFICATE.EXPIRED');
    expect(body.message).toMatch(/^O certificado digital venceu em \d{2}\/\d{2}\/\d{4}/);
    expect(await (await get(b, `/api/reports/${draft.id}`)).json()).toMatchObject({ status: 'Draft', pdfSha256: null, verificationCode: null });
    // without the certificate the professional finalises with a simple electronic signature
    expect((await t.request('/api/profile/certificate', { method: 'DELETE', headers: { authorization: `Bearer ${b.token}` } })).status).toBe(204);
    const done = await finalize();
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await done.json()).signatureKind).toBe('simples');
  });
});
