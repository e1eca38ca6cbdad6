import { DomainError, fixedError } from '../shared/domain-error';

/** What an embed token may show: the workers of one company, or one worker. */
export type EmbedScope = { kind: 'company'; companyId: string } | { kind: 'patient'; patientId: string };

/**
 * A read-only token a partner portal uses in the evolution widget (issue 9). Only a hash of its
 * secret is stored; the token itself is shown once, at creation.
 */
export interface EmbedToken {
  id: string;
  organizationId: string;
  name: string;
  scope: EmbedScope;
  /** Exact origins (scheme://host[:port]) allowed to call with it. */
  allowedOrigins: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Show the worker's initials instead of the name. */
  initialsOnly: boolean;
  secretHash: string;
  createdBy: string;
  createdAt: Date;
}

export class EmbedTokenNotFoundError extends fixedError('EMBED_TOKEN.NOT_FOUND', 'Token de integração não encontrado') {}

export class InvalidEmbedTokenError extends DomainError {
  readonly code = 'EMBED_TOKEN.INVALID';
}

/** Any problem with the token itself: 401, with a pt-BR reason the widget shows. */
export class EmbedUnauthorizedError extends DomainError {
  readonly code = 'AUTH.UNAUTHENTICATED';
}

export class EmbedOriginRefusedError extends fixedError('EMBED.ORIGIN_FORBIDDEN', 'Origem não autorizada para este token de integração') {}

/** `https://portal.example.com` — scheme, host and optional port only. */
export function normaliseOrigin(raw: string): string | undefined {
  const m = /^(https?):\/\/([a-z0-9.-]+)(:\d{1,5})?\/?$/i.exec(raw.trim());
  return m ? `${m[1].toLowerCase()}://${m[2].toLowerCase()}${m[3] ?? ''}` : undefined;
}

/** "José da Silva" → "J. S." (prepositions skipped). */
export function initialsOf(name: string): string {
  const skip = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);
  return name.split(/\s+/).filter((w) => w && !skip.has(w.toLowerCase())).map((w) => `${w[0].toUpperCase()}.`).filter((_, i, all) => i === 0 || i === all.length - 1).join(' ');
}
