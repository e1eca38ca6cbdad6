// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../core/src/index';
import { InvitationAccept } from '../../web/src/features/team/components/invitation-accept';
import { doctor, fakeApi, renderApp } from './support/render-app';

/** The invitation acceptance page /convite#token=… (issue 18). */

const withToken = (token: string) => window.history.replaceState(null, '', `/convite${token ? `#token=${token}` : ''}`);
afterEach(() => window.history.replaceState(null, '', '/'));

const preview = (over: Record<string, unknown> = {}) => ({
  organizationName: 'Clínica Ouvir Bem', email: 'novo.medico@clinica.test', roles: ['medico'], expiresAt: '2026-12-02T12:00:00.000Z',
  invitedByName: 'Dra. Ana', accountExists: false, requiredType: 'Medico', ...over,
});

describe('InvitationAccept', () => {
  it('an invalid or expired link: the server\'s pt-BR message, no form', async () => {
    withToken('lmr_inv_expirado');
    const calls = fakeApi({ 'POST /invitations/check': { status: 400, body: { code: 'INVITATION.INVALID', message: TEAM_MESSAGES.invitationInvalid, issues: [] } } });
    renderApp(<InvitationAccept />, { path: '/convite', user: null });
    expect(await screen.findByText(TEAM_MESSAGES.invitationInvalid)).toBeTruthy();
    expect(screen.getByText('Convite indisponível')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls[0]?.body).toEqual({ token: 'lmr_inv_expirado' });
  });

  it('a link without a token says so without asking the server', async () => {
    withToken('');
    const calls = fakeApi();
    renderApp(<InvitationAccept />, { path: '/convite', user: null });
    expect(await screen.findByText(/não contém um convite/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a new account: the invitation\'s e-mail fixed, the type fixed by the role, the registry required; the session is stored and /dashboard follows', async () => {
    withToken('lmr_inv_medico');
    const calls = fakeApi({
      'POST /invitations/check': { body: preview() },
      'POST /invitations/accept': { body: { token: 'tok-new', user: doctor, expiresAt: null } },
    });
    const { auth, location } = renderApp(<InvitationAccept />, { path: '/convite', user: null });
    expect(await screen.findByText('Clínica Ouvir Bem')).toBeTruthy();
    expect(screen.getByText('Dra. Ana')).toBeTruthy();
    expect(screen.getByText('Médico(a)', { selector: 'dd' })).toBeTruthy();

    const email = screen.getByLabelText(/^E-mail/) as HTMLInputElement;
    expect(email.value).toBe('novo.medico@clinica.test');
    expect(email.readOnly).toBe(true);
    const types = screen.getAllByRole('radio');
    expect(types).toHaveLength(1);
    expect((types[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /Fonoaudiólogo/ })).toBeNull();
    expect(screen.queryByText('Sem registro profissional')).toBeNull();

    await userEvent.type(screen.getByLabelText(/Nome completo/), 'Dr. Paulo');
    await userEvent.type(screen.getByLabelText(/^Senha/), 'senha-forte-123');
    await userEvent.type(screen.getByLabelText(/Confirmar senha/), 'senha-forte-123');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }));
    expect(await screen.findByText('CRM e Estado são obrigatórios para médicos')).toBeTruthy();
    expect(calls.some((c) => c.path === '/invitations/accept')).toBe(false);

    await userEvent.type(screen.getByLabelText(/^CRM/), '654321');
    await userEvent.selectOptions(screen.getByLabelText(/UF do CRM/), 'RJ');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/invitations/accept')?.body).toEqual({
      token: 'lmr_inv_medico', mode: 'new', name: 'Dr. Paulo', password: 'senha-forte-123', confirmPassword: 'senha-forte-123',
      professionalType: 'Medico', crm: '654321', crmState: 'RJ', crfa: null, crfaRegion: null, crea: null, creaState: null,
    });
    expect(auth.login).toHaveBeenCalledWith('tok-new', doctor);
  });

  it('roles that need no registry: "Sem registro profissional" is offered and sends an empty type', async () => {
    withToken('lmr_inv_tecnico');
    const calls = fakeApi({
      'POST /invitations/check': { body: preview({ email: 'tec@clinica.test', roles: ['tecnico'], requiredType: null }) },
      'POST /invitations/accept': { body: { token: 'tok-tec', user: { ...doctor, professionalType: null }, expiresAt: null } },
    });
    const { location } = renderApp(<InvitationAccept />, { path: '/convite', user: null });
    await userEvent.click(await screen.findByRole('radio', { name: /Sem registro profissional/ }));
    await userEvent.type(screen.getByLabelText(/Nome completo/), 'Carlos');
    await userEvent.type(screen.getByLabelText(/^Senha/), 'senha-forte-123');
    await userEvent.type(screen.getByLabelText(/Confirmar senha/), 'senha-forte-123');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta e aceitar' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/invitations/accept')?.body).toMatchObject({ mode: 'new', name: 'Carlos', professionalType: '', crm: null });
  });

  it('an existing account: logged in as that e-mail → "Aceitar com minha conta" (mode session); otherwise its password', async () => {
    withToken('lmr_inv_existente');
    const calls = fakeApi({
      'POST /invitations/check': { body: preview({ email: doctor.email, accountExists: true }) },
      'POST /invitations/accept': { body: { token: 'tok-2', user: doctor, expiresAt: null } },
    });
    const { location, unmount } = renderApp(<InvitationAccept />, { path: '/convite', user: doctor });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar com minha conta' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/invitations/accept')?.body).toEqual({ token: 'lmr_inv_existente', mode: 'session' });
    unmount();

    renderApp(<InvitationAccept />, { path: '/convite', user: null });
    expect(await screen.findByText(/Já existe uma conta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceitar com minha conta' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Aceitar convite' })).toBeTruthy();
  });
});
