import { beforeEach, expect, it } from 'vitest';
import type {
  Invitation, InvitationRepository, Membership, MembershipRepository, OrganizationRepository, ProfessionalRepository, SessionRepository,
} from '../../core/src';
import { aProfessional } from './account-repositories.contract';

export interface TeamStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  sessions: SessionRepository;
  memberships: MembershipRepository;
  invitations: InvitationRepository;
}

let n = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
const t0 = new Date('2026-11-25T12:00:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

const aMembership = (organizationId: string, userId: string, over: Partial<Membership> = {}): Membership => ({
  id: uuid(), organizationId, userId, roles: ['tecnico'], status: 'ativo', createdAt: t0, invitedBy: null, deactivatedAt: null, lastAccessAt: null, ...over,
});

const anInvitation = (organizationId: string, invitedBy: string, over: Partial<Invitation> = {}): Invitation => ({
  id: uuid(), organizationId, email: `convite${n}@x.com`, roles: ['medico'], tokenHash: `hash-${n}-${Math.random()}`, invitedBy,
  createdAt: t0, expiresAt: later(7 * 86_400_000), acceptedAt: null, acceptedBy: null, revokedAt: null, ...over,
});

/** Memberships, invitations and member sessions (issue 18): the in-memory and the PostgreSQL adapters run this suite. */
export function teamRepositoriesContract(make: () => Promise<TeamStores>) {
  let s: TeamStores;
  let orgA: string;
  let orgB: string;
  beforeEach(async () => {
    s = await make();
    [orgA, orgB] = [uuid(), uuid()];
    await s.organizations.insert({ id: orgA, name: 'Clínica Ouvir', createdAt: t0 });
    await s.organizations.insert({ id: orgB, name: 'Audiomed', createdAt: t0 });
  });

  async function professional(name: string, orgId = orgA) {
    const p = aProfessional(orgId, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}${++n}@x.com` });
    await s.professionals.insert(p);
    return p;
  }

  it('stores a membership once per login and organisation, and finds it only in its organisation', async () => {
    const ana = await professional('Ana');
    const m = aMembership(orgA, ana.id, { roles: ['administrador', 'medico'] });
    expect(await s.memberships.insert(m)).toBe('inserted');
    expect(await s.memberships.insert({ ...m, id: uuid() })).toBe('duplicate');
    expect(await s.memberships.findById(orgA, m.id)).toEqual(m);
    expect(await s.memberships.findFor(orgA, ana.id)).toEqual(m);
    expect(await s.memberships.findById(orgB, m.id)).toBeUndefined();
    expect(await s.memberships.findFor(orgB, ana.id)).toBeUndefined();
    expect(await s.memberships.findById(orgA, 'not-a-uuid')).toBeUndefined();
  });

  it('updates roles and status; lists members active first then by name, with registry', async () => {
    const [bia, caio, ana] = [await professional('Bia'), await professional('Caio'), await professional('Ana')];
    const mb = aMembership(orgA, bia.id);
    await s.memberships.insert(mb);
    await s.memberships.insert(aMembership(orgA, caio.id));
    await s.memberships.insert(aMembership(orgA, ana.id, { roles: ['administrador', 'medico'] }));
    await s.memberships.update({ ...mb, status: 'desativado', deactivatedAt: later(1000), roles: ['fonoaudiologo'] });
    const list = await s.memberships.listMembers(orgA);
    expect(list.map((m) => [m.name, m.status, m.roles])).toEqual([
      ['Ana', 'ativo', ['administrador', 'medico']], ['Caio', 'ativo', ['tecnico']], ['Bia', 'desativado', ['fonoaudiologo']],
    ]);
    expect(list[0]).toMatchObject({ email: ana.email, professionalType: 'Medico', registry: 'CRM 1234/SP' });
    expect(list[2].deactivatedAt).toEqual(later(1000));
    expect(await s.memberships.listMembers(orgB)).toEqual([]);
  });

  it("lists a login's active organisations by name and counts active administrators", async () => {
    const ana = await professional('Ana');
    const bia = await professional('Bia');
    await s.memberships.insert(aMembership(orgA, ana.id, { roles: ['administrador', 'medico'] }));
    await s.memberships.insert(aMembership(orgB, ana.id, { roles: ['medico'] }));
    const biaInA = aMembership(orgA, bia.id, { roles: ['administrador'] });
    await s.memberships.insert(biaInA);
    expect((await s.memberships.listActiveForUser(ana.id)).map((o) => [o.organizationName, o.roles])).toEqual([
      ['Audiomed', ['medico']], ['Clínica Ouvir', ['administrador', 'medico']],
    ]);
    expect(await s.memberships.countActiveAdministrators(orgA)).toBe(2);
    await s.memberships.update({ ...biaInA, status: 'desativado', deactivatedAt: t0 });
    expect(await s.memberships.countActiveAdministrators(orgA)).toBe(1);
    expect(await s.memberships.listActiveForUser(bia.id)).toEqual([]);
    expect(await s.memberships.countActiveAdministrators(orgB)).toBe(0);
  });

  it('records the last access, never moving it back', async () => {
    const ana = await professional('Ana');
    const m = aMembership(orgA, ana.id);
    await s.memberships.insert(m);
    await s.memberships.touch(m.id, later(5000));
    await s.memberships.touch(m.id, later(1000));
    expect((await s.memberships.findById(orgA, m.id))?.lastAccessAt).toEqual(later(5000));
  });

  it("revokes a member's sessions in one organisation only, and moves a session to another organisation", async () => {
    const ana = await professional('Ana');
    const session = (id: string, organizationId: string) => ({ id, userId: ana.id, organizationId, createdAt: t0, expiresAt: later(3600_000), revokedAt: null, userAgent: null, ip: null });
    const [a1, a2, b1] = [uuid(), uuid(), uuid()];
    await s.sessions.insert(session(a1, orgA));
    await s.sessions.insert(session(a2, orgA));
    await s.sessions.insert(session(b1, orgB));
    expect(await s.sessions.revokeAllForMember(ana.id, orgA, later(10))).toBe(2);
    expect(await s.sessions.findActive(a1, later(20))).toBeUndefined();
    expect(await s.sessions.findActive(b1, later(20))).toMatchObject({ organizationId: orgB });
    await s.sessions.switchOrganization(b1, orgA);
    expect(await s.sessions.findActive(b1, later(20))).toMatchObject({ organizationId: orgA });
  });

  it("reads an active session with its login's membership in the session's organisation, whatever the membership's status", async () => {
    const [ana, bia] = [await professional('Ana'), await professional('Bia')];
    const session = (id: string, userId: string, organizationId: string, over = {}) => ({
      id, userId, organizationId, createdAt: t0, expiresAt: later(3600_000), revokedAt: null, userAgent: 'Firefox', ip: '10.0.0.1', ...over,
    });
    const inA = aMembership(orgA, ana.id, { roles: ['medico', 'administrador'], lastAccessAt: later(5) });
    const inB = aMembership(orgB, ana.id, { status: 'desativado', deactivatedAt: later(7) });
    await s.memberships.insert(inA);
    await s.memberships.insert(inB);
    const [a, b, none, revoked, expired] = [uuid(), uuid(), uuid(), uuid(), uuid()];
    await s.sessions.insert(session(a, ana.id, orgA));
    await s.sessions.insert(session(b, ana.id, orgB));
    await s.sessions.insert(session(none, bia.id, orgA)); // Bia has no membership anywhere
    await s.sessions.insert(session(revoked, ana.id, orgA, { revokedAt: later(1) }));
    await s.sessions.insert(session(expired, ana.id, orgA, { expiresAt: later(10) }));
    const now = later(20);
    expect(await s.memberships.findForActiveSession(a, now)).toEqual({ session: await s.sessions.findActive(a, now), membership: await s.memberships.findFor(orgA, ana.id) });
    expect(await s.memberships.findForActiveSession(a, now)).toEqual({ session: session(a, ana.id, orgA), membership: inA });
    expect(await s.memberships.findForActiveSession(b, now)).toEqual({ session: session(b, ana.id, orgB), membership: inB });
    expect(await s.memberships.findForActiveSession(none, now)).toEqual({ session: session(none, bia.id, orgA), membership: undefined });
    for (const id of [revoked, expired, uuid(), 'not-a-uuid']) expect(await s.memberships.findForActiveSession(id, now)).toBeUndefined();
    await s.sessions.switchOrganization(b, orgA);
    expect((await s.memberships.findForActiveSession(b, now))?.membership).toEqual(inA);
  });

  it('accepts an invitation once, only while pending and unexpired; revokes only pending ones of its organisation', async () => {
    const ana = await professional('Ana');
    const bia = await professional('Bia');
    const i = anInvitation(orgA, ana.id, { roles: ['administrador', 'tecnico'] });
    await s.invitations.insert(i);
    expect(await s.invitations.findByHash(i.tokenHash)).toEqual(i);
    expect(await s.invitations.findByHash('nope')).toBeUndefined();
    expect(await s.invitations.accept(i.id, bia.id, later(7 * 86_400_000))).toBe(false); // expired at that instant
    expect(await s.invitations.accept(i.id, bia.id, later(1000))).toBe(true);
    expect(await s.invitations.accept(i.id, bia.id, later(2000))).toBe(false);
    expect(await s.invitations.findByHash(i.tokenHash)).toMatchObject({ acceptedAt: later(1000), acceptedBy: bia.id });

    const j = anInvitation(orgA, ana.id);
    const k = anInvitation(orgA, ana.id, { createdAt: later(10) });
    const expired = anInvitation(orgA, ana.id, { expiresAt: later(100) });
    await Promise.all([j, k, expired].map((x) => s.invitations.insert(x)));
    expect((await s.invitations.listPending(orgA, later(200))).map((x) => x.id)).toEqual([k.id, j.id]);
    expect(await s.invitations.revoke(orgB, j.id, later(300))).toBe(false);
    expect(await s.invitations.revoke(orgA, j.id, later(300))).toBe(true);
    expect(await s.invitations.revoke(orgA, j.id, later(400))).toBe(false);
    expect(await s.invitations.accept(j.id, bia.id, later(500))).toBe(false);
    expect(await s.invitations.revoke(orgA, expired.id, later(500))).toBe(false);
    expect((await s.invitations.listPending(orgA, later(500))).map((x) => x.id)).toEqual([k.id]);
    expect(await s.invitations.listPending(orgB, later(500))).toEqual([]);
  });
}
