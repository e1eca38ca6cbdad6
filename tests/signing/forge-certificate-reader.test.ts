import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crmFromText, ForgeCertificateReader } from '../../adapters/src/signing/forge-certificate-reader';
import { makeExpiredTestCertificate, makeTestCertificate } from '../support/test-certificates';

/**
 * The A1 reader (issue 20) on PKCS#12 files made in the test: by node-forge (AES-256 and the legacy 3DES)
 * and by OpenSSL 3 (its default PBES2/AES-256 with a SHA-256 MAC, as recent exports are) — what it reads
 * from an ICP-Brasil-like subject, and its refusals.
 */
const reader = new ForgeCertificateReader();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-a1-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function opensslPfx(cert: ReturnType<typeof makeTestCertificate>, password: string, legacy = false): Buffer {
  fs.writeFileSync(path.join(dir, 'key.pem'), cert.keyPem);
  fs.writeFileSync(path.join(dir, 'chain.pem'), cert.leafPem + cert.caPem + cert.rootPem);
  const out = path.join(dir, legacy ? 'legacy.pfx' : 'modern.pfx');
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', path.join(dir, 'key.pem'), '-in', path.join(dir, 'chain.pem'), '-passout', `pass:${password}`, '-out', out,
    ...(legacy ? ['-legacy'] : ['-keypbe', 'AES-256-CBC', '-certpbe', 'AES-256-CBC', '-macalg', 'sha256'])]);
  return fs.readFileSync(out);
}

describe('ForgeCertificateReader', () => {
  it('reads subject, issuer, CPF (otherName 2.16.76.1.3.1), serial, validity and the chain of an e-CPF-like A1', () => {
    const cert = makeTestCertificate({ name: 'JOSÉ DA CONCEIÇÃO MÉDICO' });
    const r = reader.read(cert.pfx, cert.password);
    expect(r).toEqual({ ok: true, value: {
      subjectName: 'JOSÉ DA CONCEIÇÃO MÉDICO:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909', crm: null,
      serialNumber: cert.serialNumber, notBefore: cert.notBefore, notAfter: cert.notAfter, chainLength: 3,
    } });
  });

  it('reads the CRM from otherName 2.16.76.1.4.2.2.1/.2 or from an OU, and the CPF from the CN when the otherName is absent', () => {
    const withOid = reader.read(makeTestCertificate({ crm: '0123456/SP' }).pfx, 'senha-do-a1');
    expect(withOid.ok && withOid.value.crm).toBe('123456/SP');
    const withOu = reader.read(makeTestCertificate({ crmOu: 'CRM-RJ 98765' }).pfx, 'senha-do-a1');
    expect(withOu.ok && withOu.value.crm).toBe('98765/RJ');
    expect(crmFromText('CRM/MG: 45678')).toBe('45678/MG');
    expect(crmFromText('CRM 45678 BA')).toBe('45678/BA');
    expect(crmFromText('RFB e-CPF A1')).toBeNull();
    const otherCpf = reader.read(makeTestCertificate({ cpf: '52998224725' }).pfx, 'senha-do-a1');
    expect(otherCpf.ok && otherCpf.value.cpf).toBe('52998224725');
  });

  it('opens legacy 3DES files and OpenSSL 3 files (AES-256, SHA-256 MAC; and -legacy)', () => {
    expect(reader.read(makeTestCertificate({ algorithm: '3des' }).pfx, 'senha-do-a1').ok).toBe(true);
    const cert = makeTestCertificate();
    for (const legacy of [false, true]) {
      const r = reader.read(opensslPfx(cert, 'Sênha 123', legacy), 'Sênha 123');
      expect(r.ok && r.value.subjectName, `legacy=${legacy}`).toBe('MEDICA DE TESTE LIMIAR:12345678909');
      expect(r.ok && r.value.chainLength).toBe(3);
      const wrong = reader.read(opensslPfx(cert, 'Sênha 123', legacy), 'senha 123');
      expect(!wrong.ok && wrong.error.code).toBe('CERTIFICATE.INVALID_PASSWORD');
    }
  });

  it('refuses a wrong password (400 pt-BR), a file that is no PKCS#12, and a PKCS#12 without a private key', () => {
    const cert = makeTestCertificate();
    const wrong = reader.read(cert.pfx, 'senha-errada');
    expect(!wrong.ok && [wrong.error.code, wrong.error.message]).toEqual(['CERTIFICATE.INVALID_PASSWORD', 'Senha do certificado incorreta.']);
    for (const junk of [Buffer.from('%PDF-1.7\n'), Buffer.alloc(0), Buffer.from([0x30, 0x82, 0x01]), cert.pfx.subarray(0, cert.pfx.length / 2)]) {
      const r = reader.read(junk, cert.password);
      expect(!r.ok && r.error.code).toBe('CERTIFICATE.INVALID_FILE');
    }
    const keyless = reader.read(makeTestCertificate({ withoutKey: true }).pfx, 'senha-do-a1');
    expect(!keyless.ok && [keyless.error.code, keyless.error.message]).toEqual(['CERTIFICATE.INVALID_FILE', 'O arquivo não é um certificado A1 (.pfx/.p12) com chave privada.']);
  });

  it('reads an expired certificate as it is (the use case refuses it by date)', () => {
    const old = makeExpiredTestCertificate(30);
    const r = reader.read(old.pfx, old.password);
    expect(r.ok && r.value.notAfter.getTime()).toBe(old.notAfter.getTime());
    expect(r.ok && r.value.notAfter.getTime()).toBeLessThan(Date.now());
  });
});
