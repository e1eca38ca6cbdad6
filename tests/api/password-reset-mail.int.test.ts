import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../adapters/src/composition/config';
import { bearer, json, registerAccount } from '../support/accounts';
import { mailText, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtp-inbox';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 14, password recovery with `SMTP_URL`: a real SMTP server (smtp-server, started here)
 * receives the message through nodemailer; the answer is neutral and never carries the link.
 */
let smtp: SmtpInbox;
let inbox: ReceivedMail[];
let t: TestServer;
const inboxHolds = (count: number) => smtp.holds(count);
const textOf = mailText;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.messages;
  t = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Limiar <nao-responda@clinica.test>', LIMIAR_PUBLIC_URL: 'https://limiar.clinica.test/' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(path, { ...json(body), headers: { 'content-type': 'application/json', ...headers } });

describe('password recovery by e-mail (real SMTP server)', () => {
  it('mails a one-time link on the public URL; the answer is the same for an unknown e-mail and never holds the link', async () => {
    const a = await registerAccount(t);
    const unknown = await post('/api/auth/forgot-password', { email: 'ninguem@clinica.test' }, { 'x-forwarded-for': '198.51.100.4' });
    const known = await post('/api/auth/forgot-password', { email: a.email }, { 'x-forwarded-for': '198.51.100.4' });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const [unknownBody, knownBody] = [await unknown.text(), await known.text()];
    expect(knownBody).toBe(unknownBody);
    expect(JSON.parse(knownBody)).toEqual({
      delivery: 'email',
      message: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Confira sua caixa de entrada (e o spam). O link vale por 1 hora.',
    });

    await inboxHolds(1);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toEqual([a.email]);
    expect(inbox[0].raw).toMatch(/^From: Limiar <nao-responda@clinica\.test>/m);
    expect(inbox[0].raw).toMatch(/^Subject: .*redefini/im);
    const text = textOf(inbox[0].raw);
    expect(text).toContain('Recebemos um pedido para redefinir a senha da sua conta no Limiar');
    const link = text.match(/https:\/\/limiar\.clinica\.test\/reset-password#token=([\w-]+)/);
    expect(link, text).not.toBeNull();

    const token = link![1];
    expect((await post('/api/auth/reset-password', { token, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' })).status).toBe(200);
    expect((await t.request('/api/auth/me', bearer(a.token))).status).toBe(401);
    expect((await post('/api/auth/login', { email: a.email, password: 'nova-senha-1' })).status).toBe(200);
    expect((await post('/api/auth/reset-password', { token, password: 'outra-senha', confirmPassword: 'outra-senha' })).status).toBe(400);
  });
});

describe('SMTP configuration', () => {
  it('needs LIMIAR_PUBLIC_URL with SMTP_URL (links never take their host from a request) and checks both', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.clinica.test:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'mail.clinica.test', LIMIAR_PUBLIC_URL: 'https://x.test' })).toThrow(/SMTP_URL deve ser smtp:/);
    const c = loadConfig({ SMTP_URL: 'smtps://u:p@mail.clinica.test', LIMIAR_PUBLIC_URL: 'https://limiar.clinica.test/' });
    expect(c).toMatchObject({ smtpUrl: 'smtps://u:p@mail.clinica.test', publicUrl: 'https://limiar.clinica.test', smtpFrom: 'Limiar <nao-responda@limiar.local>' });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });
});
