import type { ReportFacts } from '../reports/report-facts-types';
import type { ReportDraft } from '../reports/report-draft';
import type { ClinicHeader } from '../use-cases/accounts/manage-organization';

/** What the laudo PDF prints: the computed facts, the (possibly edited) draft and the document data. */
export interface LaudoDocument {
  readonly facts: ReportFacts;
  readonly draft: ReportDraft;
  /** Report id printed in the footer block, when the report is stored. */
  readonly reportId?: string | null;
  /** Report status (spec §3, default 'Draft'); a draft prints a "RASCUNHO" mark. */
  readonly status?: string;
  /** ISO date printed next to the signature (default: facts.today). */
  readonly issuedOn?: string;
  /** City printed before the date ("São Paulo, 22/11/2026"), when known. */
  readonly city?: string | null;
  /** The clinic header (Configurações → Clínica) at the time of rendering; default: facts.organizationName only. */
  readonly clinic?: ClinicHeader | null;
  /**
   * Who signs the document when it is not the professional of the facts (the drafter): at
   * finalisation, the finalising professional (issue 18). Default: facts.professional.
   */
  readonly signer?: ReportFacts['professional'];
  /** Who organised the draft, when someone other than the signer did: the laudo mentions it. */
  readonly draftedBy?: { readonly name: string; readonly registry: string | null } | null;
  /**
   * The finalised version's public verification code (issue 20): printed as text and as a QR code of
   * the verification address (`/verificar/{code}`), which the renderer builds from its public URL.
   */
  readonly verificationCode?: string | null;
  /** How the finalised version is signed (issue 20): the stamp printed beside the signature line. */
  readonly signature?: LaudoSignatureStamp | null;
  /** An amendment (version > 1) says which version it corrects and why (issue 20). */
  readonly amendment?: LaudoAmendmentNote | null;
}

export type LaudoSignatureStamp =
  | {
      /** PAdES with the professional's ICP-Brasil A1 certificate. */
      readonly kind: 'icp';
      readonly certificateSubject: string;
      readonly certificateIssuer: string;
      readonly certificateSerial: string;
      /** ISO date-time of the signature. */
      readonly signedAt: string;
    }
  | {
      /** No certificate: an "assinatura eletrônica simples" stating who finalised it and when. */
      readonly kind: 'simples';
      readonly signedAt: string;
    };

export interface LaudoAmendmentNote {
  readonly version: number;
  readonly reason: string;
  readonly supersedes: { readonly version: number; readonly finalizedAt: string | null; readonly verificationCode: string | null };
}

/** Renders a laudo as an A4 PDF (docs/laudo.md §PDF). */
export interface ReportRenderer {
  /**
   * Returns the PDF bytes (starting with `%PDF`). Throws when rendering fails or exceeds the
   * renderer's timeout; a caller may retry (the renderer relaunches a browser that died).
   */
  render(document: LaudoDocument): Promise<Uint8Array>;
}
