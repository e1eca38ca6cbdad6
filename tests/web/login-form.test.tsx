// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../web/src/features/auth';
import { toast } from '../../web/src/lib/toast';
import { doctor, fakeApi, renderApp } from './support/render-app';

describe('LoginForm', () => {
  it('with a blank field: the banner and both field errors, nothing sent; the errors go as the fields are filled', async () => {
    const calls = fakeApi();
    renderApp(<LoginForm />, { path: '/login', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(screen.getByText('Por favor, preencha todos os campos')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Senha').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === '/auth/login')).toEqual([]);

    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@clinica.test');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Por favor, preencha todos os campos')).toBeTruthy(); // the password is still blank
    await userEvent.type(screen.getByLabelText('Senha'), 'x');
    expect(screen.queryByText('Por favor, preencha todos os campos')).toBeNull();
  });

  it('sends e-mail (trimmed), password and "Lembrar de mim", logs in and goes to /dashboard', async () => {
    const calls = fakeApi({ 'POST /auth/login': { body: { token: 'tok-1', user: doctor, expiresAt: null } } });
    const { auth, location } = renderApp(<LoginForm />, { path: '/login', user: null });
    await userEvent.type(screen.getByLabelText('E-mail'), '  ana@clinica.test ');
    await userEvent.type(screen.getByLabelText('Senha'), 'senha123');
    await userEvent.click(screen.getByLabelText('Lembrar de mim'));
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({ email: 'ana@clinica.test', password: 'senha123', rememberMe: true });
    expect(auth.login).toHaveBeenCalledWith('tok-1', doctor);
  });

  it('a refused login: the server message in a toast, the form usable again, no banner', async () => {
    fakeApi({ 'POST /auth/login': { status: 400, body: { message: 'E-mail ou senha inválidos', issues: [] } } });
    const error = vi.spyOn(toast, 'error');
    const { auth } = renderApp(<LoginForm />, { path: '/login', user: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@clinica.test');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('E-mail ou senha inválidos'));
    await waitFor(() => expect((screen.getByLabelText('E-mail') as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(auth.login).not.toHaveBeenCalled();
  });
});
