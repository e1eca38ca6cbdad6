import { DomainError, fixedError } from '../shared/domain-error';

/**
 * A professional's ICP-Brasil A1 certificate (issue 20), as shown in Configurações › Segurança and used to
 * sign their laudos. The PKCS#12 bytes and their password live together, encrypted, in the file storage
 * under `storageKey`; this record only describes them (it never carries the password nor the bytes).
 */
export interface SigningCertificate {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  /** The subject's common name, as issued (ICP-Brasil: "NOME DO TITULAR:CPF"). */
  readonly subjectName: string;
  /** The issuing CA's common name. */
  readonly issuerName: string;
  /** 11 digits, when the certificate states it (subjectAltName otherName 2.16.76.1.3.1, or the CN suffix). */
  readonly cpf: string | null;
  /** e.g. "123456/SP", when the certificate states it (rare: an e-CPF has no mandatory CRM field). */
  readonly crm: string | null;
  /** Hexadecimal, lower case, as the certificate's serialNumber. */
  readonly serialNumber: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly storageKey: string;
  readonly uploadedAt: Date;
}

export const CERTIFICATE_STATUSES = ['valido', 'vencido', 'ainda_nao_valido'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  valido: 'Válido',
  vencido: 'Vencido',
  ainda_nao_valido: 'Ainda não válido',
};

/** The certificate's state at `now` (validity bounds inclusive, as X.509). */
export function certificateStatusAt(cert: Pick<SigningCertificate, 'notBefore' | 'notAfter'>, now: Date): CertificateStatus {
  if (now.getTime() < cert.notBefore.getTime()) return 'ainda_nao_valido';
  if (now.getTime() > cert.notAfter.getTime()) return 'vencido';
  return 'valido';
}

/** dd/mm/aaaa in Brazil's time (the certificate dates are instants; the professional reads a local date). */
export function certificateDateBr(date: Date): string {
  return date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
}

export class CertificateExpiredError extends DomainError {
  readonly code = 'CERTIFICATE.EXPIRED';
  constructor(readonly notAfter: Date) {
    super(`O certificado digital venceu em ${certificateDateBr(notAfter)}. Envie um certificado válido em Configurações › Segurança.`);
  }
}

export class CertificateNotYetValidError extends DomainError {
  readonly code = 'CERTIFICATE.NOT_YET_VALID';
  constructor(readonly notBefore: Date) {
    super(`O certificado digital só é válido a partir de ${certificateDateBr(notBefore)}. Envie um certificado válido em Configurações › Segurança.`);
  }
}

export class CertificateInvalidPasswordError extends fixedError('CERTIFICATE.INVALID_PASSWORD', 'Senha do certificado incorreta.', 'password') {}

export class CertificateInvalidFileError extends fixedError('CERTIFICATE.INVALID_FILE', 'O arquivo não é um certificado A1 (.pfx/.p12) com chave privada.', 'pfx') {}

export class CertificateNotFoundError extends fixedError('CERTIFICATE.NOT_FOUND', 'Nenhum certificado digital cadastrado.') {}

/** The error of a certificate that cannot sign at `now`, or undefined when it can. */
export function certificateValidityError(cert: Pick<SigningCertificate, 'notBefore' | 'notAfter'>, now: Date): CertificateExpiredError | CertificateNotYetValidError | undefined {
  const status = certificateStatusAt(cert, now);
  if (status === 'vencido') return new CertificateExpiredError(cert.notAfter);
  if (status === 'ainda_nao_valido') return new CertificateNotYetValidError(cert.notBefore);
  return undefined;
}

/** A1 files are a few kB; 100 kB leaves room for long chains and refuses anything else early. */
export const CERTIFICATE_MAX_BYTES = 100 * 1024;
