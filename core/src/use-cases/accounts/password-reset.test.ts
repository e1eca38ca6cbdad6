import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeSecretHasher, fakeSessionTokens, fixedClock, immediateUnitOfWork, InMemoryLoginAttemptLog, InMemoryMailSender,
  InMemoryOrganizationRepository, InMemoryPasswordResetTokenRepository, InMemoryProfessionalRepository, InMemorySessionRepository, InMemoryMembershipRepository,
  plainTextHasher, sequentialIds,
} from '../../testing/in-memory-account-adapters';
import { Authenticate } from './authenticate';
import { LogIn } from './log-in';
import { OpenSession } from './open-session';
import { RegisterProfessional } from './register-professional';
import { RequestPasswordReset } from './request-password-reset';
import { ResetPassword } from './reset-password';

const origin = { ip: '10.0.0.7', userAgent: 'vitest', local: true };
const registration = { name: 'Ana', email: 'ana@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' };
const HOUR = 3600_000;

function world(withMail: boolean) {
  const clock = fixedClock('2026-11-24T12:00:00Z');
  const ids = sequentialIds();
  const orgs = new InMemoryOrganizationRepository();
  const pros = new InMemoryProfessionalRepository(orgs);
  const sessions = new InMemorySessionRepository();
  const members = new InMemoryMembershipRepository(orgs, pros, sessions);
  const tokens = fakeSessionTokens(clock);
  const open = new OpenSession(sessions, members, tokens, ids, clock);
  const resets = new InMemoryPasswordResetTokenRepository();
  const secrets = fakeSecretHasher();
  const mail = withMail ? new InMemoryMailSender() : null;
  return {
    clock, resets, mail,
    register: new RegisterProfessional(pros, orgs, members, plainTextHasher, open, immediateUnitOfWork, ids, clock, new InMemoryLoginAttemptLog()),
    logIn: new LogIn(pros, plainTextHasher, new InMemoryLoginAttemptLog(), open, clock),
    authenticate: new Authenticate(tokens, members, clock),
    request: new RequestPasswordReset(pros, resets, secrets, mail, (t) => `https://limiar.example/reset-password#token=${t}`, ids, clock),
    reset: new ResetPassword(pros, sessions, resets, plainTextHasher, secrets, immediateUnitOfWork, clock),
  };
}

const value = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};
const errorOf = (r: { ok: boolean; error?: unknown }) => (r.ok ? undefined : (r.error as { code: string; message: string }));

describe('without a mail server (link on screen)', () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => (w = world(false)));

  it('returns a one-hour link for an existing account and stores only its hash', async () => {
    await w.register.execute(registration, origin);
    const d = value(await w.request.execute({ email: ' ANA@x.com ' }, origin));
    if (d.delivery !== 'screen') throw new Error('expected the link on screen');
    expect(d.expiresAt.getTime() - w.clock.now().getTime()).toBe(HOUR);
    const [stored] = [...w.resets.rows.values()];
    expect(stored.tokenHash).toBe(`hash:${d.token}`);
    expect(JSON.stringify(stored)).not.toContain(`"${d.token}"`);
  });

  it('says the e-mail has no account (the link could only be shown for an existing one)', async () => {
    expect(errorOf(await w.request.execute({ email: 'ninguem@x.com' }, origin))).toMatchObject({ code: 'ACCOUNT.EMAIL_NOT_FOUND', message: 'Não há conta cadastrada com este e-mail.' });
    expect(w.resets.rows.size).toBe(0);
  });

  it('refuses a request from another machine: nobody but the server operator may see a link (ADR 0013)', async () => {
    await w.register.execute(registration, origin);
    expect(errorOf(await w.request.execute({ email: 'ana@x.com' }, { ...origin, local: false }))).toMatchObject({ code: 'AUTH.PASSWORD_RESET_UNAVAILABLE' });
    expect(w.resets.rows.size).toBe(0);
  });

  it('validates the e-mail first', async () => {
    expect(errorOf(await w.request.execute({ email: '' }, origin))?.message).toBe('Por favor, preencha todos os campos obrigatórios');
    expect(errorOf(await w.request.execute({ email: 'ana' }, origin))?.message).toBe('Informe um e-mail válido');
  });
});

describe('with a mail server', () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => (w = world(true)));

  it('mails the link and answers neutrally, the same for an unknown e-mail (nothing mailed)', async () => {
    await w.register.execute(registration, origin);
    expect(value(await w.request.execute({ email: 'ana@x.com' }, { ...origin, local: false }))).toEqual({ delivery: 'email' });
    expect(value(await w.request.execute({ email: 'ninguem@x.com' }, { ...origin, local: false }))).toEqual({ delivery: 'email' });
    expect(w.mail!.sent).toHaveLength(1);
    expect(w.mail!.sent[0]).toMatchObject({ to: 'ana@x.com', subject: 'Limiar — redefinição de senha' });
    expect(w.mail!.sent[0].text).toMatch(/https:\/\/limiar\.example\/reset-password#token=secret-\d+/);
  });

  it('limits requests to 3 per e-mail and 10 per IP per hour, and says when the limit lifts', async () => {
    for (let i = 0; i < 3; i++) value(await w.request.execute({ email: 'ana@x.com' }, origin));
    w.clock.advance(10 * 60_000);
    const limited = errorOf(await w.request.execute({ email: 'ana@x.com' }, { ...origin, ip: '10.9.9.9' }));
    expect(limited).toMatchObject({ code: 'AUTH.RATE_LIMITED', retryAfterSeconds: 50 * 60 });
    for (let i = 0; i < 7; i++) value(await w.request.execute({ email: `outro${i}@x.com` }, origin));
    expect(errorOf(await w.request.execute({ email: 'novo@x.com' }, origin))).toMatchObject({ code: 'AUTH.RATE_LIMITED' });
    w.clock.advance(HOUR);
    expect(value(await w.request.execute({ email: 'ana@x.com' }, origin))).toEqual({ delivery: 'email' });
  });
});

describe('setting the new password', () => {
  let w: ReturnType<typeof world>;
  let token: string;
  beforeEach(async () => {
    w = world(false);
    await w.register.execute(registration, origin);
    const d = value(await w.request.execute({ email: 'ana@x.com' }, origin));
    token = d.delivery === 'screen' ? d.token : '';
  });

  it('applies the register rules in the spec order', async () => {
    const message = async (password: string, confirmPassword: string) => errorOf(await w.reset.execute({ token, password, confirmPassword }))?.message;
    expect(await message('', '')).toBe('Por favor, preencha todos os campos obrigatórios');
    expect(await message('123', '124')).toBe('As senhas não coincidem');
    expect(await message('12345', '12345')).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('changes the password, revokes every session, and works only once', async () => {
    const session = value(await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: true }, origin));
    expect(value(await w.reset.check(token)).email).toBe('ana@x.com');
    const done = value(await w.reset.execute({ token, password: 'nova-senha', confirmPassword: 'nova-senha' }));
    expect(done.endedSessions).toBe(2); // the registration's and the login's
    expect((await w.authenticate.execute(session.token)).ok).toBe(false);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'segredo1', rememberMe: false }, origin)).ok).toBe(false);
    expect((await w.logIn.execute({ email: 'ana@x.com', password: 'nova-senha', rememberMe: false }, origin)).ok).toBe(true);
    expect(errorOf(await w.reset.execute({ token, password: 'outra-senha', confirmPassword: 'outra-senha' }))).toMatchObject({ code: 'AUTH.RESET_LINK_INVALID' });
    expect(errorOf(await w.reset.check(token))).toMatchObject({ code: 'AUTH.RESET_LINK_INVALID' });
  });

  it('a reset makes the account\'s other links worthless', async () => {
    const second = value(await w.request.execute({ email: 'ana@x.com' }, origin));
    value(await w.reset.execute({ token, password: 'nova-senha', confirmPassword: 'nova-senha' }));
    expect((await w.reset.check(second.delivery === 'screen' ? second.token : '')).ok).toBe(false);
  });

  it('refuses an expired or unknown link', async () => {
    w.clock.advance(HOUR);
    expect(errorOf(await w.reset.execute({ token, password: 'nova-senha', confirmPassword: 'nova-senha' }))).toMatchObject({ code: 'AUTH.RESET_LINK_INVALID' });
    expect(errorOf(await w.reset.execute({ token: 'secret-999', password: 'nova-senha', confirmPassword: 'nova-senha' }))).toMatchObject({ code: 'AUTH.RESET_LINK_INVALID' });
  });
});
