import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/src/composition/logger';
import { bearer, inviteMember, registerAccount, type Account } from '../support/accounts';
import { makeExpiredTestCertificate, makeTestCertificate, type TestCertificate } from '../support/test-certificates';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * GET/POST/DELETE /api/profile/certificate (issue 20): a member's ICP-Brasil A1 certificate, uploaded with its
 * password, kept encrypted, shown without secrets, refused with pt-BR messages; the password never reaches
 * the answers, the log (captured at debug level) nor the data directory in clear.
 */
const PASSWORD = 'Senha-Do-A1#Limiar-7391';
const lines: string[] = [];
const capture = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
let t: TestServer;
let admin: Account;
let cert: TestCertificate;

function upload(token: string, pfx: Uint8Array | null, password: string | null, fileName = 'certificado.pfx') {
  const form = new FormData();
  if (pfx) form.append('pfx', new Blob([new Uint8Array(pfx)], { type: 'application/x-pkcs12' }), fileName);
  if (password !== null) form.append('password', password);
  return t.request('/api/profile/certificate', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
const current = async (token: string) => {
  const res = await t.request('/api/profile/certificate', bearer(token));
  expect(res.status).toBe(200);
  return (await res.json()).certificate;
};
const storedFiles = () => {
  const root = path.join(t.dataDir, 'files');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];
};

beforeAll(async () => {
  t = await startTestServer({}, createLogger({ logLevel: 'debug' }, capture));
  admin = await registerAccount(t);
  cert = makeTestCertificate({ name: 'MÉDICA TITULAR DO TESTE', password: PASSWORD, crm: '123456/SP' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('/api/profile/certificate', () => {
  it('uploads an A1 and shows its subject, issuer, CPF, CRM, validity and status — never the password nor the bytes', async () => {
    expect(await current(admin.token)).toBeNull();
    const res = await upload(admin.token, cert.pfx, PASSWORD);
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const expected = {
      subjectName: 'MÉDICA TITULAR DO TESTE:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909', crm: '123456/SP',
      serialNumber: cert.serialNumber, notBefore: cert.notBefore.toISOString(), notAfter: cert.notAfter.toISOString(), status: 'valido', statusLabel: 'Válido',
    };
    expect(JSON.parse(text).certificate).toMatchObject(expected);
    const shown = await current(admin.token);
    expect(shown).toMatchObject(expected);
    expect(Object.keys(shown).sort()).toEqual(['cpf', 'crm', 'issuerName', 'notAfter', 'notBefore', 'serialNumber', 'status', 'statusLabel', 'subjectName', 'uploadedAt']);
    expect(text).not.toContain(PASSWORD);
    // one stored file, encrypted: neither the password nor the PKCS#12 bytes are readable in the data directory
    const files = storedFiles();
    expect(files).toHaveLength(1);
    const onDisk = fs.readFileSync(files[0]);
    expect(onDisk.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(onDisk.includes(cert.pfx.subarray(0, 64))).toBe(false);
    const [row] = await t.database.orm.em.getConnection().execute('select * from signing_certificate');
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });

  it('refuses a wrong password (400), a file that is no A1 (400), a big file (413) and an expired certificate (422), in pt-BR', async () => {
    const wrong = await upload(admin.token, cert.pfx, 'senha-errada');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'CERTIFICATE.INVALID_PASSWORD', error: 'Senha do certificado incorreta.' });
    const pdf = await upload(admin.token, Buffer.from('%PDF-1.7\n%%EOF\n'), PASSWORD, 'laudo.pfx');
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toMatchObject({ code: 'CERTIFICATE.INVALID_FILE', error: 'O arquivo não é um certificado A1 (.pfx/.p12) com chave privada.' });
    const big = await upload(admin.token, Buffer.alloc(150 * 1024, 1), PASSWORD);
    expect(big.status).toBe(413);
    const noFile = await upload(admin.token, null, PASSWORD);
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error).toBe('Selecione o arquivo do certificado (.pfx ou .p12).');
    const noPassword = await upload(admin.token, cert.pfx, null);
    expect(noPassword.status).toBe(400);
    const expiredCert = makeExpiredTestCertificate(5, { password: PASSWORD });
    const expired = await upload(admin.token, expiredCert.pfx, PASSWORD);
    expect(expired.status).toBe(422);
    const day = expiredCert.notAfter.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(await expired.json()).toMatchObject({
      code: 'CERTIFICATE.EXPIRED', error: `O certificado digital venceu em ${day}. Envie um certificado válido em Configurações › Segurança.`,
    });
    const early = await upload(admin.token, makeTestCertificate({ password: PASSWORD, notBefore: new Date(Date.now() + 3 * 86_400_000) }).pfx, PASSWORD);
    expect(early.status).toBe(422);
    expect((await early.json()).code).toBe('CERTIFICATE.NOT_YET_VALID');
    // the certificate stored before is untouched by the refusals
    expect((await current(admin.token)).serialNumber).toBe(cert.serialNumber);
    expect(storedFiles()).toHaveLength(1);
  });

  it('is each member’s own: another member and another organisation do not see it; a member manages theirs', async () => {
    const medico = await inviteMember(t, admin, ['medico']);
    expect(await current(medico.token)).toBeNull();
    const other = await registerAccount(t);
    expect(await current(other.token)).toBeNull();
    expect((await t.request('/api/profile/certificate', bearer(other.token, 'DELETE'))).status).toBe(404);
    const mine = makeTestCertificate({ name: 'MEDICO CONVIDADO', cpf: '52998224725', password: PASSWORD });
    expect((await upload(medico.token, mine.pfx, PASSWORD)).status).toBe(201);
    expect((await current(medico.token)).cpf).toBe('52998224725');
    expect((await current(admin.token)).cpf).toBe('12345678909');
    expect((await t.request('/api/profile/certificate')).status).toBe(401);
  });

  it('replaces the certificate (the old stored file is deleted) and removes it (204, then 404)', async () => {
    const before = storedFiles();
    const next = makeTestCertificate({ name: 'MÉDICA TITULAR DO TESTE', password: PASSWORD });
    expect((await upload(admin.token, next.pfx, PASSWORD)).status).toBe(201);
    expect((await current(admin.token)).serialNumber).toBe(next.serialNumber);
    const after = storedFiles();
    expect(after).toHaveLength(before.length);
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
    const removed = await t.request('/api/profile/certificate', bearer(admin.token, 'DELETE'));
    expect(removed.status).toBe(204);
    expect(await current(admin.token)).toBeNull();
    expect(storedFiles()).toHaveLength(before.length - 1);
    expect((await t.request('/api/profile/certificate', bearer(admin.token, 'DELETE'))).status).toBe(404);
  });

  it('never writes the certificate password into the server log', () => {
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/profile/certificate');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('senha-errada');
  });
});
