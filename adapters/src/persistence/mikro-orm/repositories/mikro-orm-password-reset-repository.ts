import type { EntityManager } from '@mikro-orm/postgresql';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../../../../../core/src';
import { PasswordResetRequestSchema, PasswordResetTokenSchema } from '../schemas/password-reset-schemas';

type Em = () => EntityManager;
type By = { email: string } | { ip: string };

export class MikroOrmPasswordResetTokenRepository implements PasswordResetTokenRepository {
  constructor(private readonly em: Em) {}

  async insert(token: PasswordResetToken) {
    await this.em().insert(PasswordResetTokenSchema, token);
  }

  async findByHash(tokenHash: string) {
    const row = await this.em().findOne(PasswordResetTokenSchema, { tokenHash }, { disableIdentityMap: true });
    return row ? ({ ...row } as PasswordResetToken) : undefined;
  }

  async consume(id: string, now: Date) {
    // one conditional update: of two concurrent uses, only one changes the row
    const changed = await this.em().nativeUpdate(PasswordResetTokenSchema, { id, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    return changed === 1;
  }

  async invalidateAllForUser(userId: string, now: Date) {
    await this.em().nativeUpdate(PasswordResetTokenSchema, { userId, usedAt: null }, { usedAt: now });
  }

  async recordRequest(email: string, ip: string, at: Date) {
    await this.em().insert(PasswordResetRequestSchema, { email, ip, requestedAt: at });
  }

  /** Count and insert under a transaction advisory lock (ADR 0023): concurrent requests of every process take turns. */
  recordRequestWithin(email: string, ip: string, at: Date, since: Date, checks: readonly { by: By; max: number }[]) {
    return this.em().transactional(async (em): Promise<{ refused?: By }> => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', ['limiar:attempt:password-reset']);
      for (const { by, max } of checks) {
        if ((await em.count(PasswordResetRequestSchema, { ...by, requestedAt: { $gt: since } })) + 1 > max) return { refused: by };
      }
      await em.insert(PasswordResetRequestSchema, { email, ip, requestedAt: at });
      return {};
    });
  }

  countRequestsSince(by: By, since: Date) {
    return this.em().count(PasswordResetRequestSchema, { ...by, requestedAt: { $gt: since } });
  }

  async oldestRequestSince(by: By, since: Date) {
    const row = await this.em().findOne(PasswordResetRequestSchema, { ...by, requestedAt: { $gt: since } }, { orderBy: { requestedAt: 'asc' }, disableIdentityMap: true });
    return row?.requestedAt;
  }
}
