import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportDraft, buildReportFacts, ManageSigningCertificate, type AuthContext, type LaudoDocument } from '../../core/src';
import { fixedClock, sequentialIds } from '../../core/src/testing/in-memory-account-adapters';
import { InMemoryFileStorage } from '../../core/src/testing/in-memory-file-storage';
import { InMemorySigningCertificateRepository } from '../../core/src/testing/in-memory-signing-adapters';
import { notchScenario } from '../../core/src/testing/report-fixtures';
import { HandlebarsReportWriter } from '../../adapters/src/reports/handlebars/handlebars-report-writer';
import { PuppeteerReportRenderer } from '../../adapters/src/reports/puppeteer/puppeteer-report-renderer';
import { ForgeCertificateReader } from '../../adapters/src/signing/forge-certificate-reader';
import { PadesPdfSigner } from '../../adapters/src/signing/pades-pdf-signer';
import { makeExpiredTestCertificate, makeTestCertificate, type TestCertificate } from '../support/test-certificates';

/**
 * The PAdES signature of the laudo PDFs (issue 20), verified by tools that did not make it:
 * poppler's `pdfsig` (NSS) and `openssl cms -verify` (chain up to the test root, ESS signing-certificate-v2),
 * on a PDF rendered by Chromium from the real laudo template and on one made by pdf-lib.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-pades-'));
const renderer = new PuppeteerReportRenderer({ poolSize: 1, timeoutMs: 20_000 });
const signer = new PadesPdfSigner();
const SIGNED_AT = new Date('2026-11-25T13:45:10Z');
let cert: TestCertificate;
let chromiumPdf: Uint8Array;
let pdfLibPdf: Uint8Array;

const write = (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
/** pdfsig's report (it exits non-zero on an invalid signature, so the status is not the verdict: the text is). */
const pdfsig = (file: string) => {
  const r = spawnSync('pdfsig', [file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  return `${r.stdout}${r.stderr}`;
};
const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/** The signed bytes (the /ByteRange) and the CMS of the /Contents hole, as a verifier reads them. */
function signatureParts(pdf: Uint8Array) {
  const buf = Buffer.from(pdf);
  const m = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(buf.toString('latin1'));
  if (!m) throw new Error('no ByteRange');
  const [a, b, c, d] = m.slice(1).map(Number);
  const hex = buf.subarray(a + b + 1, c - 1).toString('latin1');
  return { byteRange: [a, b, c, d], content: Buffer.concat([buf.subarray(a, a + b), buf.subarray(c, c + d)]), cms: Buffer.from(hex, 'hex'), total: buf.length };
}

function opensslVerify(pdf: Uint8Array, name: string) {
  const parts = signatureParts(pdf);
  const cms = write(`${name}.p7s`, parts.cms);
  const content = write(`${name}.content`, parts.content);
  const root = path.join(dir, 'root.pem');
  fs.writeFileSync(root, cert.rootPem);
  const r = spawnSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', cms, '-content', content, '-CAfile', root, '-purpose', 'any', '-out', '/dev/null'], { encoding: 'utf8' });
  const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], { encoding: 'utf8' });
  return { verdict: `${r.stdout}${r.stderr}`, printed };
}

beforeAll(async () => {
  cert = makeTestCertificate({ name: 'MÉDICA DE TESTE LIMIAR' });
  const writer = new HandlebarsReportWriter();
  const facts = buildReportFacts(notchScenario());
  const laudo: LaudoDocument = { facts, draft: buildReportDraft(facts, writer.writeSync(facts), writer.source), city: 'São Paulo', reportId: 'LA-2026-0099' };
  chromiumPdf = await renderer.render(laudo);
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Laudo de teste gerado pelo pdf-lib', { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  pdfLibPdf = await doc.save();
}, 60_000);
afterAll(async () => {
  await renderer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const meta = { signerName: 'MÉDICA DE TESTE LIMIAR', reason: 'Laudo audiológico assinado digitalmente', location: 'São Paulo, SP', contactInfo: 'medica.teste@limiar.test', signingTime: SIGNED_AT };

describe('PadesPdfSigner verified by pdfsig and openssl', () => {
  for (const source of ['chromium', 'pdf-lib'] as const) {
    it(`signs a ${source} PDF: pdfsig reports a valid ETSI.CAdES.detached signature over the whole document, by the certificate's subject, at /M`, async () => {
      const original = source === 'chromium' ? chromiumPdf : pdfLibPdf;
      const signed = await signer.sign(original, { pfx: cert.pfx, password: cert.password }, meta);
      const file = write(`${source}-signed.pdf`, signed);
      const report = pdfsig(file);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signer Certificate Common Name: MÉDICA DE TESTE LIMIAR:12345678909');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signing Time: Nov 25 2026 13:45:10');
      // the test root is not in pdfsig's NSS store: the chain is checked by openssl below instead
      expect(report).toContain("Certificate Validation: Certificate issuer isn't Trusted.");
      // the byte range covers everything but the signature's own hole
      const { byteRange, total } = signatureParts(signed);
      expect(byteRange[0]).toBe(0);
      expect(byteRange[2] + byteRange[3]).toBe(total);
      // pdftotext still reads the page
      const text = pdftotext(file);
      expect(text).toContain(source === 'chromium' ? 'João Conceição da Silva' : 'Laudo de teste gerado pelo pdf-lib');
      expect(text).toBe(pdftotext(write(`${source}-original.pdf`, original)));
    });
  }

  it('makes a CMS openssl verifies up to the test root, with content-type, message-digest and signing-certificate-v2 and no signing-time (PAdES B-B)', async () => {
    const signed = await signer.sign(chromiumPdf, { pfx: cert.pfx, password: cert.password }, meta);
    const { verdict, printed } = opensslVerify(signed, 'chromium');
    expect(verdict).toContain('Verification successful');
    expect(printed).toContain('contentType (1.2.840.113549.1.9.3)');
    expect(printed).toContain('messageDigest (1.2.840.113549.1.9.4)');
    expect(printed).toContain('id-smime-aa-signingCertificateV2 (1.2.840.113549.1.9.16.2.47)');
    expect(printed).not.toContain('1.2.840.113549.1.9.5');
    // the whole chain is embedded: leaf, AC Teste Limiar, AC Raiz Teste Limiar
    expect(printed.match(/subject: C=BR, O=ICP-Brasil/g)?.length ?? 0).toBe(3);
    expect(printed).toContain('CN=AC Raiz Teste Limiar');
  });

  it('an altered byte inside the signed range → pdfsig reports the digest mismatch (and openssl refuses)', async () => {
    const signed = Buffer.from(await signer.sign(chromiumPdf, { pfx: cert.pfx, password: cert.password }, meta));
    // the binary comment on the PDF's second line: inside the first signed range, harmless to the file's structure
    const at = signed.indexOf('\n') + 2;
    expect(at).toBeLessThan(signatureParts(signed).byteRange[1]);
    signed[at] = signed[at] ^ 0x01;
    const report = pdfsig(write('tampered.pdf', signed));
    expect(report).toContain('Signature Validation: Digest Mismatch.');
    expect(report).not.toContain('Signature is Valid');
    expect(opensslVerify(signed, 'tampered').verdict).toMatch(/Verification failure|digest failure/i);
  });

  it('signs a laudo PDF well under a second (measured)', async () => {
    const runs = 10;
    const start = performance.now();
    for (let i = 0; i < runs; i++) await signer.sign(chromiumPdf, { pfx: cert.pfx, password: cert.password }, meta);
    const msPerPdf = (performance.now() - start) / runs;
    console.log(`SIGN PAdES ${msPerPdf.toFixed(1)} ms per laudo PDF (${chromiumPdf.length} bytes, RSA 2048, chain of 3)`);
    expect(msPerPdf).toBeLessThan(1000);
  });
});

describe('ManageSigningCertificate with the real reader and signer', () => {
  const auth: AuthContext = { userId: 'u1', organizationId: 'o1', sessionId: 's', memberId: 'm1', roles: ['medico'] };
  const world = (now: string) => {
    const clock = fixedClock(now);
    return { clock, manage: new ManageSigningCertificate({ certificates: new InMemorySigningCertificateRepository(), reader: new ForgeCertificateReader(), storage: new InMemoryFileStorage(), ids: sequentialIds(), clock }) };
  };

  it('refuses an expired certificate at upload with the pt-BR date, and signs with a valid one until it expires', async () => {
    const w = world(new Date().toISOString());
    const expired = makeExpiredTestCertificate(3);
    const refused = await w.manage.upload(auth, { pfx: expired.pfx, password: expired.password });
    expect(!refused.ok && refused.error.code).toBe('CERTIFICATE.EXPIRED');
    expect(!refused.ok && refused.error.message).toContain(expired.notAfter.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));

    const uploaded = await w.manage.upload(auth, { pfx: cert.pfx, password: cert.password });
    expect(uploaded.ok).toBe(true);
    const found = await w.manage.credentialFor('o1', 'u1', new Date());
    if (!found.ok || !found.value) throw new Error('no credential');
    const signed = await signer.sign(pdfLibPdf, found.value.credential, { ...meta, signerName: found.value.certificate.subjectName });
    expect(pdfsig(write('through-use-case.pdf', signed))).toContain('Signature Validation: Signature is Valid.');

    const afterExpiry = await w.manage.credentialFor('o1', 'u1', new Date(cert.notAfter.getTime() + 1000));
    expect(!afterExpiry.ok && afterExpiry.error.code).toBe('CERTIFICATE.EXPIRED');
  });
});
