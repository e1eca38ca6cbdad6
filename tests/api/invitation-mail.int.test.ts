import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, registerAccount } from '../support/accounts';
import { mailText, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 18: with `SMTP_URL` the invitation link is also mailed — a real SMTP server (smtp-server,
 * started here) receives it through nodemailer — and it is still shown once to the administrator.
 */
let smtp: SmtpInbox;
let t: TestServer;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Limiar <nao-responda@clinica.test>', LIMIAR_PUBLIC_URL: 'https://limiar.clinica.test/' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('mails the single-use link on the public URL and still shows it once; the link in the mail works', async () => {
  const admin = await registerAccount(t, { name: 'Dra. Helena Prado' });
  const email = `fono.${Date.now()}@clinica.test`;
  const res = await t.request('/api/team/invitations', json({ email, roles: ['fonoaudiologo'] }, admin.token));
  const body = await res.json();
  expect(res.status).toBe(201);
  expect(body.emailSent).toBe(true);
  expect(body.link).toMatch(/^https:\/\/limiar\.clinica\.test\/convite#token=[\w-]{20,}$/);

  await smtp.holds(1);
  expect(smtp.messages[0].to).toEqual([email]);
  expect(smtp.messages[0].raw).toMatch(/^From: Limiar <nao-responda@clinica\.test>/m);
  const text = mailText(smtp.messages[0].raw);
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
