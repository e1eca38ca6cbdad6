import { beforeEach, expect, it } from 'vitest';
import type { OrganizationRepository, PasswordResetToken, PasswordResetTokenRepository, ProfessionalRepository } from '../../core/src';
import { aProfessional } from './account-repositories.contract';

export interface PasswordResetStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  resetTokens: PasswordResetTokenRepository;
}

let n = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
const t0 = new Date('2026-11-24T12:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

/** One behaviour, every adapter: the in-memory and the PostgreSQL repositories run this suite. */
export function passwordResetRepositoryContract(make: () => Promise<PasswordResetStores>) {
  let s: PasswordResetStores;
  let userId: string;
  const aToken = (over: Partial<PasswordResetToken> = {}): PasswordResetToken => ({
    id: uuid(), userId, tokenHash: `h-${n}`, createdAt: t0, expiresAt: at(60), usedAt: null, ip: '10.0.0.1', ...over,
  });
  beforeEach(async () => {
    s = await make();
    const orgId = uuid();
    await s.organizations.insert({ id: orgId, name: 'Clínica Som', createdAt: t0 });
    const p = aProfessional(orgId, { id: uuid(), email: `reset${n}@x.com` });
    await s.professionals.insert(p);
    userId = p.id;
  });

  it('finds a token by its hash, equal to what was inserted', async () => {
    const token = aToken();
    await s.resetTokens.insert(token);
    expect(await s.resetTokens.findByHash(token.tokenHash)).toEqual(token);
    expect(await s.resetTokens.findByHash('nope')).toBeUndefined();
  });

  it('consumes a token once, and never after its expiry', async () => {
    const token = aToken();
    const late = aToken();
    await s.resetTokens.insert(token);
    await s.resetTokens.insert(late);
    expect(await s.resetTokens.consume(token.id, at(10))).toBe(true);
    expect(await s.resetTokens.consume(token.id, at(11))).toBe(false);
    expect((await s.resetTokens.findByHash(token.tokenHash))?.usedAt).toEqual(at(10));
    expect(await s.resetTokens.consume(late.id, at(60))).toBe(false);
  });

  it('invalidates every unused token of the user', async () => {
    const a = aToken();
    const b = aToken();
    await s.resetTokens.insert(a);
    await s.resetTokens.insert(b);
    await s.resetTokens.invalidateAllForUser(userId, at(5));
    expect(await s.resetTokens.consume(b.id, at(6))).toBe(false);
    expect((await s.resetTokens.findByHash(a.tokenHash))?.usedAt).toEqual(at(5));
  });

  it('counts requests per e-mail and per IP strictly after a time, with the oldest', async () => {
    await s.resetTokens.recordRequest('ana@x.com', '10.0.0.1', at(0));
    await s.resetTokens.recordRequest('ana@x.com', '10.0.0.2', at(5));
    await s.resetTokens.recordRequest('bia@x.com', '10.0.0.1', at(10));
    expect(await s.resetTokens.countRequestsSince({ email: 'ana@x.com' }, at(-1))).toBe(2);
    expect(await s.resetTokens.countRequestsSince({ email: 'ana@x.com' }, at(0))).toBe(1);
    expect(await s.resetTokens.countRequestsSince({ ip: '10.0.0.1' }, at(-1))).toBe(2);
    expect(await s.resetTokens.oldestRequestSince({ ip: '10.0.0.1' }, at(-1))).toEqual(at(0));
    expect(await s.resetTokens.oldestRequestSince({ email: 'bia@x.com' }, at(10))).toBeUndefined();
  });

  it('records a request only within every limit (this request included)', async () => {
    const checks = (email: string, ip: string) => [{ by: { email }, max: 2 }, { by: { ip }, max: 3 }];
    expect(await s.resetTokens.recordRequestWithin('cid@x.com', '10.0.0.9', at(1), at(0), checks('cid@x.com', '10.0.0.9'))).toEqual({});
    expect(await s.resetTokens.recordRequestWithin('cid@x.com', '10.0.0.9', at(2), at(0), checks('cid@x.com', '10.0.0.9'))).toEqual({});
    expect(await s.resetTokens.recordRequestWithin('cid@x.com', '10.0.0.9', at(3), at(0), checks('cid@x.com', '10.0.0.9'))).toEqual({ refused: { email: 'cid@x.com' } });
    expect(await s.resetTokens.recordRequestWithin('dan@x.com', '10.0.0.9', at(3), at(0), checks('dan@x.com', '10.0.0.9'))).toEqual({});
    expect(await s.resetTokens.recordRequestWithin('eva@x.com', '10.0.0.9', at(4), at(0), checks('eva@x.com', '10.0.0.9'))).toEqual({ refused: { ip: '10.0.0.9' } });
    expect(await s.resetTokens.countRequestsSince({ ip: '10.0.0.9' }, at(0))).toBe(3);
    // outside the window the old requests no longer count
    expect(await s.resetTokens.recordRequestWithin('cid@x.com', '10.0.0.9', at(20), at(10), checks('cid@x.com', '10.0.0.9'))).toEqual({});
  });
}
