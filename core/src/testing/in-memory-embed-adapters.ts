import type { EmbedToken } from '../embed/embed-token';
import type { EmbedAccessLog, EmbedTokenRepository } from '../ports/embed-ports';

const copy = <T>(v: T): T => structuredClone(v);

/** Embed tokens in memory; held to tests/contracts/embed-ports.contract.ts with the PostgreSQL repository. */
export class InMemoryEmbedTokenRepository implements EmbedTokenRepository {
  readonly rows = new Map<string, EmbedToken>();

  async insert(token: EmbedToken) {
    if (this.rows.has(token.id)) throw new Error(`embed token ${token.id} exists`);
    this.rows.set(token.id, copy(token));
  }

  async findById(id: string) {
    const t = this.rows.get(id);
    return t && copy(t);
  }

  async listForOrganization(organizationId: string) {
    return [...this.rows.values()].filter((t) => t.organizationId === organizationId).sort((a, b) => +b.createdAt - +a.createdAt).map(copy);
  }

  /** The first revocation's time is kept; revoking again still answers true. */
  async revoke(organizationId: string, id: string, at: Date) {
    const t = this.rows.get(id);
    if (!t || t.organizationId !== organizationId) return false;
    t.revokedAt ??= new Date(at);
    return true;
  }
}

export type EmbedAccessEntry = Parameters<EmbedAccessLog['record']>[0];

/** The widget's audit trail in `rows`, cut to the lengths the database adapter keeps (patient id 100, origin 300). */
export class InMemoryEmbedAccessLog implements EmbedAccessLog {
  readonly rows: EmbedAccessEntry[] = [];

  async record(entry: EmbedAccessEntry) {
    this.rows.push({ ...copy(entry), patientId: entry.patientId?.slice(0, 100) ?? null, origin: entry.origin?.slice(0, 300) ?? null });
  }
}
