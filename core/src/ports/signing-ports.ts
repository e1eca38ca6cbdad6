import type { CertificateInvalidFileError, CertificateInvalidPasswordError, SigningCertificate } from '../accounts/signing-certificate';
import type { Result } from '../shared/result';

/** What a PKCS#12 (A1) file says about its signing certificate (the one whose private key it holds). */
export interface ParsedCertificate {
  /** Subject common name ("NOME DO TITULAR:12345678909" on an ICP-Brasil e-CPF). */
  readonly subjectName: string;
  /** Issuer common name (the AC that issued it). */
  readonly issuerName: string;
  /** 11 digits: subjectAltName otherName 2.16.76.1.3.1 (positions 9–19), else the CN's ":CPF" suffix; null when absent. */
  readonly cpf: string | null;
  /** "número/UF" or "número": otherName 2.16.76.1.4.2.2.1 (+ .2.2 UF), else a subject OU reading "CRM…"; null when absent. */
  readonly crm: string | null;
  /** Lower-case hexadecimal. */
  readonly serialNumber: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** Certificates in the file (the signer's and its chain), for information. */
  readonly chainLength: number;
}

/** Opens an A1 file: wrong password and "not a PKCS#12 with a private key" are expected outcomes. */
export interface CertificateReader {
  read(pfx: Uint8Array, password: string): Result<ParsedCertificate, CertificateInvalidPasswordError | CertificateInvalidFileError>;
}

/** One certificate per member per organisation (table signing_certificate). */
export interface SigningCertificateRepository {
  findFor(organizationId: string, userId: string): Promise<SigningCertificate | undefined>;
  /** Inserts, or replaces the member's previous certificate (same organisation and user). */
  save(certificate: SigningCertificate): Promise<void>;
  delete(organizationId: string, userId: string): Promise<void>;
}

/** The secret material that signs: the PKCS#12 bytes and their password (kept in memory only while signing). */
export interface SigningCredential {
  readonly pfx: Uint8Array;
  readonly password: string;
}

export interface SignatureMeta {
  /** The signature dictionary's /Name (the signer as the certificate names them, or the professional's name). */
  readonly signerName: string;
  /** /Reason, e.g. "Laudo audiológico assinado digitalmente". */
  readonly reason: string;
  readonly location?: string;
  readonly contactInfo?: string;
  /** Claimed signing time: the signature dictionary's /M (PAdES: never a CMS signing-time attribute). */
  readonly signingTime: Date;
}

/**
 * Signs a whole PDF with a PAdES baseline (B-B) signature: SubFilter ETSI.CAdES.detached, the certificate
 * chain of the PKCS#12 embedded. Returns the signed PDF; throws on a broken PDF or credential (a bug or
 * corrupted storage: the credential was read and checked at upload).
 */
export interface PdfSigner {
  sign(pdf: Uint8Array, credential: SigningCredential, meta: SignatureMeta): Promise<Uint8Array>;
}
