import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmbedAccessLog, EmbedToken, EmbedTokenRepository, SecretHasher } from '../../../../../core/src';
import { isUuid } from './uuid';

type Em = () => EntityManager;
type Row = Record<string, unknown>;
const run = (em: EntityManager) => <T = Row>(q: string, p: unknown[] = []) => em.getConnection().execute<T[]>(q, p, 'all', em.getTransactionContext());

function toToken(r: Row): EmbedToken {
  return {
    id: r.id as string, organizationId: r.organization_id as string, name: r.name as string,
    scope: r.scope_kind === 'company' ? { kind: 'company', companyId: r.company_id as string } : { kind: 'patient', patientId: r.patient_id as string },
    allowedOrigins: r.allowed_origins as string[], expiresAt: r.expires_at ? new Date(r.expires_at as string) : null,
    revokedAt: r.revoked_at ? new Date(r.revoked_at as string) : null, initialsOnly: Boolean(r.initials_only), secretHash: r.secret_hash as string,
    createdBy: r.created_by as string, createdAt: new Date(r.created_at as string),
  };
}

export class MikroOrmEmbedTokenRepository implements EmbedTokenRepository {
  constructor(private readonly em: Em) {}

  async insert(t: EmbedToken) {
    await run(this.em())(
      `insert into embed_token (id, organization_id, name, scope_kind, company_id, patient_id, allowed_origins, expires_at, revoked_at, initials_only, secret_hash, created_by, created_at)
       values (?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?)`,
      [t.id, t.organizationId, t.name, t.scope.kind, t.scope.kind === 'company' ? t.scope.companyId : null, t.scope.kind === 'patient' ? t.scope.patientId : null,
        `{${t.allowedOrigins.map((o) => `"${o}"`).join(',')}}`, t.expiresAt, t.revokedAt, t.initialsOnly, t.secretHash, t.createdBy, t.createdAt],
    );
  }

  async findById(id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await run(this.em())('select * from embed_token where id = ?', [id]);
    return rows[0] ? toToken(rows[0]) : undefined;
  }

  async listForOrganization(organizationId: string) {
    return (await run(this.em())('select * from embed_token where organization_id = ? order by created_at desc', [organizationId])).map(toToken);
  }

  async revoke(organizationId: string, id: string, at: Date) {
    if (!isUuid(id)) return false;
    const rows = await run(this.em())('update embed_token set revoked_at = coalesce(revoked_at, ?) where organization_id = ? and id = ? returning id', [at, organizationId, id]);
    return rows.length > 0;
  }
}

export class MikroOrmEmbedAccessLog implements EmbedAccessLog {
  constructor(private readonly em: Em) {}
  async record(e: Parameters<EmbedAccessLog['record']>[0]) {
    await run(this.em())('insert into embed_access_log (token_id, organization_id, patient_id, origin, ip, outcome, at) values (?, ?, ?, ?, ?, ?, ?)',
      [e.tokenId, e.organizationId, e.patientId?.slice(0, 100) ?? null, e.origin?.slice(0, 300) ?? null, e.ip, e.outcome, e.at]);
  }
}

/** 256-bit random secrets, stored as SHA-256 (they are random, so no slow hash is needed). */
export const sha256SecretHasher: SecretHasher = {
  newSecret: () => randomBytes(32).toString('base64url'),
  hash: (secret) => createHash('sha256').update(secret).digest('hex'),
  matches: (secret, hash) => {
    const a = Buffer.from(createHash('sha256').update(secret).digest('hex'));
    const b = Buffer.from(hash);
    return a.length === b.length && timingSafeEqual(a, b);
  },
};
