import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startClockedServer, movableClock, type ClockedServer } from '../support/clocked-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 18: members, invitations, roles, deactivation and organisations per login, through the real
 * API on a real PostgreSQL.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const tokenOf = (acceptPath: string) => new URLSearchParams(acceptPath.split('#')[1]).get('token')!;

async function invite(admin: Account, email: string, roles: string[]) {
  const res = await t.request('/api/team/invitations', json({ email, roles }, admin.token));
  const body = await res.json();
  return { res, body, token: res.status === 201 ? tokenOf(body.acceptPath) : '' };
}

const newAccount = (token: string, over: Record<string, unknown> = {}) => json({
  mode: 'new', token, name: 'Técnica Joana Lima', password: 'segredo1', confirmPassword: 'segredo1', professionalType: '', ...over,
});

describe('founders and migration', () => {
  it('the registering professional is administrator and professional of the new organisation', async () => {
    const a = await registerAccount(t);
    const me = await (await t.request('/api/auth/me', bearer(a.token))).json();
    expect(me.roles).toEqual(['administrador', 'medico']);
    expect(me.permissions).toEqual(['team.manage', 'workers.write', 'exams.write', 'exams.designate-reference', 'laudo.draft', 'laudo.finalize', 'dashboards.export', 'records.delete', 'programme.manage', 'audit.read', 'privacy.manage']); // every action: a solo physician keeps doing everything
    expect(me.organizations).toEqual([{ organizationId: a.user.organizationId, organizationName: me.organizationName, roles: ['administrador', 'medico'] }]);
    const fono = await registerAccount(t, { professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' });
    expect(fono.user).toMatchObject({ roles: ['administrador', 'fonoaudiologo'] });
  });
});

describe('invitations', () => {
  it('are single-use links shown once; accepting creates the account with the invited e-mail and roles', async () => {
    const admin = await registerAccount(t);
    const email = `tecnica.${Date.now()}@clinica.com.br`;
    const { res, body, token } = await invite(admin, `  ${email.toUpperCase()} `, ['tecnico']);
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ invitation: { email, roles: ['tecnico'] }, emailSent: false });
    expect(body.link).toBe(`/convite#token=${token}`);
    const stored = await t.database.orm.em.getConnection().execute('select token_hash from invitation where id = ?', [body.invitation.id]);
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await (await t.request('/api/team/invitations', bearer(admin.token))).json();
    expect(listed.invitations).toEqual([expect.objectContaining({ id: body.invitation.id, email, roles: ['tecnico'], invitedByName: admin.user.name })]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const preview = await (await t.request('/api/invitations/check', json({ token }))).json();
    expect(preview).toMatchObject({ email, roles: ['tecnico'], accountExists: false, requiredType: null, invitedByName: admin.user.name });

    const accepted = await t.request('/api/invitations/accept', newAccount(token, { email: 'outro@x.com' }));
    const session = await accepted.json();
    expect(accepted.status, JSON.stringify(session)).toBe(200);
    expect(session.user).toMatchObject({ email, organizationId: admin.user.organizationId, roles: ['tecnico'], professionalType: null });
    expect(session.user.permissions).toEqual(['workers.write', 'exams.write']);

    const again = await t.request('/api/invitations/accept', newAccount(token, { name: 'Outra Pessoa' }));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/Convite inválido, expirado, revogado ou já utilizado/);
    expect((await t.request('/api/invitations/check', json({ token }))).status).toBe(400);
    expect((await (await t.request('/api/team/invitations', bearer(admin.token))).json()).invitations).toEqual([]);

    const members = (await (await t.request('/api/team/members', bearer(admin.token))).json()).members;
    // active members by name: "Profissional …" (the founder) before "Técnica Joana Lima"
    expect(members.map((m: { email: string; roles: string[]; status: string }) => [m.email, m.roles, m.status])).toEqual(
      [[admin.email, ['administrador', 'medico'], 'ativo'], [email, ['tecnico'], 'ativo']],
    );
  });

  it('a physician invitation needs the CRM of the register form; a bad form leaves the invitation usable', async () => {
    const admin = await registerAccount(t);
    const { token } = await invite(admin, `medica.${Date.now()}@clinica.com.br`, ['medico']);
    const preview = await (await t.request('/api/invitations/check', json({ token }))).json();
    expect(preview.requiredType).toBe('Medico');
    const noType = await t.request('/api/invitations/accept', newAccount(token, { name: 'Dra. Ana' }));
    expect(noType.status).toBe(400);
    const wrongType = await t.request('/api/invitations/accept', newAccount(token, { name: 'Dra. Ana', professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/exige o tipo profissional Médico/);
    const weak = await t.request('/api/invitations/accept', newAccount(token, { name: 'Dra. Ana', professionalType: 'Medico', crm: '1234', crmState: 'SP', password: '123', confirmPassword: '123' }));
    expect(weak.status).toBe(400);
    const ok = await t.request('/api/invitations/accept', newAccount(token, { name: 'Dra. Ana', professionalType: 'Medico', crm: '1234', crmState: 'SP' }));
    expect(ok.status).toBe(200);
    expect((await ok.json()).user).toMatchObject({ roles: ['medico'], crm: '1234', professionalType: 'Medico' });
  });

  it('refuses bad e-mails, unknown roles, two professional roles and an active member', async () => {
    const admin = await registerAccount(t);
    expect((await invite(admin, 'não-é-email', ['tecnico'])).res.status).toBe(400);
    expect((await invite(admin, 'x@clinica.com.br', [])).res.status).toBe(400);
    expect((await invite(admin, 'x@clinica.com.br', ['dono'])).res.status).toBe(400);
    const two = await invite(admin, 'x@clinica.com.br', ['medico', 'tecnico']);
    expect(two.res.status).toBe(400);
    expect(two.body.message).toBe('Escolha um único papel profissional (além de administrador).');
    const self = await invite(admin, admin.email, ['tecnico']);
    expect(self.res.status).toBe(409);
    expect(self.body.message).toBe('Este e-mail já é de um membro ativo desta organização.');
  });

  it('a revoked invitation cannot be used; only administrators see or make invitations', async () => {
    const admin = await registerAccount(t);
    const { body, token } = await invite(admin, `r.${Date.now()}@clinica.com.br`, ['tecnico']);
    expect((await t.request(`/api/team/invitations/${body.invitation.id}`, bearer(admin.token, 'DELETE'))).status).toBe(204);
    expect((await t.request(`/api/team/invitations/${body.invitation.id}`, bearer(admin.token, 'DELETE'))).status).toBe(404);
    expect((await t.request('/api/invitations/accept', newAccount(token))).status).toBe(400);
    const tech = await inviteMember(t, admin, ['tecnico']);
    for (const [path, init] of [
      ['/api/team/members', bearer(tech.token)],
      ['/api/team/invitations', bearer(tech.token)],
      ['/api/team/invitations', json({ email: 'y@clinica.com.br', roles: ['medico'] }, tech.token)],
      [`/api/team/members/${tech.memberId}/roles`, json({ roles: ['administrador', 'tecnico'] }, tech.token, 'PUT')],
    ] as const) {
      const res = await t.request(path, init);
      expect(res.status, path).toBe(403);
      expect((await res.json()).message).toMatch(/^Seu papel nesta organização não permite gerenciar a equipe/);
    }
  });
});

describe('an invited fonoaudiólogo completes her profile', () => {
  it('with the CRFa, its region and the specialization — never a CRM', async () => {
    const admin = await registerAccount(t);
    const fono = await inviteMember(t, admin, ['fonoaudiologo']);
    expect(fono.user).toMatchObject({ professionalType: 'Fonoaudiologo', profileCompleted: false });
    const complete = (body: Record<string, unknown>) => t.request(`/api/users/me/profile?userId=${fono.user.id}`, json(body, fono.token, 'PUT'));
    const noRegion = await complete({ Crm: '', CrmState: '', Crfa: '12345', CrfaRegion: '', Specialization: 'Audiologia' });
    expect(noRegion.status).toBe(400);
    const badRegion = await complete({ Crm: '', CrmState: '', Crfa: '12345', CrfaRegion: '9', Specialization: 'Audiologia' });
    expect(badRegion.status).toBe(400);
    // a body that is not the completion's shape is a 400 in pt-BR, never a 500 (found by the fuzz sweep)
    for (const body of [{ Crm: '1234', CrmState: null, Specialization: 'Audiologia' }, { Crm: '1234', CrmState: 'SP', Specialization: 'x'.repeat(100) }]) {
      const bad = await complete(body);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBeTruthy();
    }
    const done = await complete({ Crm: '', CrmState: '', Crfa: '54321', CrfaRegion: '3', Specialization: 'Audiologia' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ professionalType: 'Fonoaudiologo', crfa: '54321', crfaRegion: '3', crm: null, specialization: 'Audiologia', profileCompleted: true, roles: ['fonoaudiologo'] });
  });
});

describe('members', () => {
  it('deactivation refuses the open session at once and the next login; reactivation restores access; records stay attributed', async () => {
    const admin = await registerAccount(t);
    const tech = await inviteMember(t, admin, ['tecnico']);
    const worker = await t.request('/api/patients', json({ name: 'José da Silva', age: 40, sex: 'M' }, tech.token));
    expect(worker.status).toBe(201);
    const workerId = (await worker.json()).id;
    const off = await t.request(`/api/team/members/${tech.memberId}/deactivate`, json({}, admin.token));
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ status: 'desativado', deactivatedAt: expect.any(String) });
    expect((await t.request('/api/patients', bearer(tech.token))).status).toBe(401);
    const sessions = await t.database.orm.em.getConnection().execute('select count(*)::int as n from session where user_id = ? and revoked_at is null', [tech.user.id]);
    expect(sessions[0].n).toBe(0);
    const login = await t.request('/api/auth/login', json({ email: tech.email, password: tech.password, rememberMe: false }));
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe('Sua conta não está ativa em nenhuma organização. Fale com o administrador da equipe.');
    expect((await t.request(`/api/patients/${workerId}`, bearer(admin.token))).status).toBe(200);
    const members = (await (await t.request('/api/team/members', bearer(admin.token))).json()).members;
    expect(members.at(-1)).toMatchObject({ email: tech.email, status: 'desativado' });

    expect((await t.request(`/api/team/members/${tech.memberId}/reactivate`, json({}, admin.token))).status).toBe(200);
    expect((await t.request('/api/auth/login', json({ email: tech.email, password: tech.password, rememberMe: false }))).status).toBe(200);
  });

  it('always keeps one active administrator, even when two administrators step down at once', async () => {
    const admin = await registerAccount(t);
    const me = (await (await t.request('/api/auth/me', bearer(admin.token))).json()).memberId;
    const alone = await t.request(`/api/team/members/${me}/roles`, json({ roles: ['medico'] }, admin.token, 'PUT'));
    expect(alone.status).toBe(409);
    expect((await alone.json()).message).toBe('A organização precisa de ao menos um administrador ativo. Torne outro membro administrador antes.');
    expect((await t.request(`/api/team/members/${me}/deactivate`, json({}, admin.token))).status).toBe(409);

    const second = await inviteMember(t, admin, ['administrador', 'medico']);
    const [a, b] = await Promise.all([
      t.request(`/api/team/members/${me}/roles`, json({ roles: ['medico'] }, admin.token, 'PUT')),
      t.request(`/api/team/members/${second.memberId}/roles`, json({ roles: ['medico'] }, second.token, 'PUT')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const rows = await t.database.orm.em.getConnection().execute(
      "select count(*)::int as n from membership where organization_id = ? and status = 'ativo' and 'administrador' = any(roles)", [admin.user.organizationId]);
    expect(rows[0].n).toBe(1);
  });

  it('changing roles takes effect on the next request of an open session', async () => {
    const admin = await registerAccount(t);
    const fono = await inviteMember(t, admin, ['fonoaudiologo']);
    expect((await t.request('/api/team/members', bearer(fono.token))).status).toBe(403);
    const changed = await t.request(`/api/team/members/${fono.memberId}/roles`, json({ roles: ['administrador', 'fonoaudiologo'] }, admin.token, 'PUT'));
    expect(await changed.json()).toMatchObject({ roles: ['administrador', 'fonoaudiologo'] });
    expect((await t.request('/api/team/members', bearer(fono.token))).status).toBe(200);
    const asMedico = await t.request(`/api/team/members/${fono.memberId}/roles`, json({ roles: ['medico'] }, admin.token, 'PUT'));
    expect(asMedico.status).toBe(400);
    expect((await asMedico.json()).message).toMatch(/exige o tipo profissional Médico/);
  });

  it('archiving a worker (its "deletion") records who did it; restoring clears it', async () => {
    const admin = await registerAccount(t, { name: 'Dra. Rosa Lima' });
    const worker = await (await t.request('/api/patients', json({ name: 'Joaquim Prates', age: 50, sex: 'M' }, admin.token))).json();
    expect(worker.archivedBy).toBeNull();
    const archived = await t.request(`/api/patients/${worker.id}`, bearer(admin.token, 'DELETE'));
    expect(archived.status).toBe(204);
    const read = await (await t.request(`/api/patients/${worker.id}`, bearer(admin.token))).json();
    expect(read.archivedBy).toEqual({ memberId: (admin.user as { memberId?: string }).memberId, name: 'Dra. Rosa Lima', registry: 'CRM 123456/SP', at: read.archivedAt });
    expect((await t.request(`/api/patients/${worker.id}/restore`, json({}, admin.token))).status).toBe(200);
    expect((await (await t.request(`/api/patients/${worker.id}`, bearer(admin.token))).json()).archivedBy).toBeNull();
  });

  it('a member of another organisation is not found', async () => {
    const [a, b] = [await registerAccount(t), await registerAccount(t)];
    const tech = await inviteMember(t, a, ['tecnico']);
    expect((await t.request(`/api/team/members/${tech.memberId}/deactivate`, json({}, b.token))).status).toBe(404);
    expect((await t.request(`/api/team/members/${tech.memberId}/roles`, json({ roles: ['tecnico'] }, b.token, 'PUT'))).status).toBe(404);
    const { body } = await invite(a, `z.${Date.now()}@clinica.com.br`, ['tecnico']);
    expect((await t.request(`/api/team/invitations/${body.invitation.id}`, bearer(b.token, 'DELETE'))).status).toBe(404);
  });
});

describe('one login, several organisations', () => {
  it('an existing account accepts with its password, picks the organisation, switches, and sees only that organisation', async () => {
    const [clinicA, clinicB] = [await registerAccount(t), await registerAccount(t)];
    const doctor = await inviteMember(t, clinicA, ['medico']);
    const workerA = await (await t.request('/api/patients', json({ name: 'Trabalhador da Clínica A', age: 30, sex: 'F' }, clinicA.token))).json();
    const { token } = await invite(clinicB, doctor.email, ['medico']);
    expect((await (await t.request('/api/invitations/check', json({ token }))).json()).accountExists).toBe(true);
    const wrong = await t.request('/api/invitations/accept', json({ mode: 'existing', token, password: 'errada123' }));
    expect(wrong.status).toBe(401);
    const accepted = await t.request('/api/invitations/accept', json({ mode: 'existing', token, password: doctor.password }));
    const session = await accepted.json();
    expect(accepted.status).toBe(200);
    expect(session.user.organizationId).toBe(clinicB.user.organizationId);
    expect(session.user.organizations.map((o: { organizationId: string }) => o.organizationId).sort()).toEqual([clinicA.user.organizationId, clinicB.user.organizationId].sort());

    // the session carries clinic B: clinic A's worker is a 404 there
    expect((await t.request(`/api/patients/${workerA.id}`, bearer(session.token))).status).toBe(404);
    const switched = await t.request('/api/auth/switch-organization', json({ organizationId: clinicA.user.organizationId }, session.token));
    expect(switched.status).toBe(200);
    expect((await switched.json())).toMatchObject({ organizationId: clinicA.user.organizationId, roles: ['medico'] });
    expect((await t.request(`/api/patients/${workerA.id}`, bearer(session.token))).status).toBe(200);

    // the next login starts in the last organisation used
    const login = await (await t.request('/api/auth/login', json({ email: doctor.email, password: doctor.password, rememberMe: false }))).json();
    expect(login.user.organizationId).toBe(clinicA.user.organizationId);
    expect(login.user.organizations).toHaveLength(2);

    // an organisation the login does not belong to is a 404, like any other tenant's record
    const stranger = await registerAccount(t);
    expect((await t.request('/api/auth/switch-organization', json({ organizationId: stranger.user.organizationId }, session.token))).status).toBe(404);

    // deactivated in A only: the login still works, in B
    const memberInA = (await (await t.request('/api/team/members', bearer(clinicA.token))).json()).members.find((m: { email: string }) => m.email === doctor.email);
    await t.request(`/api/team/members/${memberInA.id}/deactivate`, json({}, clinicA.token));
    expect((await t.request('/api/auth/me', bearer(session.token))).status).toBe(401);
    const again = await (await t.request('/api/auth/login', json({ email: doctor.email, password: doctor.password, rememberMe: false }))).json();
    expect(again.user).toMatchObject({ organizationId: clinicB.user.organizationId, organizations: [expect.objectContaining({ organizationId: clinicB.user.organizationId })] });
    expect((await t.request('/api/auth/switch-organization', json({ organizationId: clinicA.user.organizationId }, again.token))).status).toBe(403);
  });

  it('an open session of the invited account accepts without the password; another account cannot', async () => {
    const [clinicA, clinicB] = [await registerAccount(t), await registerAccount(t)];
    const { token } = await invite(clinicB, clinicA.email, ['administrador', 'medico']);
    const other = await registerAccount(t);
    expect((await t.request('/api/invitations/accept', json({ mode: 'session', token }, other.token))).status).toBe(401);
    const res = await t.request('/api/invitations/accept', json({ mode: 'session', token }, clinicA.token));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ organizationId: clinicB.user.organizationId, roles: ['administrador', 'medico'] });
  });
});

describe('invitation expiry', () => {
  let c: ClockedServer;
  const clock = movableClock();
  beforeAll(async () => {
    c = await startClockedServer(clock);
  });
  afterAll(() => c?.close());

  it('a link is valid for 7 days', async () => {
    const reg = await c.request('/api/auth/register', json({ name: 'Dra. Clara', email: `clara.${Date.now()}@x.com`, password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' }));
    const admin = await reg.json();
    const mk = async () => tokenOf((await (await c.request('/api/team/invitations', json({ email: `t${Math.random()}@x.com`, roles: ['tecnico'] }, admin.token))).json()).acceptPath);
    const [early, late] = [await mk(), await mk()];
    clock.advance(7 * 24 * 3600_000 - 60_000);
    expect((await c.request('/api/invitations/check', json({ token: early }))).status).toBe(200);
    expect((await c.request('/api/invitations/accept', newAccount(early))).status).toBe(200);
    clock.advance(120_000);
    expect((await c.request('/api/invitations/check', json({ token: late }))).status).toBe(400);
    expect((await c.request('/api/invitations/accept', newAccount(late))).status).toBe(400);
  });
});
