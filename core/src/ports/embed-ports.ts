import type { EmbedToken } from '../embed/embed-token';

export interface EmbedTokenRepository {
  insert(token: EmbedToken): Promise<void>;
  findById(id: string): Promise<EmbedToken | undefined>;
  listForOrganization(organizationId: string): Promise<EmbedToken[]>;
  revoke(organizationId: string, id: string, at: Date): Promise<boolean>;
}

/** Every widget call, allowed or refused (LGPD audit trail). */
export interface EmbedAccessLog {
  record(entry: { tokenId: string | null; organizationId: string | null; patientId: string | null; origin: string | null; ip: string | null; outcome: string; at: Date }): Promise<void>;
}

/** Hashing and random secrets, kept out of core's pure code. */
export interface SecretHasher {
  newSecret(): string;
  hash(secret: string): string;
  /** Constant-time comparison of a secret with a stored hash. */
  matches(secret: string, hash: string): boolean;
}
