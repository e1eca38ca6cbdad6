import type { ProfessionalRepository } from '../ports/account-ports';
import type { Professional } from './professional';
import { registryLabel } from './registries';

/**
 * Who did something to a record and when (issue 18): the member of the organisation (null for
 * records from before teams, or written by no member, such as the CLI import), the login, the name
 * and professional registry as they were at that moment, and the ISO date-time.
 */
export interface Attribution {
  memberId: string | null;
  userId: string | null;
  name: string;
  /** "CRM 123456/SP", "CRFa 2-12345", "CREA 123/SP"; null when the profile has none (técnico, segurança without CREA). */
  registry: string | null;
  /** ISO date-time. */
  at: string;
}

/** Name printed when the login is gone (an account deleted since). */
export const UNKNOWN_PROFESSIONAL = 'Profissional';

/** The attribution of an act by `who` (the caller's login and membership) at `at`. */
export function attributionOf(who: { userId: string; memberId?: string | null }, professional: Professional | undefined, at: Date): Attribution {
  return {
    memberId: who.memberId ?? null,
    userId: who.userId,
    name: professional?.name ?? UNKNOWN_PROFESSIONAL,
    registry: (professional && registryLabel(professional)) ?? null,
    at: at.toISOString(),
  };
}

/** Looks the caller's professional up and attributes the act to them. */
export async function attribute(professionals: ProfessionalRepository, who: { userId: string; memberId?: string | null }, at: Date): Promise<Attribution> {
  return attributionOf(who, await professionals.findById(who.userId), at);
}

/** "Nome (CRM 123/SP)", or the name alone without a registry. */
export function attributionName(a: Pick<Attribution, 'name' | 'registry'>): string {
  return a.registry ? `${a.name} (${a.registry})` : a.name;
}

/** Reads a stored attribution (a jsonb column), tolerating absent or malformed values as null. */
export function parseAttribution(value: unknown): Attribution | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string' || typeof v.at !== 'string') return null;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : null);
  return { memberId: text(v.memberId), userId: text(v.userId), name: v.name, registry: text(v.registry), at: v.at };
}
