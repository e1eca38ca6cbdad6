import {
  CERTIFICATE_MAX_BYTES, CERTIFICATE_STATUS_LABELS, CertificateInvalidFileError, CertificateNotFoundError, certificateStatusAt, certificateValidityError,
  type CertificateExpiredError, type CertificateInvalidPasswordError, type CertificateNotYetValidError, type CertificateStatus, type SigningCertificate,
} from '../../accounts/signing-certificate';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/file-storage';
import type { IdGenerator } from '../../ports/id-generator';
import type { CertificateReader, SigningCertificateRepository, SigningCredential } from '../../ports/signing-ports';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';

/** The certificate as Configurações › Segurança shows it: never the bytes, never the password. */
export interface SigningCertificateView {
  readonly subjectName: string;
  readonly issuerName: string;
  readonly cpf: string | null;
  readonly crm: string | null;
  readonly serialNumber: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly status: CertificateStatus;
  readonly statusLabel: string;
  readonly uploadedAt: Date;
}

export function signingCertificateView(c: SigningCertificate, now: Date): SigningCertificateView {
  const status = certificateStatusAt(c, now);
  return {
    subjectName: c.subjectName, issuerName: c.issuerName, cpf: c.cpf, crm: c.crm, serialNumber: c.serialNumber,
    notBefore: c.notBefore, notAfter: c.notAfter, status, statusLabel: CERTIFICATE_STATUS_LABELS[status], uploadedAt: c.uploadedAt,
  };
}

// The stored blob: "LMRC" 0x01, the password's UTF-8 length (4 bytes, big-endian), the password, the PKCS#12 bytes.
// It goes through FileStorage, so it is encrypted at rest with the file key like every other stored file.
const MAGIC = [0x4c, 0x4d, 0x52, 0x43, 0x01];

export function encodeSigningCredential(credential: SigningCredential): Uint8Array {
  const password = new TextEncoder().encode(credential.password);
  const out = new Uint8Array(MAGIC.length + 4 + password.length + credential.pfx.length);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.length, password.length);
  out.set(password, MAGIC.length + 4);
  out.set(credential.pfx, MAGIC.length + 4 + password.length);
  return out;
}

export function decodeSigningCredential(blob: Uint8Array): SigningCredential {
  if (blob.length < MAGIC.length + 4 || MAGIC.some((b, i) => blob[i] !== b)) throw new Error('not a stored signing credential');
  const length = new DataView(blob.buffer, blob.byteOffset, blob.byteLength).getUint32(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + length > blob.length) throw new Error('truncated signing credential');
  return { password: new TextDecoder().decode(blob.subarray(start, start + length)), pfx: blob.slice(start + length) };
}

/**
 * A member's ICP-Brasil A1 certificate (issue 20): upload (checked, then kept encrypted with its password),
 * show, remove; and, for the laudo finalisation, the credential that signs. Every member manages only
 * their own certificate, in the session's organisation (no permission needed: it is personal).
 */
export class ManageSigningCertificate {
  constructor(private readonly d: {
    certificates: SigningCertificateRepository;
    reader: CertificateReader;
    storage: FileStorage;
    ids: IdGenerator;
    clock: Clock;
  }) {}

  async upload(auth: AuthContext, input: { pfx: Uint8Array; password: string }): Promise<Result<SigningCertificateView,
    CertificateInvalidFileError | CertificateInvalidPasswordError | CertificateExpiredError | CertificateNotYetValidError>> {
    if (input.pfx.length === 0 || input.pfx.length > CERTIFICATE_MAX_BYTES) return err(new CertificateInvalidFileError());
    const parsed = this.d.reader.read(input.pfx, input.password);
    if (!parsed.ok) return parsed;
    const now = this.d.clock.now();
    const invalid = certificateValidityError(parsed.value, now);
    if (invalid) return err(invalid);
    const stored = await this.d.storage.put(auth.organizationId, encodeSigningCredential(input));
    const previous = await this.d.certificates.findFor(auth.organizationId, auth.userId);
    const p = parsed.value;
    const certificate: SigningCertificate = {
      id: this.d.ids.next(), organizationId: auth.organizationId, userId: auth.userId, subjectName: p.subjectName, issuerName: p.issuerName,
      cpf: p.cpf, crm: p.crm, serialNumber: p.serialNumber, notBefore: p.notBefore, notAfter: p.notAfter, storageKey: stored.key, uploadedAt: now,
    };
    try {
      await this.d.certificates.save(certificate);
    } catch (error) {
      await this.d.storage.delete(stored.key).catch(() => undefined);
      throw error;
    }
    if (previous && previous.storageKey !== stored.key) await this.d.storage.delete(previous.storageKey).catch(() => undefined);
    return ok(signingCertificateView(certificate, now));
  }

  async current(auth: AuthContext): Promise<SigningCertificateView | null> {
    const c = await this.d.certificates.findFor(auth.organizationId, auth.userId);
    return c ? signingCertificateView(c, this.d.clock.now()) : null;
  }

  async remove(auth: AuthContext): Promise<Result<void, CertificateNotFoundError>> {
    const c = await this.d.certificates.findFor(auth.organizationId, auth.userId);
    if (!c) return err(new CertificateNotFoundError());
    await this.d.certificates.delete(auth.organizationId, auth.userId);
    await this.d.storage.delete(c.storageKey).catch(() => undefined);
    return ok(undefined);
  }

  /**
   * The credential that signs a laudo of `userId` in `organizationId` at `now`: null when the member has no
   * certificate (the laudo then carries an "assinatura eletrônica simples"), an error when it is expired
   * or not yet valid (the finalisation is refused with that pt-BR message).
   */
  async credentialFor(organizationId: string, userId: string, now: Date): Promise<Result<{ certificate: SigningCertificate; credential: SigningCredential } | null,
    CertificateExpiredError | CertificateNotYetValidError>> {
    const certificate = await this.d.certificates.findFor(organizationId, userId);
    if (!certificate) return ok(null);
    const invalid = certificateValidityError(certificate, now);
    if (invalid) return err(invalid);
    return ok({ certificate, credential: decodeSigningCredential(await this.d.storage.read(certificate.storageKey)) });
  }
}
