// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerificationResponse } from '../../adapters/src/http/contract/reports';
import VerifyPage from '../../web/src/features/public-site/verify-page';
import { isPublicPathname } from '../../web/src/config/paths';
import { formatDateTime, formatDay } from '../../web/src/lib/dates';
import { fakeApi, renderApp } from './support/render-app';

/**
 * Issue 20: the public verification page (no login). Found → "Laudo autêntico" with the document's
 * facts, the worker's initials only, and the SHA-256 a picked PDF is compared with in the browser;
 * superseded → the warning; unknown code → "Nenhum laudo encontrado com este código"; the form
 * normalises what was typed.
 */

const pdf = new TextEncoder().encode('%PDF-1.7 laudo emitido\n%%EOF');
const sha = createHash('sha256').update(pdf).digest('hex');

const found: VerificationResponse = {
  code: '7K3M-QX2P-9D4T', version: 1, currentVersion: 1, superseded: false, supersededAt: null, signedAt: '2026-11-24T14:05:00.000Z',
  signedBy: { name: 'Dra. Helena Prado', registry: 'CRM 654321/SP' }, signatureKind: 'icp', signatureLabel: 'Assinatura digital ICP-Brasil (PAdES)',
  documentSha256: sha, type: 'simple', examDate: '2025-03-01', patientInitials: 'J. S.', organizationName: 'Clínica Audição Segura',
};

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/verificar/:code', () => {
  it('a laudo in force: authentic, the signer, the hash, and nothing of the worker but the initials', async () => {
    const calls = fakeApi({ 'GET /verify/7K3M-QX2P-9D4T': { body: found } });
    renderApp(<VerifyPage />, { path: '/verificar/7K3M-QX2P-9D4T', route: '/verificar/:code', user: null });

    expect(await screen.findByRole('heading', { name: 'Laudo autêntico' })).toBeTruthy();
    expect(screen.getByText('Esta é a versão em vigor do laudo.')).toBeTruthy();
    expect(fact('Emitido por')).toBe('Clínica Audição Segura');
    expect(fact('Tipo de laudo')).toBe('Audiometria ocupacional (simples)');
    expect(fact('Data do exame')).toBe(formatDay('2025-03-01'));
    expect(fact('Trabalhador (iniciais)')).toBe('J. S.');
    expect(fact('Assinado por')).toBe('Dra. Helena Prado — CRM 654321/SP');
    expect(fact('Assinado em')).toBe(formatDateTime('2026-11-24T14:05:00.000Z'));
    expect(fact('Assinatura')).toBe('Assinatura digital ICP-Brasil (PAdES)');
    expect(fact('Versão')).toBe('1 de 1 (em vigor)');
    expect(fact('SHA-256 do documento')).toBe(sha);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /verify/7K3M-QX2P-9D4T']);
  });

  it('the PDF in hand is hashed in the browser: the issued file matches, an altered one does not', async () => {
    fakeApi({ 'GET /verify/7K3M-QX2P-9D4T': { body: found } });
    renderApp(<VerifyPage />, { path: '/verificar/7K3M-QX2P-9D4T', route: '/verificar/:code', user: null });
    const input = (await screen.findByLabelText('PDF do laudo')) as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File([pdf], 'laudo.pdf', { type: 'application/pdf' })] } });
    const ok = await screen.findByText('O arquivo confere');
    expect(ok.closest('[role="status"]')?.textContent).toContain('O SHA-256 de laudo.pdf é igual ao do laudo emitido');

    const altered = pdf.slice();
    altered[10] ^= 1;
    fireEvent.change(input, { target: { files: [new File([altered], 'alterado.pdf', { type: 'application/pdf' })] } });
    const bad = await screen.findByText('O arquivo não confere');
    const banner = bad.closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain('O SHA-256 de alterado.pdf é diferente do laudo emitido');
    expect(within(banner).getByText(createHash('sha256').update(altered).digest('hex'))).toBeTruthy();
    expect(screen.queryByText('O arquivo confere')).toBeNull();
  });

  it('a superseded version: the warning to ask for the version in force', async () => {
    const at = '2026-11-25T09:00:00.000Z';
    fakeApi({ 'GET /verify/7K3M-QX2P-9D4T': { body: { ...found, currentVersion: 2, superseded: true, supersededAt: at } } });
    renderApp(<VerifyPage />, { path: '/verificar/7K3M-QX2P-9D4T', route: '/verificar/:code', user: null });

    expect(await screen.findByRole('heading', { name: 'Laudo autêntico' })).toBeTruthy();
    const warning = screen.getByRole('alert');
    expect(within(warning).getByText('Versão substituída')).toBeTruthy();
    expect(warning.textContent).toContain(`Esta versão foi substituída por uma retificação em ${formatDay(at)}; solicite a versão em vigor a quem emitiu o laudo.`);
    expect(fact('Versão')).toBe(`1 de 2 (substituída em ${formatDay(at)})`);
    expect(screen.queryByText('Esta é a versão em vigor do laudo.')).toBeNull();
  });

  it('an unknown code: no laudo found; another code typed is normalised and looked up', async () => {
    const calls = fakeApi({
      'GET /verify/AAAA-BBBB-CCCC': { status: 404, body: { error: 'Laudo não encontrado', message: 'Laudo não encontrado', code: 'REPORT.NOT_FOUND' } },
      'GET /verify/7K3M-QX2P-9D4T': { body: found },
    });
    const view = renderApp(<VerifyPage />, { path: '/verificar/AAAA-BBBB-CCCC', route: '/verificar/:code', user: null });
    expect(await screen.findByRole('heading', { name: 'Nenhum laudo encontrado com este código' })).toBeTruthy();
    expect(screen.queryByText('Laudo autêntico')).toBeNull();

    const input = screen.getByLabelText('Código de verificação');
    await userEvent.type(input, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Código inválido: são 12 letras e números, como 7K3M-QX2P-9D4T.')).toBeTruthy();
    expect(view.location()).toBe('/verificar/AAAA-BBBB-CCCC');

    await userEvent.clear(input);
    await userEvent.type(input, '7k3m qx2p 9d4t');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Laudo autêntico' })).toBeTruthy();
    expect(view.location()).toBe('/verificar/7K3M-QX2P-9D4T');
    expect(calls.map((c) => c.path)).toEqual(['/verify/AAAA-BBBB-CCCC', '/verify/7K3M-QX2P-9D4T']);
  });

  it('/verificar without a code asks for one; the pages are public for the 401 handling', async () => {
    const calls = fakeApi();
    renderApp(<VerifyPage />, { path: '/verificar', route: '/verificar', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Informe o código de verificação impresso no laudo.')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(isPublicPathname('/verificar')).toBe(true);
    expect(isPublicPathname('/verificar/7K3M-QX2P-9D4T')).toBe(true);
    expect(isPublicPathname('/verificar/7K3M-QX2P-9D4T/x')).toBe(false);
    expect(isPublicPathname('/reports/r1')).toBe(false);
  });
});
