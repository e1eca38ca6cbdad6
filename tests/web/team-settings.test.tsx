// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../core/src/index';
import { TeamSettings } from '../../web/src/features/team';
import { doctor, fakeApi, renderApp } from './support/render-app';

/** Configurações › Equipe (issue 18): members, roles, deactivation and invitations, against a table of fake API answers. */

const admin = { ...doctor, roles: ['administrador', 'medico'] as const, permissions: ['team.manage'] as const };
const member = (over: Record<string, unknown>) => ({
  id: 'm1', userId: 'u1', name: 'Dra. Ana', email: 'ana@clinica.test', professionalType: 'Medico', registry: 'CRM 123456/SP',
  roles: ['administrador', 'medico'], status: 'ativo', createdAt: '2026-11-01T12:00:00.000Z', lastAccessAt: '2026-11-24T13:05:00.000Z', deactivatedAt: null, ...over,
});
const members = [
  member({}),
  member({ id: 'm2', userId: 'u2', name: 'Carlos Técnico', email: 'carlos@clinica.test', professionalType: null, registry: null, roles: ['tecnico'], lastAccessAt: null }),
  member({ id: 'm3', userId: 'u3', name: 'Bia Fono', email: 'bia@clinica.test', professionalType: 'Fonoaudiologo', registry: 'CRFa 2-12345', roles: ['fonoaudiologo'], status: 'desativado', deactivatedAt: '2026-11-20T10:00:00.000Z' }),
];
const render = () => renderApp(<TeamSettings />, { path: '/settings', user: { ...admin, roles: [...admin.roles], permissions: [...admin.permissions] } });

describe('Configurações › Equipe', () => {
  it('lists the members with pt-BR roles, status, last access or "Nunca", and marks the logged-in one "(você)"', async () => {
    fakeApi({ 'GET /team/members': { body: { members } }, 'GET /team/invitations': { body: { invitations: [] } } });
    render();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Dra. Ana (você)ana@clinica.test');
    expect(rows[0]!.textContent).toContain('Administrador(a), Médico(a)');
    expect(rows[0]!.textContent).toContain('CRM 123456/SP');
    expect(rows[0]!.textContent).toMatch(/24\/11\/2026 \d{2}:\d{2}/);
    expect(rows[1]!.textContent).toContain('Técnico(a)');
    expect(rows[1]!.textContent).toContain('Nunca');
    expect(rows[1]!.textContent).not.toContain('(você)');
    expect(rows[2]!.textContent).toContain('Desativado');
    expect(within(rows[2]!).getByRole('button', { name: 'Reativar Bia Fono' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Desativar Carlos Técnico' })).toBeTruthy();
    expect(await screen.findByText('Nenhum convite pendente')).toBeTruthy();
  });

  it('the invitation link is shown once, absolute, with "Copiar link", and says it was not e-mailed', async () => {
    const calls = fakeApi({
      'GET /team/members': { body: { members } },
      'GET /team/invitations': { body: { invitations: [] } },
      'POST /team/invitations': {
        status: 201,
        body: {
          invitation: { id: 'i1', email: 'novo@clinica.test', roles: ['tecnico'], createdAt: '2026-11-25T12:00:00.000Z', expiresAt: '2026-12-02T12:00:00.000Z', invitedByName: 'Dra. Ana' },
          link: '/convite#token=lmr_inv_abc', acceptPath: '/convite#token=lmr_inv_abc', emailSent: false,
        },
      },
    });
    render();
    await userEvent.type(await screen.findByLabelText(/E-mail do convidado/), 'novo@clinica.test');
    expect((screen.getByLabelText(/Papel profissional/) as HTMLSelectElement).value).toBe('tecnico');
    await userEvent.click(screen.getByRole('button', { name: 'Criar convite' }));

    const link = (await screen.findByLabelText(/Link do convite/)) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/convite#token=lmr_inv_abc`);
    expect(link.readOnly).toBe(true);
    expect(screen.getByText(/Nenhum e-mail foi enviado/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/team/invitations')?.body).toEqual({ email: 'novo@clinica.test', roles: ['tecnico'] });

    await userEvent.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByRole('button', { name: 'Link copiado' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(screen.queryByLabelText(/Link do convite/)).toBeNull();
    expect(document.body.textContent).not.toContain('lmr_inv_abc');
    expect(screen.getByRole('button', { name: 'Criar convite' })).toBeTruthy();
  });

  it('removing the last administrator: the server\'s pt-BR 409 is shown in the dialog', async () => {
    const calls = fakeApi({
      'GET /team/members': { body: { members } },
      'GET /team/invitations': { body: { invitations: [] } },
      'PUT /team/members/m1/roles': { status: 409, body: { code: 'TEAM.LAST_ADMIN_CONFLICT', message: TEAM_MESSAGES.lastAdmin, issues: [] } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar papéis de Dra. Ana' }));
    const dialog = await screen.findByRole('dialog');
    const adminBox = within(dialog).getByRole('checkbox', { name: 'Administrador(a)' }) as HTMLInputElement;
    expect(adminBox.checked).toBe(true);
    await userEvent.click(adminBox);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar papéis' }));

    await waitFor(() => expect(within(dialog).getByText(TEAM_MESSAGES.lastAdmin)).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ roles: ['medico'] });
  });

  it('deactivation asks first, then posts and shows the member as Desativado', async () => {
    const calls = fakeApi({
      'GET /team/members': () => ({ body: { members: calls.some((c) => c.path === '/team/members/m2/deactivate') ? members.map((m) => (m.id === 'm2' ? { ...m, status: 'desativado' } : m)) : members } }),
      'GET /team/invitations': { body: { invitations: [] } },
      'POST /team/members/m2/deactivate': { body: { ...members[1], status: 'desativado', deactivatedAt: '2026-11-25T12:00:00.000Z' } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar Carlos Técnico' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('perde o acesso');
    expect(calls.some((c) => c.path.endsWith('/deactivate'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reativar Carlos Técnico' })).toBeTruthy());
  });
});
