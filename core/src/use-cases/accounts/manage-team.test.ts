import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeSecretHasher, fakeSessionTokens, fixedClock, immediateUnitOfWork, InMemoryInvitationRepository, InMemoryLoginAttemptLog,
  InMemoryMailSender, InMemoryMembershipRepository, InMemoryOrganizationRepository, InMemoryProfessionalRepository,
  InMemorySessionRepository, plainTextHasher, sequentialIds,
} from '../../testing/in-memory-account-adapters';
import { AcceptInvitation, SwitchOrganization } from './accept-invitation';
import { Authenticate } from './authenticate';
import { ManageProfile } from './manage-profile';
import { ManageTeam } from './manage-team';
import { OpenSession } from './open-session';
import { RegisterProfessional } from './register-professional';
import type { AuthContext } from './session-policy';

const origin = { ip: '10.0.0.9', userAgent: 'vitest' };
const DAY = 86_400_000;

function world(withMail = false) {
  const clock = fixedClock('2026-11-25T12:00:00Z');
  const ids = sequentialIds();
  const organizations = new InMemoryOrganizationRepository();
  const professionals = new InMemoryProfessionalRepository(organizations);
  const sessions = new InMemorySessionRepository();
  const memberships = new InMemoryMembershipRepository(organizations, professionals, sessions);
  const invitations = new InMemoryInvitationRepository();
  const tokens = fakeSessionTokens(clock);
  const open = new OpenSession(sessions, memberships, tokens, ids, clock);
  const secrets = fakeSecretHasher();
  const mail = withMail ? new InMemoryMailSender() : null;
  const stores = { memberships, invitations, professionals, organizations, sessions };
  const attempts = new InMemoryLoginAttemptLog();
  return {
    clock, memberships, sessions, mail,
    register: new RegisterProfessional(professionals, organizations, memberships, plainTextHasher, open, immediateUnitOfWork, ids, clock, attempts),
    authenticate: new Authenticate(tokens, memberships, clock),
    team: new ManageTeam(stores, secrets, mail, (t) => `https://limiar.test/convite#token=${t}`, immediateUnitOfWork, ids, clock),
    accept: new AcceptInvitation(stores, plainTextHasher, secrets, open, immediateUnitOfWork, ids, clock, attempts),
    switchOrg: new SwitchOrganization(sessions, memberships, professionals, clock),
    profile: new ManageProfile(professionals, organizations, memberships, clock),
  };
}

type World = ReturnType<typeof world>;
const value = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};

async function founder(w: World, name = 'Dra. Ana', type: 'Medico' | 'Fonoaudiologo' = 'Medico') {
  const email = `${name.toLowerCase().replace(/\W+/g, '')}@clinica.com`;
  const registry = type === 'Medico' ? { crm: '1234', crmState: 'SP' } : { crfa: '12345', crfaRegion: '2' };
  const opened = value(await w.register.execute({ name, email, password: 'segredo1', confirmPassword: 'segredo1', professionalType: type, ...registry }, origin));
  return { opened, auth: value(await w.authenticate.execute(opened.token)) };
}

async function join(w: World, admin: AuthContext, email: string, roles: string[], form: Record<string, string> = {}) {
  const issued = value(await w.team.invite(admin, { email, roles }));
  const opened = value(await w.accept.accept(issued.token, { mode: 'new', name: 'Membro', password: 'segredo1', confirmPassword: 'segredo1', professionalType: '', ...form }, origin));
  return { opened, auth: value(await w.authenticate.execute(opened.token)) };
}

let w: World;
beforeEach(() => (w = world()));

describe('founding and inviting', () => {
  it('the registering professional is administrator and professional of the new organisation', async () => {
    const { opened, auth } = await founder(w);
    expect(opened.membership.roles).toEqual(['administrador', 'medico']);
    expect(auth.roles).toEqual(['administrador', 'medico']);
    expect(opened.organizations).toHaveLength(1);
  });

  it('mails the link when a mail sender is configured, and never stores the secret', async () => {
    w = world(true);
    const { auth } = await founder(w);
    const issued = value(await w.team.invite(auth, { email: 'Tec@Clinica.com ', roles: ['tecnico'] }));
    expect(issued).toMatchObject({ emailSent: true, link: `https://limiar.test/convite#token=${issued.token}` });
    expect(issued.invitation.tokenHash).not.toContain(issued.token.slice(-8) + '"');
    expect(w.mail!.sent).toEqual([expect.objectContaining({ to: 'tec@clinica.com', subject: 'Limiar — convite para a equipe de Clínica de Dra. Ana' })]);
    expect(w.mail!.sent[0].text).toContain(issued.link);
    expect(w.mail!.sent[0].text).toContain('como Técnico(a)');
  });

  it('a technician joins with no professional type and only the technician permissions', async () => {
    const { auth } = await founder(w);
    const tech = await join(w, auth, 'tec@clinica.com', ['tecnico']);
    expect(tech.opened.professional).toMatchObject({ email: 'tec@clinica.com', professionalType: null, organizationId: auth.organizationId });
    expect(tech.auth.roles).toEqual(['tecnico']);
    expect((await w.team.members(tech.auth)).ok).toBe(false);
  });

  it('expires after 7 days and works once', async () => {
    const { auth } = await founder(w);
    const issued = value(await w.team.invite(auth, { email: 'tec@clinica.com', roles: ['tecnico'] }));
    w.clock.advance(7 * DAY);
    expect((await w.accept.check(issued.token)).ok).toBe(false);
    const again = value(await w.team.invite(auth, { email: 'tec@clinica.com', roles: ['tecnico'] }));
    const form = { mode: 'new' as const, name: 'T', password: 'segredo1', confirmPassword: 'segredo1', professionalType: '' };
    expect((await w.accept.accept(again.token, form, origin)).ok).toBe(true);
    const second = await w.accept.accept(again.token, form, origin);
    expect(!second.ok && second.error.code).toBe('INVITATION.INVALID');
  });
});

describe('members', () => {
  it('deactivating revokes the member at once; the last administrator cannot step down', async () => {
    const { auth } = await founder(w);
    const tech = await join(w, auth, 'tec@clinica.com', ['tecnico']);
    value(await w.team.deactivate(auth, tech.auth.memberId));
    expect((await w.authenticate.execute(tech.opened.token)).ok).toBe(false);
    const demote = await w.team.changeRoles(auth, auth.memberId, ['medico']);
    expect(!demote.ok && demote.error.code).toBe('TEAM.LAST_ADMIN_CONFLICT');
    const leave = await w.team.deactivate(auth, auth.memberId);
    expect(!leave.ok && leave.error.code).toBe('TEAM.LAST_ADMIN_CONFLICT');
  });

  it('a role bound to a registry must match the professional type', async () => {
    const { auth } = await founder(w);
    const fono = await join(w, auth, 'fono@clinica.com', ['fonoaudiologo'], { professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' });
    const wrong = await w.team.changeRoles(auth, fono.auth.memberId, ['medico']);
    expect(!wrong.ok && wrong.error.message).toMatch(/exige o tipo profissional Médico/);
    expect(value(await w.team.changeRoles(auth, fono.auth.memberId, ['administrador', 'fonoaudiologo'])).roles).toEqual(['administrador', 'fonoaudiologo']);
  });

  it("a profile type change carries the founder's professional role along", async () => {
    const { auth } = await founder(w);
    value(await w.profile.update(auth, { name: 'Dra. Ana', professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' }));
    expect((await w.memberships.findById(auth.organizationId, auth.memberId))?.roles).toEqual(['administrador', 'fonoaudiologo']);
  });
});

describe('a member changing their own professional type', () => {
  it('cannot leave the role bound to it (a fonoaudiólogo declaring a CRM does not become médico); the administrator changes the role first', async () => {
    const { auth } = await founder(w);
    const fono = await join(w, auth, 'fono@clinica.com', ['fonoaudiologo'], { professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' });
    const refused = await w.profile.update(fono.auth, { name: 'Fga. Rita', professionalType: 'Medico', crm: '999', crmState: 'SP' });
    expect(!refused.ok && refused.error.message).toBe('Seu papel em Clínica de Dra. Ana é Fonoaudiólogo(a): peça ao administrador da equipe para alterá-lo antes de mudar o tipo profissional.');
    expect((await w.memberships.findById(auth.organizationId, fono.auth.memberId))?.roles).toEqual(['fonoaudiologo']);
    const tech = await join(w, auth, 'tec@clinica.com', ['tecnico']);
    expect((await w.profile.update(tech.auth, { name: 'Téc. Rui', professionalType: 'Medico', crm: '999', crmState: 'SP' })).ok).toBe(true);
    expect((await w.memberships.findById(auth.organizationId, tech.auth.memberId))?.roles).toEqual(['tecnico']);
  });
});

describe('several organisations', () => {
  it('an existing login joins with its password, switches, and the next session starts in the last one used', async () => {
    const a = await founder(w, 'Dra. Ana');
    const b = await founder(w, 'Dr. Beto');
    const issued = value(await w.team.invite(b.auth, { email: 'draana@clinica.com', roles: ['medico'] }));
    expect(value(await w.accept.check(issued.token)).accountExists).toBe(true);
    const wrong = await w.accept.accept(issued.token, { mode: 'existing', password: 'errada99' }, origin);
    expect(!wrong.ok && wrong.error.code).toBe('AUTH.INVALID_CREDENTIALS');
    const joined = value(await w.accept.accept(issued.token, { mode: 'existing', password: 'segredo1' }, origin));
    expect(joined.professional.organizationId).toBe(b.auth.organizationId);
    expect(joined.organizations.map((o) => o.organizationId).sort()).toEqual([a.auth.organizationId, b.auth.organizationId].sort());
    const inB = value(await w.authenticate.execute(joined.token));
    expect(inB.roles).toEqual(['medico']);
    const back = value(await w.switchOrg.execute(inB, a.auth.organizationId));
    expect(back.roles).toEqual(['administrador', 'medico']);
    expect(value(await w.authenticate.execute(joined.token)).organizationId).toBe(a.auth.organizationId);
    const stranger = await founder(w, 'Dr. Caio');
    const refused = await w.switchOrg.execute(inB, stranger.auth.organizationId);
    expect(!refused.ok && refused.error.code).toBe('ORGANIZATION.NOT_FOUND');
  });
});
