import { describe, expect, it } from 'vitest';
import { makeExpiredTestCertificate, makeTestCertificate } from '../support/test-certificates';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 20, Configurações › Segurança › Certificado digital: a professional uploads their A1 (.pfx + password)
 * in the real app (real build, server, PostgreSQL, Chromium; nothing mocked), sees what the server read,
 * is refused in pt-BR, and removes it after confirming.
 */
const app = useAppSession();
const PASSWORD = 'Senha-Do-A1#e2e';

describe('Certificado digital (ICP-Brasil A1)', () => {
  it('uploads a certificate, shows subject, issuer, CPF, CRM, validity and status; refuses a wrong password and an expired one; removes after confirming', async () => {
    const cert = makeTestCertificate({ name: 'MÉDICA DE TESTE LIMIAR', password: PASSWORD, crm: '123456/SP' });
    const { page, errors } = await openAs(app.browser, app.server.url, app.account.token, '/settings');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const form = page.getByRole('form', { name: 'Enviar certificado digital' });
    await form.waitFor();
    await page.getByText(/Nenhum certificado cadastrado/).waitFor();

    const file = (buffer: Buffer, name = 'medica.pfx') => ({ name, mimeType: 'application/x-pkcs12', buffer });
    const fileInput = form.getByLabel(/Arquivo do certificado/);
    const password = form.getByLabel(/Senha do certificado/);
    const send = form.getByRole('button', { name: 'Enviar certificado' });

    await fileInput.setInputFiles(file(cert.pfx));
    await password.fill('senha-errada');
    await send.click();
    await page.getByText('Senha do certificado incorreta.').waitFor();
    expect(await password.inputValue()).toBe('');

    const expired = makeExpiredTestCertificate(5, { password: PASSWORD });
    await fileInput.setInputFiles(file(expired.pfx, 'antigo.p12'));
    await password.fill(PASSWORD);
    await send.click();
    const day = expired.notAfter.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    await page.getByText(`O certificado digital venceu em ${day}. Envie um certificado válido em Configurações › Segurança.`).waitFor();

    await fileInput.setInputFiles(file(cert.pfx));
    await password.fill(PASSWORD);
    await send.click();
    await page.getByText(/Certificado enviado\./).waitFor();
    const details = page.getByLabel('Certificado digital cadastrado');
    const text = (await details.textContent()) ?? '';
    expect(text).toContain('MÉDICA DE TESTE LIMIAR:12345678909');
    expect(text).toContain('AC Teste Limiar');
    expect(text).toContain('123.456.789-09');
    expect(text).toContain('123456/SP');
    expect(text).toContain('Válido');
    const [from, to] = [cert.notBefore, cert.notAfter].map((d) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
    expect(text).toContain(`${from} a ${to}`);
    expect(await page.content()).not.toContain(PASSWORD);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectAccessible(page, 'settings-signing-certificate');
    await screenshot(page, 'settings-signing-certificate');

    await page.getByRole('button', { name: 'Remover certificado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover certificado digital' });
    await dialog.getByRole('button', { name: 'Remover certificado' }).click();
    await page.getByText(/Certificado removido\./).waitFor();
    await page.getByText(/Nenhum certificado cadastrado/).waitFor();
    const left = await app.server.request('/api/profile/certificate', { headers: { authorization: `Bearer ${app.account.token}` } });
    expect(await left.json()).toEqual({ certificate: null });
    // the two refusals asked for above (400 wrong password, 422 expired) are the only console lines
    expect(errors.filter((e) => !/Failed to load resource: .*status of (400|422)/.test(e))).toEqual([]);
    expect(errors).toHaveLength(2);
    await page.close();
  });
});
