import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount } from '../support/accounts';
import { movableClock, startClockedServer, type ClockedServer } from '../support/clocked-server';
import type { TestServer } from '../support/test-server';

/**
 * Issue 14, password recovery without a mail server: the link comes back in the answer (only to a
 * request from the server's own machine, ADR 0013), works once, for one hour, and ends every session.
 */
const clock = movableClock();
let t: ClockedServer;
beforeAll(async () => (t = await startClockedServer(clock)));
afterAll(() => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(path, { ...json(body), headers: { 'content-type': 'application/json', ...headers } });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const tokenOf = (resetPath: string) => decodeURIComponent(resetPath.split('#token=')[1] ?? '');
const HOUR = 3600_000;

async function forgot(email: string): Promise<string> {
  const res = await post('/api/auth/forgot-password', { email });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ delivery: 'screen', resetPath: expect.stringMatching(/^\/reset-password#token=[\w-]{40,}$/) });
  return tokenOf(body.resetPath);
}

describe('POST /api/auth/forgot-password without SMTP_URL', () => {
  it('shows a one-hour link for an existing account and stores only the SHA-256 of its secret', async () => {
    const a = await registerAccount(t as unknown as TestServer);
    const res = await post('/api/auth/forgot-password', { email: a.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.message).toBe('Este servidor não tem envio de e-mail configurado, por isso o link de redefinição aparece aqui. Ele vale por 1 hora e só pode ser usado uma vez.');
    expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(HOUR - 60_000);
    const token = tokenOf(body.resetPath);
    const rows = await t.database.orm.em.getConnection().execute<{ token_hash: string }[]>(
      'select r.token_hash from password_reset_token r join professional p on p.id = r.user_id where p.email = ?', [a.email]);
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('says when the e-mail has no account, and validates the e-mail', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'ninguem.aqui@clinica.test' });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Não há conta cadastrada com este e-mail.');
    const bad = await post('/api/auth/forgot-password', { email: 'ana' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('Informe um e-mail válido');
  });

  it('refuses to show a link through a proxy (not the server machine): 503 with a pt-BR explanation', async () => {
    const a = await registerAccount(t as unknown as TestServer);
    const res = await post('/api/auth/forgot-password', { email: a.email }, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(503);
    expect(await messageOf(res)).toMatch(/^A recuperação de senha por e-mail não está configurada neste servidor/);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the register rules, revokes every session, and works once', async () => {
    const a = await registerAccount(t as unknown as TestServer);
    const other = (await (await post('/api/auth/login', { email: a.email, password: a.password, rememberMe: true })).json()).token as string;
    const token = await forgot(a.email);
    const check = await post('/api/auth/reset-password/check', { token });
    expect(check.status).toBe(200);
    expect((await check.json()).email).toBe(a.email);

    const mismatch = await post('/api/auth/reset-password', { token, password: 'nova123', confirmPassword: 'nova124' });
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toBe('As senhas não coincidem');
    expect(await messageOf(await post('/api/auth/reset-password', { token, password: 'abc1234', confirmPassword: 'abc1234' }))).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(await messageOf(await post('/api/auth/reset-password', { token, password: 'iloveyou', confirmPassword: 'iloveyou' }))).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');

    const done = await post('/api/auth/reset-password', { token, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: a.email, message: 'Senha redefinida. Todas as sessões da conta foram encerradas: entre com a nova senha.' });
    for (const session of [a.token, other]) expect((await t.request('/api/auth/me', bearer(session))).status).toBe(401);
    expect((await post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(401);
    expect((await post('/api/auth/login', { email: a.email, password: 'nova-senha-1' })).status).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'outra-senha', confirmPassword: 'outra-senha' });
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe('Link de redefinição inválido, expirado ou já utilizado. Solicite um novo link.');
    expect((await post('/api/auth/reset-password/check', { token })).status).toBe(400);
  });

  it('only one of two simultaneous uses of a link succeeds', async () => {
    const a = await registerAccount(t as unknown as TestServer);
    const token = await forgot(a.email);
    const results = await Promise.all(['primeira-1', 'segunda-2'].map((p) => post('/api/auth/reset-password', { token, password: p, confirmPassword: p })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('a link expires after one hour (server clock moved)', async () => {
    const a = await registerAccount(t as unknown as TestServer);
    const token = await forgot(a.email);
    clock.advance(59 * 60_000);
    expect((await post('/api/auth/reset-password/check', { token })).status).toBe(200);
    clock.advance(2 * 60_000);
    expect((await post('/api/auth/reset-password/check', { token })).status).toBe(400);
    const late = await post('/api/auth/reset-password', { token, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' });
    expect(late.status).toBe(400);
    expect((await post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('3 requests per e-mail and 10 per IP per hour, then 429 with Retry-After and a pt-BR message', async () => {
    clock.advance(2 * HOUR); // the earlier tests' requests leave the window
    const a = await registerAccount(t as unknown as TestServer);
    for (let i = 0; i < 3; i++) await forgot(a.email);
    const perEmail = await post('/api/auth/forgot-password', { email: a.email });
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await messageOf(perEmail)).toBe('Muitas solicitações de redefinição de senha. Aguarde e tente novamente mais tarde.');
    for (let i = 0; i < 7; i++) expect((await post('/api/auth/forgot-password', { email: `desconhecido${i}@clinica.test` })).status).toBe(404);
    const perIp = await post('/api/auth/forgot-password', { email: 'mais.um@clinica.test' });
    expect(perIp.status).toBe(429);
    clock.advance(HOUR);
    await forgot(a.email);
  });
});
