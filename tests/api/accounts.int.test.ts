import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer, expectHiddenFromOtherOrganisation, json, registerAccount, twoOrganisations } from '../support/accounts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const CLIENT_ID = 'limiar-test.apps.googleusercontent.com';
let t: TestServer;
let jwks: http.Server;
let googleKey: CryptoKeyPair;
let strangerKey: CryptoKeyPair;

beforeAll(async () => {
  googleKey = await generateKeyPair('RS256');
  strangerKey = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(googleKey.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = http.createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  t = await startTestServer({
    LIMIAR_JWT_SECRET: SECRET, GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
  });
});
afterAll(async () => {
  await t?.close();
  jwks?.close();
});

const post = (path: string, body: unknown, token?: string) => t.request(path, json(body, token));
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const base = { name: 'Ana', email: 'ana.reg@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' };

describe('POST /api/auth/register — every §5 rule, in the spec order', () => {
  it.each([
    ['no name', { name: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    ['bad e-mail', { email: 'ana' }, 'Informe um e-mail válido'],
    ['passwords differ and are short (1 before 2)', { password: '123', confirmPassword: '124' }, 'As senhas não coincidem'],
    ['password of 7 and no CRM (2 before 3)', { password: 'abc1234', confirmPassword: 'abc1234', crm: '' }, 'A senha deve ter pelo menos 8 caracteres'],
    ['Medico without UF', { crmState: '' }, 'CRM e Estado são obrigatórios para médicos'],
    ['Fonoaudiologo without region', { professionalType: 'Fonoaudiologo', crfa: '77' }, 'CRFa e Região são obrigatórios para fonoaudiólogos'],
    ['Engenheiro without CREA', { professionalType: 'Engenheiro', creaState: 'RS' }, 'CREA e Estado são obrigatórios para engenheiros'],
  ])('%s → 400 %s', async (_c, change, message) => {
    const res = await post('/api/auth/register', { ...base, ...change });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
  });

  it('creates each professional type with its registry (EngenheiroTrabalho accepted)', async () => {
    const fono = await registerAccount(t, { professionalType: 'Fonoaudiologo', crm: null, crmState: null, crfa: '8765', crfaRegion: '6' });
    const eng = await registerAccount(t, { professionalType: 'EngenheiroTrabalho', crm: null, crmState: null, crea: '5544', creaState: 'PE' });
    expect(fono.user).toMatchObject({ professionalType: 'Fonoaudiologo', crfa: '8765', crfaRegion: '6', crm: null });
    expect(eng.user).toMatchObject({ professionalType: 'Engenheiro', crea: '5544', creaState: 'PE' });
    expect(eng.user.organizationId).not.toBe(fono.user.organizationId);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const a = await registerAccount(t);
    const res = await post('/api/auth/register', { ...base, email: a.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Este e-mail já está cadastrado');
  });
});

describe('login, tokens and sessions', () => {
  it('wrong password and unknown e-mail get the same 401 answer', async () => {
    const a = await registerAccount(t);
    const wrong = await post('/api/auth/login', { email: a.email, password: 'errada' });
    const unknown = await post('/api/auth/login', { email: 'ninguem@x.com', password: 'errada' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('empty fields → 400 "Por favor, preencha todos os campos"', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('Por favor, preencha todos os campos');
  });

  it('remember-me → 30 days, else 12 hours', async () => {
    const a = await registerAccount(t);
    const long = await (await post('/api/auth/login', { email: a.email, password: a.password, rememberMe: true })).json();
    const short = await (await post('/api/auth/login', { email: a.email, password: a.password })).json();
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(days(long.expiresAt)).toBeCloseTo(30, 1);
    expect(days(short.expiresAt) * 24).toBeCloseTo(12, 1);
  });

  it('a token stops working after logout', async () => {
    const a = await registerAccount(t);
    expect((await t.request('/api/auth/me', bearer(a.token))).status).toBe(200);
    expect((await t.request('/api/auth/logout', bearer(a.token, 'POST'))).status).toBe(204);
    const res = await t.request('/api/auth/me', bearer(a.token));
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe('Sessão expirada ou inválida. Faça login novamente.');
  });

  it('a tampered token is refused', async () => {
    const a = await registerAccount(t);
    const [h, p, s] = a.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    expect((await t.request('/api/auth/me', bearer(forged))).status).toBe(401);
    expect((await t.request('/api/auth/me', bearer(`${a.token}x`))).status).toBe(401);
    expect((await t.request('/api/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('an expired token is refused, and so is a live token whose session expired', async () => {
    const a = await registerAccount(t);
    const payload = JSON.parse(Buffer.from(a.token.split('.')[1], 'base64url').toString());
    const expired = await new SignJWT({ sid: payload.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(payload.sub)
      .setIssuer('limiar').setAudience('limiar-api').setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(new TextEncoder().encode(SECRET));
    expect((await t.request('/api/auth/me', bearer(expired))).status).toBe(401);
    await t.database.orm.em.getConnection().execute(`update session set expires_at = now() - interval '1 minute' where id = ?`, [payload.sid]);
    expect((await t.request('/api/auth/me', bearer(a.token))).status).toBe(401);
  });

  it('password change ends the other sessions, keeps the caller, and the new password works', async () => {
    const a = await registerAccount(t);
    const other = (await (await post('/api/auth/login', { email: a.email, password: a.password })).json()).token as string;
    const bad = await post('/api/auth/change-password', { currentPassword: 'errada', newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-8' }, a.token);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Senha atual incorreta');
    const short = await post('/api/auth/change-password', { currentPassword: a.password, newPassword: 'abc1234', confirmNewPassword: 'abc1234' }, a.token);
    expect(await errorOf(short)).toBe('A senha deve ter pelo menos 8 caracteres');
    const common = await post('/api/auth/change-password', { currentPassword: a.password, newPassword: 'password', confirmNewPassword: 'password' }, a.token);
    expect(await errorOf(common)).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');
    const same = await post('/api/auth/change-password', { currentPassword: a.password, newPassword: a.password, confirmNewPassword: a.password }, a.token);
    expect(same.status).toBe(400);
    expect(await errorOf(same)).toBe('A nova senha deve ser diferente da senha atual');
    const mismatch = await post('/api/auth/change-password', { currentPassword: a.password, newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-9' }, a.token);
    expect(await errorOf(mismatch)).toBe('As senhas não coincidem');
    expect((await post('/api/auth/change-password', { currentPassword: a.password, newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-8' }, a.token)).status).toBe(204);
    expect((await t.request('/api/auth/me', bearer(other))).status).toBe(401);
    expect((await t.request('/api/auth/me', bearer(a.token))).status).toBe(200);
    expect((await post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(401);
    expect((await post('/api/auth/login', { email: a.email, password: 'Nova-senha-8' })).status).toBe(200);
  });

  it('limits login to 5 failures per e-mail + IP per 15 minutes (429 with Retry-After)', async () => {
    const a = await registerAccount(t);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/login', { email: a.email, password: 'errada' })).status).toBe(401);
    const blocked = await post('/api/auth/login', { email: a.email, password: a.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await errorOf(blocked)).toBe('Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
  });
});

describe('Google sign-in', () => {
  const idToken = (key: CryptoKey, over: { aud?: string; iss?: string; exp?: number; email?: string } = {}) =>
    new SignJWT({ email: over.email ?? 'gabi@gmail.com', email_verified: true, name: 'Gabi Lima' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setSubject(`google-${over.email ?? 'gabi'}`)
      .setIssuer(over.iss ?? 'https://accounts.google.com').setAudience(over.aud ?? CLIENT_ID)
      .setIssuedAt().setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 600).sign(key);

  it('publishes the client id', async () => {
    expect(await (await t.request('/api/auth/config')).json()).toEqual({ googleClientId: CLIENT_ID });
  });

  it('accepts a valid ID token and signs the same account in twice', async () => {
    const first = await post('/api/auth/google', { credential: await idToken(googleKey.privateKey) });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.user).toMatchObject({ email: 'gabi@gmail.com', name: 'Gabi Lima', professionalType: null, profileCompleted: false });
    const again = await (await post('/api/auth/google', { credential: await idToken(googleKey.privateKey) })).json();
    expect(again.user.id).toBe(body.user.id);
  });

  it.each([
    ['wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['wrong issuer', { iss: 'https://evil.example.com' }],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses a token with %s (401)', async (_c, over) => {
    const res = await post('/api/auth/google', { credential: await idToken(googleKey.privateKey, over) });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe('Não foi possível validar o login com Google.');
  });

  it('refuses a token with a bad signature (401)', async () => {
    expect((await post('/api/auth/google', { credential: await idToken(strangerKey.privateKey) })).status).toBe(401);
  });

  it('answers 404 and hides the button when no client id is configured', async () => {
    const plain = await startTestServer();
    try {
      expect(await (await plain.request('/api/auth/config')).json()).toEqual({ googleClientId: null });
      const res = await plain.request('/api/auth/google', json({ credential: 'x' }));
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('profile, completion and notification preferences', () => {
  it('updates the settings profile and keeps the engineer CREA', async () => {
    const a = await registerAccount(t);
    const res = await t.request('/api/users/me/profile', json({ name: 'Eng. Rui', email: a.email, professionalType: 'EngenheiroTrabalho', crea: '123456', creaState: 'MG', specialization: 'Outra', phoneNumber: '(31) 99999-0000' }, a.token, 'PUT'));
    expect(res.status).toBe(200);
    const me = await (await t.request('/api/users/me/profile', bearer(a.token))).json();
    expect(me).toMatchObject({ name: 'Eng. Rui', professionalType: 'Engenheiro', crea: '123456', creaState: 'MG', crm: null, phoneNumber: '(31) 99999-0000', profileCompleted: true });
  });

  it('refuses a CRM over 6 characters in settings', async () => {
    const a = await registerAccount(t);
    const res = await t.request('/api/users/me/profile', json({ name: 'A', email: a.email, professionalType: 'Medico', crm: '1234567', crmState: 'SP' }, a.token, 'PUT'));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('CRM deve ter no máximo 6 caracteres');
  });

  it('completes the profile through the modal call, and 404s for another user id', async () => {
    const [a, b] = await twoOrganisations(t);
    const path = (id: string) => `/api/users/me/profile?userId=${id}`;
    const short = await t.request(path(a.user.id), json({ Crm: '123', CrmState: 'SP', Specialization: 'Audiologia', ProfessionalId: null }, a.token, 'PUT'));
    expect(await errorOf(short)).toBe('CRM deve ter pelo menos 4 dígitos');
    const missing = await t.request(path(a.user.id), json({ Crm: '1234', CrmState: '', Specialization: '' }, a.token, 'PUT'));
    expect(await errorOf(missing)).toBe('Por favor, preencha todos os campos obrigatórios');
    const done = await t.request(path(a.user.id), json({ Crm: '4321', CrmState: 'RJ', Specialization: 'Audiologia', ProfessionalId: null }, a.token, 'PUT'));
    expect(await done.json()).toMatchObject({ crm: '4321', crmState: 'RJ', specialization: 'Audiologia', profileCompleted: true });
    await expectHiddenFromOtherOrganisation(t, b, { method: 'PUT', path: path(a.user.id), body: { Crm: '9999', CrmState: 'SP', Specialization: 'Outra' } });
    expect((await (await t.request('/api/auth/me', bearer(a.token))).json()).crm).toBe('4321');
  });

  it('stores notification preferences server-side, with the spec defaults', async () => {
    const a = await registerAccount(t);
    expect(await (await t.request('/api/users/me/notification-preferences', bearer(a.token))).json())
      .toEqual({ emailNotifications: true, examAlerts: true, reportAlerts: false, systemUpdates: true });
    const prefs = { emailNotifications: false, examAlerts: true, reportAlerts: true, systemUpdates: false };
    expect((await t.request('/api/users/me/notification-preferences', json(prefs, a.token, 'PUT'))).status).toBe(200);
    expect(await (await t.request('/api/users/me/notification-preferences', bearer(a.token))).json()).toEqual(prefs);
  });

  it('never shows one organisation anything of another', async () => {
    const [a, b] = await twoOrganisations(t);
    const meB = await (await t.request('/api/auth/me', bearer(b.token))).json();
    expect(meB.id).toBe(b.user.id);
    expect(JSON.stringify(meB)).not.toContain(a.email);
    expect(meB.organizationId).not.toBe(a.user.organizationId);
  });

  it('every account route requires a token', async () => {
    for (const [method, path] of [['GET', '/api/auth/me'], ['POST', '/api/auth/logout'], ['GET', '/api/users/me/profile'], ['PUT', '/api/users/me/profile'],
      ['GET', '/api/users/me/notification-preferences'], ['POST', '/api/auth/change-password']]) {
      const res = await t.request(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('public site forms', () => {
  it('stores a contact message, validates it, and rate-limits per IP', async () => {
    const msg = { name: 'Rui', email: 'rui@x.com', subject: 'suporte', message: 'Preciso de ajuda' };
    const first = await post('/api/contact', msg);
    expect(first.status).toBe(201);
    const rows = await t.database.orm.em.getConnection().execute('select subject, message from contact_message');
    expect(rows).toContainEqual({ subject: 'suporte', message: 'Preciso de ajuda' });
    expect(await errorOf(await post('/api/contact', { ...msg, message: '' }))).toBe('Por favor, preencha todos os campos obrigatórios');
    for (let i = 0; i < 2; i++) expect((await post('/api/contact', msg)).status).toBe(201);
    const limited = await post('/api/contact', msg); // 3 per e-mail per hour
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toBe('Muitas solicitações. Tente novamente mais tarde.');
    expect((await post('/api/contact', { ...msg, email: 'ana@x.com' })).status).toBe(201);
    expect((await post('/api/contact', { ...msg, email: 'bia@x.com' })).status).toBe(201);
    expect((await post('/api/contact', { ...msg, email: 'caio@x.com' })).status).toBe(429); // 5 per address per hour
  });

  it('tracks a data-deletion request', async () => {
    const res = await post('/api/data-deletion-requests', { email: 'quem@x.com' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'recebido' });
    expect(await errorOf(await post('/api/data-deletion-requests', { email: '' }))).toBe('Por favor, preencha todos os campos obrigatórios');
  });
});

describe('password and attempt policy (issue 15, ASVS level 2)', () => {
  // a server behind a trusted proxy, so each request can come from its own client address
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ LIMIAR_TRUST_PROXY: '1' });
  });
  afterAll(() => p?.close());
  const from = (ip: string, path: string, body: unknown, token?: string) =>
    p.request(path, { ...json(body, token), headers: { ...(json(body, token).headers as Record<string, string>), 'x-forwarded-for': ip } });
  const registration = (email: string, password = 'Limiar-2026!') => ({ name: 'Ana', email, password, confirmPassword: password, professionalType: 'Medico', crm: '1234', crmState: 'SP' });
  const expect429 = async (res: Response, message: string) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(res)).toBe(message);
  };

  it.each([
    ['123456', 'A senha deve ter pelo menos 8 caracteres'],
    ['aaaaaa', 'A senha deve ter pelo menos 8 caracteres'],
    ['password', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
    ['Password', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
    ['12345678', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
  ])('refuses the password %s at registration', async (password, message) => {
    const res = await from('10.20.0.1', '/api/auth/register', registration(`fraca-${password}@x.com`, password));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(message);
  });

  it('limits login per client address across e-mails (a spray of 30) and per account across addresses', async () => {
    for (let i = 0; i < 30; i++) expect((await from('10.21.0.1', '/api/auth/login', { email: `alvo${i}@x.com`, password: 'Errada-123' })).status).toBe(401);
    await expect429(await from('10.21.0.1', '/api/auth/login', { email: 'alvo-novo@x.com', password: 'Errada-123' }), 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
    expect((await from('10.21.0.2', '/api/auth/login', { email: 'alvo-novo@x.com', password: 'Errada-123' })).status).toBe(401);
    expect((await from('10.22.0.1', '/api/auth/register', registration('vitima@x.com'))).status).toBe(201);
    for (let i = 0; i < 10; i++) await from(`10.23.0.${i}`, '/api/auth/login', { email: 'vitima@x.com', password: 'Errada-123' });
    await expect429(await from('10.24.0.1', '/api/auth/login', { email: 'vitima@x.com', password: 'Limiar-2026!' }), 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
  });

  it('limits registration per e-mail (probing who is registered) and per address', async () => {
    expect((await from('10.30.0.1', '/api/auth/register', registration('existe@x.com'))).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await from(`10.31.0.${i}`, '/api/auth/register', registration('existe@x.com'))).status).toBe(409);
    await expect429(await from('10.32.0.1', '/api/auth/register', registration('existe@x.com')), 'Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    for (let i = 0; i < 30; i++) await from('10.33.0.1', '/api/auth/register', registration(`massa${i}@x.com`));
    await expect429(await from('10.33.0.1', '/api/auth/register', registration('massa-extra@x.com')), 'Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  });

  it('limits guessing the current password on change-password, per account', async () => {
    const created = await (await from('10.40.0.1', '/api/auth/register', registration('troca@x.com'))).json();
    const change = (ip: string, currentPassword: string) => from(ip, '/api/auth/change-password', { currentPassword, newPassword: 'Outra-Senha-77', confirmNewPassword: 'Outra-Senha-77' }, created.token);
    for (let i = 0; i < 5; i++) expect((await change(`10.41.0.${i}`, `Chute-${i}-xyz`)).status).toBe(400);
    await expect429(await change('10.42.0.1', 'Limiar-2026!'), 'Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  });

  it('limits the data-deletion form per e-mail and per address', async () => {
    for (let i = 0; i < 3; i++) expect((await from(`10.50.0.${i}`, '/api/data-deletion-requests', { email: 'apagar@x.com' })).status).toBe(201);
    await expect429(await from('10.50.1.1', '/api/data-deletion-requests', { email: 'apagar@x.com' }), 'Muitas solicitações. Tente novamente mais tarde.');
    for (let i = 0; i < 5; i++) expect((await from('10.51.0.1', '/api/data-deletion-requests', { email: `p${i}@x.com` })).status).toBe(201);
    await expect429(await from('10.51.0.1', '/api/data-deletion-requests', { email: 'p9@x.com' }), 'Muitas solicitações. Tente novamente mais tarde.');
  });
});
