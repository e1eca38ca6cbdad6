import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, registerAccount } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 18: with `SMTP_URL` the invitation link is also mailed — a real SMTP server (smtp-server,
 * started here) receives it through nodemailer — and it is still shown once to the administrator.
 */
const inbox: Array<{ to: string[]; raw: string }> = [];
let waiters: Array<() => void> = [];
let smtp: SMTPServer;
let t: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.forEach((w) => w());
        waiters = [];
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Limiar <nao-responda@clinica.test>', LIMIAR_PUBLIC_URL: 'https://limiar.clinica.test/' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function inboxHolds(count: number): Promise<void> {
  if (inbox.length >= count) return Promise.resolve();
  return new Promise((resolve) => waiters.push(() => inbox.length >= count && resolve()));
}

/** The text body of a MIME message (quoted-printable decoded, soft line breaks joined). */
function textOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

it('mails the single-use link on the public URL and still shows it once; the link in the mail works', async () => {
  const admin = await registerAccount(t, { name: 'Dra. Helena Prado' });
  const email = `fono.${Date.now()}@clinica.test`;
  const res = await t.request('/api/team/invitations', json({ email, roles: ['fonoaudiologo'] }, admin.token));
  const body = await res.json();
  expect(res.status).toBe(201);
  expect(body.emailSent).toBe(true);
  expect(body.link).toMatch(/^https:\/\/limiar\.clinica\.test\/convite#token=[\w-]{20,}$/);

  await inboxHolds(1);
  expect(inbox[0].to).toEqual([email]);
  expect(inbox[0].raw).toMatch(/^From: Limiar <nao-responda@clinica\.test>/m);
  const text = textOf(inbox[0].raw);
  expect(text).toContain('Dra. Helena Prado convidou você para a equipe de Clínica de Dra. Helena Prado no Limiar, como Fonoaudiólogo(a).');
  expect(text).toContain(body.link);
  expect(text).toMatch(/O link vale até \d{2}\/\d{2}\/\d{4} e só pode ser usado uma vez/);

  const token = new URLSearchParams(text.match(/#(token=[\w-]+)/)![1]).get('token');
  const accepted = await t.request('/api/invitations/accept', json({
    mode: 'new', token, name: 'Fga. Rita Campos', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2',
  }));
  expect(accepted.status).toBe(200);
  expect((await accepted.json()).user).toMatchObject({ email, roles: ['fonoaudiologo'], organizationId: admin.user.organizationId });
});
