/**
 * The audit trail (issue 20, docs/audit.md): one entry per audited request — who read or wrote which
 * record of which worker, when, from which address, and how it ended (the HTTP status). Entries are
 * append-only; they hold ids (worker, record, member) and the member's or token's name, never a
 * worker's name or CPF (the LGPD anonymisation of a worker must leave nothing of him in the trail).
 */
export const AUDIT_ACTIONS = [
  'read', 'list', 'create', 'update', 'delete', 'restore', 'upload', 'download', 'export', 'finalize', 'amend', 'verify', 'approve', 'refuse',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** pt-BR wording of each action (screen and CSV). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  read: 'Leitura',
  list: 'Consulta de lista',
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  restore: 'Restauração',
  upload: 'Envio de arquivo',
  download: 'Download',
  export: 'Exportação',
  finalize: 'Finalização',
  amend: 'Retificação',
  verify: 'Verificação pública',
  approve: 'Aprovação',
  refuse: 'Recusa',
};

export const AUDIT_ENTITIES = ['patient', 'exam', 'file', 'report', 'reading', 'employment', 'export', 'embed', 'privacy', 'aso'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** pt-BR wording of each kind of record. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  patient: 'Trabalhador',
  exam: 'Exame',
  file: 'Arquivo de exame',
  report: 'Laudo',
  reading: 'Leitura automática do audiograma',
  employment: 'Vínculo (empresa, setor, GHE)',
  export: 'Exportação',
  embed: 'Widget de evolução',
  privacy: 'Pedido LGPD',
  aso: 'ASO / S-2220 (eSocial)',
};

/** A member's session, an embed token (the widget), or nobody (a public page). */
export type AuditActorKind = 'membro' | 'widget' | 'publico';

export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = { membro: 'Membro', widget: 'Widget (token)', publico: 'Público' };

export interface AuditEntry {
  /** Increasing with the order of writing. */
  id: string;
  at: Date;
  organizationId: string;
  /** The member's user id, or the embed token's id; null for the public. */
  actorId: string | null;
  /** The member's name (or the token's) at the time of the act. */
  actorName: string;
  actorKind: AuditActorKind;
  action: AuditAction;
  entity: AuditEntity;
  recordId: string | null;
  patientId: string | null;
  /** Method and route pattern, e.g. `GET /api/patients/:id`. */
  route: string;
  status: number;
  ip: string | null;
}

/** What the recording side knows of the record, when the worker or the organisation is not in the request. */
export interface AuditLookup {
  /** `verification`: a laudo by its public verification code. */
  kind: 'exam' | 'file' | 'report' | 'reading' | 'verification';
  id: string;
}

/**
 * An entry as the HTTP layer records it. The store completes what the request did not say, from the
 * record named by `lookup`: the worker (and, for a public request, the organisation) — an entry whose
 * organisation stays unknown (a verification code that does not exist) is not stored. A missing
 * `actorName` is the member's name, read by the store.
 */
export interface NewAuditEntry extends Omit<AuditEntry, 'id' | 'organizationId' | 'actorName'> {
  organizationId: string | null;
  actorName: string | null;
  lookup: AuditLookup | null;
}

export interface AuditFilter {
  organizationId: string;
  patientId?: string;
  actorId?: string;
  action?: AuditAction;
  /** Inclusive bounds. */
  from?: Date;
  to?: Date;
}

export interface AuditPage {
  total: number;
  items: AuditEntry[];
}

/** The most rows one CSV carries (the screen pages; the CSV is the period's whole trail up to this). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
export const AUDIT_PAGE_MAX = 200;
