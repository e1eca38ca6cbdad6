import { CertificateInvalidFileError, CertificateInvalidPasswordError, type SigningCertificate } from '../accounts/signing-certificate';
import type { CertificateReader, ParsedCertificate, PdfSigner, SignatureMeta, SigningCertificateRepository, SigningCredential } from '../ports/signing-ports';
import { err, ok } from '../shared/result';

/** Certificates in memory, one per member per organisation (as the table's unique index). */
export class InMemorySigningCertificateRepository implements SigningCertificateRepository {
  readonly rows = new Map<string, SigningCertificate>();
  private static key(organizationId: string, userId: string) {
    return `${organizationId}/${userId}`;
  }
  async findFor(organizationId: string, userId: string) {
    const c = this.rows.get(InMemorySigningCertificateRepository.key(organizationId, userId));
    return c ? structuredClone(c) : undefined;
  }
  async save(c: SigningCertificate) {
    this.rows.set(InMemorySigningCertificateRepository.key(c.organizationId, c.userId), structuredClone(c));
  }
  async delete(organizationId: string, userId: string) {
    this.rows.delete(InMemorySigningCertificateRepository.key(organizationId, userId));
  }
}

/**
 * A reader of stand-in "A1 files": `fakePfx(certificate, password)` makes the bytes; anything else is not a
 * certificate, and the wrong password is refused as the real reader does (adapters' ForgeCertificateReader).
 */
export class FakeCertificateReader implements CertificateReader {
  read(pfx: Uint8Array, password: string) {
    let parsed: { password: string; certificate: Omit<ParsedCertificate, 'notBefore' | 'notAfter'> & { notBefore: string; notAfter: string } };
    try {
      const text = new TextDecoder().decode(pfx);
      if (!text.startsWith('FAKEPFX:')) return err(new CertificateInvalidFileError());
      parsed = JSON.parse(text.slice('FAKEPFX:'.length));
    } catch {
      return err(new CertificateInvalidFileError());
    }
    if (parsed.password !== password) return err(new CertificateInvalidPasswordError());
    const c = parsed.certificate;
    return ok({ ...c, notBefore: new Date(c.notBefore), notAfter: new Date(c.notAfter) });
  }
}

export function fakePfx(certificate: Partial<ParsedCertificate> & Pick<ParsedCertificate, 'notBefore' | 'notAfter'>, password: string): Uint8Array {
  const full: ParsedCertificate = {
    subjectName: 'MEDICA DE TESTE:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909', crm: null, serialNumber: '01', chainLength: 2, ...certificate,
  };
  return new TextEncoder().encode(`FAKEPFX:${JSON.stringify({ password, certificate: { ...full, notBefore: full.notBefore.toISOString(), notAfter: full.notAfter.toISOString() } })}`);
}

/** A signer that records what it was asked and appends a marker (the real one: adapters' PadesPdfSigner). */
export class RecordingPdfSigner implements PdfSigner {
  readonly calls: { pdf: Uint8Array; credential: SigningCredential; meta: SignatureMeta }[] = [];
  async sign(pdf: Uint8Array, credential: SigningCredential, meta: SignatureMeta) {
    this.calls.push({ pdf, credential, meta });
    const marker = new TextEncoder().encode(`\n%signed-by:${meta.signerName}\n`);
    const out = new Uint8Array(pdf.length + marker.length);
    out.set(pdf, 0);
    out.set(marker, pdf.length);
    return out;
  }
}
