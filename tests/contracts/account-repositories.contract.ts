import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Professional } from '../../core/src';
import type { LoginAttemptLog, OrganizationRepository, ProfessionalRepository, SessionRepository } from '../../core/src';

export interface AccountStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  sessions: SessionRepository;
  attempts: LoginAttemptLog;
}

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const t0 = new Date('2026-11-22T12:00:00.000Z');

export function aProfessional(organizationId: string, over: Partial<Professional> = {}): Professional {
  return {
    id: uuid(), organizationId, organizationName: 'Clínica Som', name: 'Ana Souza', email: `ana${n}@x.com`, passwordHash: 'h',
    googleSubject: null, professionalType: 'Medico', crm: '1234', crmState: 'SP', crfa: null, crfaRegion: null, crea: null,
    creaState: null, specialization: null, phoneNumber: null, notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
    createdAt: t0, updatedAt: t0, ...over,
  };
}

/** One behaviour, every adapter: the in-memory and the PostgreSQL repositories run this suite. */
export function accountRepositoriesContract(make: () => Promise<AccountStores>) {
  let s: AccountStores;
  let orgId: string;
  beforeEach(async () => {
    s = await make();
    orgId = uuid();
    await s.organizations.insert({ id: orgId, name: 'Clínica Som', createdAt: t0 });
  });

  it('returns an equal professional after insert, by id, e-mail (any case) and Google subject', async () => {
    const p = aProfessional(orgId, { googleSubject: 'g-42', notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, reportAlerts: true } });
    expect(await s.professionals.insert(p)).toBe('inserted');
    expect(await s.professionals.findById(p.id)).toEqual(p);
    expect(await s.professionals.findByEmail(p.email.toUpperCase())).toEqual(p);
    expect(await s.professionals.findByGoogleSubject('g-42')).toEqual(p);
    expect(await s.professionals.findById(uuid())).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.professionals.findById(malformed)).toBeUndefined();
  });

  it('refuses a second professional with the same e-mail, on insert and on update', async () => {
    const a = aProfessional(orgId);
    const b = aProfessional(orgId);
    await s.professionals.insert(a);
    await s.professionals.insert(b);
    expect(await s.professionals.insert(aProfessional(orgId, { email: a.email }))).toBe('duplicate-email');
    expect(await s.professionals.update({ ...b, email: a.email })).toBe('duplicate-email');
    expect((await s.professionals.findById(b.id))?.email).toBe(b.email);
  });

  it('replaces, never duplicates, on update', async () => {
    const p = aProfessional(orgId);
    await s.professionals.insert(p);
    const changed = { ...p, name: 'Ana B.', professionalType: 'Engenheiro' as const, crm: null, crmState: null, crea: '9', creaState: 'MG', updatedAt: new Date(t0.getTime() + 1000) };
    expect(await s.professionals.update(changed)).toBe('updated');
    expect(await s.professionals.findById(p.id)).toEqual(changed);
  });

  it('keeps the organisation header and logo reference; the professional sees the new name (issue 14)', async () => {
    const before = await s.organizations.findById(orgId);
    expect(before).toMatchObject({ id: orgId, name: 'Clínica Som', cnpj: null, address: null, phone: null, email: null, logo: null });
    const p = aProfessional(orgId);
    await s.professionals.insert(p);
    const header = { cnpj: '11222333000181', address: 'Rua do Som, 10 — São Paulo/SP', phone: '(11) 3333-4444', email: 'contato@som.com.br', logo: { storageKey: 'k/1', mimeType: 'image/png' as const, sha256: 'ab'.repeat(32) } };
    await s.organizations.update({ ...before!, name: 'Clínica Som Ocupacional', ...header });
    expect(await s.organizations.findById(orgId)).toEqual({ id: orgId, name: 'Clínica Som Ocupacional', createdAt: t0, ...header });
    expect((await s.professionals.findById(p.id))?.organizationName).toBe('Clínica Som Ocupacional');
    await s.organizations.update({ ...before!, logo: null });
    expect((await s.organizations.findById(orgId))?.logo).toBeNull();
    expect(await s.organizations.findById(uuid())).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.organizations.findById(malformed)).toBeUndefined();
  });

  it('finds a session only while it is neither revoked nor expired', async () => {
    const p = aProfessional(orgId);
    await s.professionals.insert(p);
    const session = { id: uuid(), userId: p.id, organizationId: orgId, createdAt: t0, expiresAt: new Date(t0.getTime() + 3600_000), revokedAt: null, userAgent: 'ua', ip: '127.0.0.1' };
    await s.sessions.insert(session);
    expect(await s.sessions.findActive(session.id, t0)).toEqual(session);
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.sessions.findActive(malformed, t0)).toBeUndefined();
    expect(await s.sessions.findActive(session.id, session.expiresAt)).toBeUndefined();
    await s.sessions.revoke(session.id, t0);
    expect(await s.sessions.findActive(session.id, t0)).toBeUndefined();
  });

  it('revokes all sessions of a user except one, and says how many', async () => {
    const p = aProfessional(orgId);
    await s.professionals.insert(p);
    const ids = [uuid(), uuid(), uuid()];
    for (const id of ids) await s.sessions.insert({ id, userId: p.id, organizationId: orgId, createdAt: t0, expiresAt: new Date(t0.getTime() + 3600_000), revokedAt: null, userAgent: null, ip: null });
    expect(await s.sessions.revokeAllForUser(p.id, ids[0], t0)).toBe(2);
    expect(await s.sessions.findActive(ids[0], t0)).toBeDefined();
    expect(await s.sessions.findActive(ids[1], t0)).toBeUndefined();
  });

  it('counts login failures per e-mail and IP strictly inside the window, and clears them', async () => {
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const login = (email: string, ip: string) => ({ kind: 'login' as const, email, ip });
    await s.attempts.recordFailure(login('a@x.com', '1.1.1.1'), at(0));
    await s.attempts.recordFailure(login('a@x.com', '1.1.1.1'), at(5));
    await s.attempts.recordFailure(login('a@x.com', '2.2.2.2'), at(5));
    await s.attempts.recordFailure(login('b@x.com', '1.1.1.1'), at(6));
    await s.attempts.recordFailure({ kind: 'register', email: 'a@x.com', ip: '1.1.1.1' }, at(6));
    expect(await s.attempts.countFailuresSince(login('a@x.com', '1.1.1.1'), at(-1))).toBe(2);
    expect(await s.attempts.countFailuresSince(login('a@x.com', '1.1.1.1'), at(0))).toBe(1);
    expect(await s.attempts.oldestFailureSince(login('a@x.com', '1.1.1.1'), at(-1))).toEqual(at(0));
    // per account (any address) and per address (any account), one kind at a time
    expect(await s.attempts.countFailuresSince({ kind: 'login', email: 'a@x.com' }, at(-1))).toBe(3);
    expect(await s.attempts.countFailuresSince({ kind: 'login', ip: '1.1.1.1' }, at(-1))).toBe(3);
    expect(await s.attempts.oldestFailureSince({ kind: 'login', ip: '1.1.1.1' }, at(1))).toEqual(at(5));
    expect(await s.attempts.countFailuresSince({ kind: 'register', ip: '1.1.1.1' }, at(-1))).toBe(1);
    await s.attempts.clearFailures(login('a@x.com', '1.1.1.1'));
    expect(await s.attempts.countFailuresSince(login('a@x.com', '1.1.1.1'), at(-1))).toBe(0);
    expect(await s.attempts.countFailuresSince(login('a@x.com', '2.2.2.2'), at(-1))).toBe(1);
    expect(await s.attempts.countFailuresSince({ kind: 'register', email: 'a@x.com' }, at(-1))).toBe(1);
  });

  it('records an attempt only within every limit (this attempt included), and removes one by its id', async () => {
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const attempt = { kind: 'contact' as const, email: 'c@x.com', ip: '3.3.3.3' };
    const checks = [{ scope: attempt, max: 2 }, { scope: { kind: 'contact' as const, ip: '3.3.3.3' }, max: 3 }];
    const first = await s.attempts.recordWithin(attempt, at(1), at(0), checks);
    const second = await s.attempts.recordWithin(attempt, at(2), at(0), checks);
    expect(first).toHaveProperty('id');
    expect(second).toHaveProperty('id');
    expect(await s.attempts.recordWithin(attempt, at(3), at(0), checks)).toEqual({ refused: attempt });
    expect(await s.attempts.countFailuresSince(attempt, at(0))).toBe(2);
    // another e-mail from that address: the pair is free, the address takes one more
    const other = { ...attempt, email: 'd@x.com' };
    const otherChecks = [{ scope: other, max: 2 }, checks[1]];
    expect(await s.attempts.recordWithin(other, at(3), at(0), otherChecks)).toHaveProperty('id');
    expect(await s.attempts.recordWithin(other, at(4), at(0), otherChecks)).toEqual({ refused: checks[1].scope });
    // outside the window the old attempts no longer count
    expect(await s.attempts.recordWithin(attempt, at(20), at(10), checks)).toHaveProperty('id');
    await s.attempts.removeFailure((first as { id: string }).id);
    expect(await s.attempts.countFailuresSince(attempt, at(0))).toBe(2);
    expect(await s.attempts.oldestFailureSince(attempt, at(0))).toEqual(at(2));
  });
}
