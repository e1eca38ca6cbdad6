// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SecuritySettings } from '../../web/src/features/settings/components/security-settings';
import { fakeApi, renderApp } from './support/render-app';

/** Configurações › Segurança › Certificado digital (issue 20), against a table of fake API answers. */

const certificate = (over: Record<string, unknown> = {}) => ({
  subjectName: 'MÉDICA DE TESTE:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909', crm: '123456/SP', serialNumber: '1a2b',
  notBefore: '2026-01-10T15:00:00.000Z', notAfter: '2027-01-10T15:00:00.000Z', status: 'valido', statusLabel: 'Válido', uploadedAt: '2026-11-25T12:00:00.000Z', ...over,
});
const pfxFile = (name = 'medica.pfx', size = 3000) => new File([new Uint8Array(size)], name, { type: 'application/x-pkcs12' });
const render = () => renderApp(<SecuritySettings />, { path: '/settings' });
const card = async () => (await screen.findByRole('form', { name: 'Enviar certificado digital' }));

describe('Certificado digital (ICP-Brasil A1)', () => {
  it('without a certificate: says the laudos get a simple electronic signature; checks file and password before sending; then shows what the server read', async () => {
    const calls = fakeApi({
      'GET /profile/certificate': { body: { certificate: null } },
      'POST /profile/certificate': { status: 201, body: { certificate: certificate() } },
    });
    render();
    expect(await screen.findByText(/Nenhum certificado cadastrado\. Sem certificado, os laudos finalizados levam assinatura eletrônica simples/)).toBeTruthy();
    const form = await card();
    const send = within(form).getByRole('button', { name: 'Enviar certificado' });
    await userEvent.click(send);
    expect(within(form).getByText('Selecione o arquivo do certificado (.pfx ou .p12).')).toBeTruthy();
    const fileInput = within(form).getByLabelText(/Arquivo do certificado/) as HTMLInputElement;
    expect(fileInput.accept).toBe('.pfx,.p12,application/x-pkcs12');
    await userEvent.upload(fileInput, pfxFile('grande.pfx', 150 * 1024));
    await userEvent.click(send);
    expect(within(form).getByText('O arquivo é muito grande para um certificado A1. Tamanho máximo: 100 kB.')).toBeTruthy();
    expect(within(form).getByText('grande.pfx')).toBeTruthy();
    await userEvent.upload(fileInput, pfxFile());
    expect(within(form).getByText('medica.pfx')).toBeTruthy();
    await userEvent.click(send);
    expect(within(form).getByText('Informe a senha do certificado.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const password = within(form).getByLabelText(/Senha do certificado/) as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.type(password, 'senha-do-a1{Enter}');
    await screen.findByText(/Certificado enviado\./);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/profile/certificate')!;
    const sent = post.body as FormData;
    expect(sent.get('password')).toBe('senha-do-a1');
    expect((sent.get('pfx') as File).name).toBe('medica.pfx');
    expect(password.value).toBe('');
    expect(within(form).getByText('Nenhum arquivo selecionado')).toBeTruthy();

    const details = screen.getByLabelText('Certificado digital cadastrado');
    expect(details.textContent).toContain('TitularMÉDICA DE TESTE:12345678909');
    expect(details.textContent).toContain('EmissorAC Teste Limiar');
    expect(details.textContent).toContain('CPF123.456.789-09');
    expect(details.textContent).toContain('CRM123456/SP');
    expect(details.textContent).toContain('Validade10/01/2026 a 10/01/2027');
    expect(details.textContent).toContain('SituaçãoVálido');
    expect(details.textContent).not.toContain('senha');
  });

  it('shows the server’s pt-BR refusal (wrong password, expired) and clears the password', async () => {
    fakeApi({
      'GET /profile/certificate': { body: { certificate: null } },
      'POST /profile/certificate': { status: 400, body: { error: 'Senha do certificado incorreta.', message: 'Senha do certificado incorreta.', code: 'CERTIFICATE.INVALID_PASSWORD' } },
    });
    render();
    const form = await card();
    await userEvent.upload(within(form).getByLabelText(/Arquivo do certificado/), pfxFile('medica.p12'));
    const password = within(form).getByLabelText(/Senha do certificado/) as HTMLInputElement;
    await userEvent.type(password, 'errada');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar certificado' }));
    expect(await screen.findByText('Senha do certificado incorreta.')).toBeTruthy();
    expect(password.value).toBe('');
  });

  it('an expired certificate is marked Vencido with a warning; removal asks first, then the card says there is none', async () => {
    const calls = fakeApi({
      'GET /profile/certificate': { body: { certificate: certificate({ notAfter: '2026-11-01T12:00:00.000Z', status: 'vencido', statusLabel: 'Vencido' }) } },
      'DELETE /profile/certificate': { status: 204 },
    });
    render();
    expect(await screen.findByText('Vencido')).toBeTruthy();
    expect(screen.getByText(/Este certificado venceu em 01\/11\/2026/)).toBeTruthy();
    expect(screen.getByLabelText(/Novo arquivo do certificado/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remover certificado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover certificado digital' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover certificado' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/profile/certificate')).toBe(true));
    expect(await screen.findByText(/Certificado removido\./)).toBeTruthy();
    expect(screen.getByText(/Nenhum certificado cadastrado/)).toBeTruthy();
  });

  it('is reachable by keyboard: file, password, send', async () => {
    fakeApi({ 'GET /profile/certificate': { body: { certificate: null } } });
    render();
    const form = await card();
    within(form).getByLabelText(/Arquivo do certificado/).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(form).getByLabelText(/Senha do certificado/));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Enviar certificado' }));
  });
});
