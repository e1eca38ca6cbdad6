import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeSecretHasher, fakeSessionTokens, fixedClock, immediateUnitOfWork, InMemoryLoginAttemptLog, InMemoryOrganizationRepository,
  InMemoryProfessionalRepository, InMemoryPublicRequestLog, InMemorySessionRepository, InMemoryMembershipRepository, plainTextHasher, sequentialIds,
} from '../../testing/in-memory-account-adapters';
import { Authenticate } from './authenticate';
import { ChangePassword } from './change-password';
import { LogIn } from './log-in';
import { LogInWithGoogle } from './log-in-with-google';
import { LogOut } from './log-out';
import { ManageProfile } from './manage-profile';
import { OpenSession } from './open-session';
import { RegisterProfessional } from './register-professional';
import { SubmitPublicRequest } from './submit-public-request';

const origin = { ip: '10.0.0.1', userAgent: 'vitest' };
const registration = { name: 'Ana', email: 'ana@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Fonoaudiologo', crfa: '1234', crfaRegion: '2' };

function world() {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const ids = sequentialIds();
  const orgs = new InMemoryOrganizationRepository();
  const pros = new InMemoryProfessionalRepository(orgs);
  const sessions = new InMemorySessionRepository();
  const members = new InMemoryMembershipRepository(orgs, pros, sessions);
  const tokens = fakeSessionTokens(clock);
  const open = new OpenSession(sessions, members, tokens, ids, clock);
  const attempts = new InMemoryLoginAttemptLog();
  const google = { clientId: 'client', verify: async (c: string) => (c === 'good' ? { ok: true as const, identity: { subject: 'g-1', email: 'GG@x.com', emailVerified: true, name: 'Gabi' } } : { ok: false as const, reason: 'bad' }) };
  return {
    clock, orgs, pros, sessions,
    register: new RegisterProfessional(pros, orgs, members, plainTextHasher, open, immediateUnitOfWork, ids, clock, attempts),
    logIn: new LogIn(pros, plainTextHasher, attempts, open, clock),
    google: new LogInWithGoogle(google, pros, orgs, members, open, immediateUnitOfWork, ids, clock),
    authenticate: new Authenticate(tokens, members, clock),
    logOut: new LogOut(sessions, clock),
    changePassword: new ChangePassword(pros, sessions, plainTextHasher, immediateUnitOfWork, clock, attempts),
    profile: new ManageProfile(pros, orgs, members, clock),
    publicRequests: new SubmitPublicRequest(new InMemoryPublicRequestLog(), ids, clock, attempts, fakeSecretHasher()),
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => (w = world()));

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};

describe('attempt limits (issue 15, ASVS level 2)', () => {
  const at = (ip: string) => ({ ...origin, ip });
  const wrongLogin = (email: string, ip: string) => w.logIn.execute({ email, password: 'errada-123', rememberMe: false }, at(ip));

  it('limits login per address across e-mails (a spray) and per account across addresses', async () => {
    for (let i = 0; i < 30; i++) await wrongLogin(`alvo${i}@x.com`, '10.9.9.9');
    const sprayed = await wrongLogin('mais-um@x.com', '10.9.9.9');
    expect(sprayed).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED', retryAfterSeconds: 900 } });
    ok(await w.register.execute(registration, origin));
    for (let i = 0; i < 10; i++) await wrongLogin('ana@x.com', `10.1.0.${i}`);
    const guessed = await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, at('10.2.0.1'));
    expect(guessed).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
  });

  it('limits registration per e-mail (probing who is registered) and per address', async () => {
    ok(await w.register.execute(registration, origin));
    for (let i = 0; i < 4; i++) expect(await w.register.execute(registration, at(`10.3.0.${i}`))).toMatchObject({ ok: false, error: { code: 'ACCOUNT.EMAIL_ALREADY_REGISTERED' } });
    const probed = await w.register.execute(registration, at('10.3.1.1'));
    expect(probed).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED', message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' } });
    for (let i = 0; i < 30; i++) await w.register.execute({ ...registration, email: `novo${i}@x.com` }, at('10.4.0.1'));
    expect(await w.register.execute({ ...registration, email: 'mais@x.com' }, at('10.4.0.1'))).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
    expect((await w.register.execute({ ...registration, email: 'mais@x.com' }, at('10.4.0.2'))).ok).toBe(true);
  });

  it('limits guessing the current password on change, and refuses reusing it', async () => {
    const s = ok(await w.register.execute(registration, origin));
    const auth = ok(await w.authenticate.execute(s.token));
    const change = (currentPassword: string, newPassword = 'Nova-senha-8') => w.changePassword.execute(auth, { currentPassword, newPassword, confirmNewPassword: newPassword }, origin);
    expect(await change('segredo1', 'segredo1')).toMatchObject({ ok: false, error: { message: 'A nova senha deve ser diferente da senha atual' } });
    for (let i = 0; i < 5; i++) expect(await change(`chute-${i}-abc`)).toMatchObject({ ok: false, error: { code: 'ACCOUNT.INVALID_CURRENT_PASSWORD' } });
    expect(await change('segredo1')).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
  });

  it('limits each public form per e-mail and per address', async () => {
    const contact = (email: string, ip: string) => w.publicRequests.contact({ name: 'Ana', email, subject: 'vendas', message: 'Olá' }, at(ip));
    for (let i = 0; i < 3; i++) ok(await contact('ana@x.com', `10.5.0.${i}`));
    expect(await contact('ana@x.com', '10.5.1.1')).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
    for (let i = 0; i < 5; i++) ok(await contact(`p${i}@x.com`, '10.6.0.1'));
    expect(await contact('outra@x.com', '10.6.0.1')).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
  });
});

describe('registration and sessions', () => {
  it('creates the organisation and a 12-hour session', async () => {
    const s = ok(await w.register.execute(registration, origin));
    expect(w.orgs.rows.size).toBe(1);
    expect(s.professional).toMatchObject({ organizationName: 'Clínica de Ana', professionalType: 'Fonoaudiologo', crfa: '1234', crfaRegion: '2' });
    expect(s.expiresAt.getTime() - w.clock.now().getTime()).toBe(12 * 3600_000);
    expect(ok(await w.authenticate.execute(s.token))).toMatchObject({ userId: s.professional.id, organizationId: s.professional.organizationId });
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    ok(await w.register.execute(registration, origin));
    const again = await w.register.execute({ ...registration, email: 'ANA@x.com' }, origin);
    expect(again).toMatchObject({ ok: false, error: { code: 'ACCOUNT.EMAIL_ALREADY_REGISTERED' } });
  });

  it('remember-me gives 30 days; the token dies with the session (logout) and at expiry', async () => {
    ok(await w.register.execute(registration, origin));
    const s = ok(await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: true }, origin));
    expect(s.expiresAt.getTime() - w.clock.now().getTime()).toBe(30 * 24 * 3600_000);
    const other = ok(await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin));
    await w.logOut.execute(ok(await w.authenticate.execute(s.token)));
    expect((await w.authenticate.execute(s.token)).ok).toBe(false);
    expect((await w.authenticate.execute(other.token)).ok).toBe(true);
    w.clock.advance(12 * 3600_000);
    expect((await w.authenticate.execute(other.token)).ok).toBe(false);
  });
});

describe('login', () => {
  beforeEach(async () => void ok(await w.register.execute(registration, origin)));

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await w.logIn.execute({ email: 'nobody@x.com', password: 'segredo1', rememberMe: false }, origin);
    const wrong = await w.logIn.execute({ email: 'ana@x.com', password: 'errada', rememberMe: false }, origin);
    expect(unknown).toEqual(wrong);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'AUTH.INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos' } });
  });

  it('asks for both fields first', async () => {
    expect(await w.logIn.execute({ email: '', password: 'x', rememberMe: false }, origin)).toMatchObject({ ok: false, error: { message: 'Por favor, preencha todos os campos' } });
  });

  it('limits to 5 failures per e-mail + IP per 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 5; i++) await w.logIn.execute({ email: 'ana@x.com', password: 'errada', rememberMe: false }, origin);
    const blocked = await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin);
    expect(blocked).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED', retryAfterSeconds: 900 } });
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, { ...origin, ip: '10.0.0.2' })).ok).toBe(true);
    w.clock.advance(15 * 60_000);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin)).ok).toBe(true);
  });

  it('4 failures do not block (boundary)', async () => {
    for (let i = 0; i < 4; i++) await w.logIn.execute({ email: 'ana@x.com', password: 'errada', rememberMe: false }, origin);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin)).ok).toBe(true);
  });
});

describe('password change', () => {
  it('checks the current password, then ends every other session but the caller', async () => {
    const first = ok(await w.register.execute(registration, origin));
    const second = ok(await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin));
    const auth = ok(await w.authenticate.execute(second.token));
    expect(await w.changePassword.execute(auth, { currentPassword: 'errada', newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-8' }, origin))
      .toMatchObject({ ok: false, error: { message: 'Senha atual incorreta' } });
    expect(ok(await w.changePassword.execute(auth, { currentPassword: 'segredo1', newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-8' }, origin))).toEqual({ endedSessions: 1 });
    expect((await w.authenticate.execute(first.token)).ok).toBe(false);
    expect((await w.authenticate.execute(second.token)).ok).toBe(true);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin)).ok).toBe(false);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'Nova-senha-8', rememberMe: false }, origin)).ok).toBe(true);
  });
});

describe('profile', () => {
  it('completes the profile of the caller only; another id is not found', async () => {
    const s = ok(await w.register.execute({ ...registration, professionalType: 'Medico', crm: '1111', crmState: 'SP' }, origin));
    const auth = ok(await w.authenticate.execute(s.token));
    expect(await w.profile.complete(auth, 'someone-else', { crm: '1234', crmState: 'SP', specialization: 'Audiologia' })).toMatchObject({ ok: false, error: { code: 'USER.NOT_FOUND' } });
    const done = ok(await w.profile.complete(auth, s.professional.id, { crm: '4321', crmState: 'RJ', specialization: 'Medicina do Trabalho' }));
    expect(done).toMatchObject({ crm: '4321', crmState: 'RJ', specialization: 'Medicina do Trabalho' });
  });

  it('changing the type drops the old registry', async () => {
    const s = ok(await w.register.execute(registration, origin));
    const auth = ok(await w.authenticate.execute(s.token));
    const p = ok(await w.profile.update(auth, { name: 'Ana', email: 'ana@x.com', professionalType: 'EngenheiroTrabalho', crea: '999', creaState: 'BA' }));
    expect(p).toMatchObject({ professionalType: 'Engenheiro', crea: '999', creaState: 'BA', crfa: null, crfaRegion: null });
  });
});

describe('Google sign-in', () => {
  it('creates an account (no type yet) for a new verified e-mail, then signs the same person in', async () => {
    const first = ok(await w.google.execute('good', false, origin));
    expect(first.professional).toMatchObject({ email: 'gg@x.com', professionalType: null, googleSubject: 'g-1', passwordHash: null });
    const again = ok(await w.google.execute('good', true, origin));
    expect(again.professional.id).toBe(first.professional.id);
    expect(await w.google.execute('forged', false, origin)).toMatchObject({ ok: false, error: { code: 'AUTH.GOOGLE_REJECTED' } });
  });
});

describe('public site requests', () => {
  it('stores a contact message and limits to 5 per IP per hour', async () => {
    const msg = { name: 'Rui', email: 'rui@x.com', subject: 'suporte', message: 'Olá' };
    for (let i = 0; i < 5; i++) expect((await w.publicRequests.contact({ ...msg, email: `rui${i}@x.com` }, origin)).ok).toBe(true);
    expect(await w.publicRequests.contact(msg, origin)).toMatchObject({ ok: false, error: { code: 'AUTH.RATE_LIMITED' } });
    expect(await w.publicRequests.contact({ ...msg, subject: 'spam' }, { ...origin, ip: 'x' })).toMatchObject({ ok: false, error: { code: 'ACCOUNT.INVALID' } });
  });
});
