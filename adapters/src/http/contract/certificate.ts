import { z } from 'zod';

/** The member's A1 certificate as Configurações › Segurança shows it (issue 20): never its bytes nor its password. */
export const certificateJson = z.object({
  /** The subject's common name (ICP-Brasil: "NOME:CPF"). */
  subjectName: z.string(),
  issuerName: z.string(),
  /** 11 digits, when the certificate states it. */
  cpf: z.string().nullable(),
  /** "número/UF" or "número", when the certificate states it (most e-CPFs do not). */
  crm: z.string().nullable(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  status: z.enum(['valido', 'vencido', 'ainda_nao_valido']),
  statusLabel: z.string(),
  uploadedAt: z.string(),
});
export type CertificateJson = z.infer<typeof certificateJson>;

export const certificateResponse = z.object({ certificate: certificateJson.nullable() });
export type CertificateResponse = z.infer<typeof certificateResponse>;
