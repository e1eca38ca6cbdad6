// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, CRFA_REGIONS } from '../../core/src/index';
import { RegistryFields, registryProblem } from '../../web/src/components/forms/registry-fields';
import { RegisterForm } from '../../web/src/features/register/components/register-form';
import { doctor, fakeApi, renderApp } from './support/render-app';

async function fillAccount() {
  await userEvent.type(screen.getByLabelText(/Nome completo/), 'Fga. Bia');
  await userEvent.type(screen.getByLabelText(/E-mail/), 'bia@clinica.test');
  await userEvent.type(screen.getByLabelText(/^Senha/), 'senha123');
  await userEvent.type(screen.getByLabelText(/Confirmar senha/), 'senha123');
}

describe('RegisterForm with RegistryFields', () => {
  it('shows the registry fields of the chosen type only', async () => {
    fakeApi();
    const { container } = renderApp(<RegisterForm />, { path: '/register', user: null });
    expect(container.querySelector('[name="crm"], [name="crfa"], [name="crea"]')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /Médico\(a\)/ }));
    expect(screen.getByLabelText(/^CRM/).getAttribute('maxlength')).toBe('6');
    expect(screen.getByText('Apenas números')).toBeTruthy();
    expect(container.querySelectorAll('select[name="crmState"] option')).toHaveLength(28); // 'Selecione' + 27 UFs

    await userEvent.click(screen.getByRole('radio', { name: /Fonoaudiólogo\(a\)/ }));
    expect(container.querySelector('[name="crm"]')).toBeNull();
    const regions = [...container.querySelectorAll('select[name="crfaRegion"] option')].map((o) => o.textContent);
    expect(regions).toEqual(['Selecione', ...CRFA_REGIONS.map((r) => `${r.label} (${r.states.join(', ')})`)]);

    await userEvent.click(screen.getByRole('radio', { name: /Engenheiro\(a\)/ }));
    expect(screen.getByLabelText(/^CREA/)).toBeTruthy();
    expect(screen.getByLabelText(/UF do CREA/)).toBeTruthy();
  });

  it('checks the registry of the chosen type (spec §5 order), marks and focuses the missing field, sends nothing', async () => {
    const calls = fakeApi();
    renderApp(<RegisterForm />, { path: '/register', user: null });
    await fillAccount();
    await userEvent.click(screen.getByRole('radio', { name: /Fonoaudiólogo\(a\)/ }));
    await userEvent.selectOptions(screen.getByLabelText(/Região do CRFa/), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.fonoRegistry);
    const crfa = screen.getByLabelText(/^CRFa/);
    expect(crfa.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe o CRFa')).toBeTruthy();
    expect(screen.getByLabelText(/Região do CRFa/).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(crfa));
    expect(calls.filter((c) => c.path === '/auth/register')).toEqual([]);
  });

  it('sends only the chosen type registry (the others null), logs in and goes to /dashboard', async () => {
    const calls = fakeApi({ 'POST /auth/register': { status: 201, body: { token: 'tok-2', user: doctor, expiresAt: null } } });
    const { auth, location } = renderApp(<RegisterForm />, { path: '/register', user: null });
    await fillAccount();
    await userEvent.click(screen.getByRole('radio', { name: /Fonoaudiólogo\(a\)/ }));
    await userEvent.type(screen.getByLabelText(/^CRFa/), '54321');
    await userEvent.selectOptions(screen.getByLabelText(/Região do CRFa/), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/auth/register')?.body).toEqual({
      name: 'Fga. Bia', email: 'bia@clinica.test', password: 'senha123', confirmPassword: 'senha123', professionalType: 'Fonoaudiologo',
      crm: null, crmState: null, crfa: '54321', crfaRegion: '2', crea: null, creaState: null,
    });
    expect(auth.login).toHaveBeenCalledWith('tok-2', doctor);
  });

  it('a refused registration: the server message in the banner, the form usable again', async () => {
    fakeApi({ 'POST /auth/register': { status: 409, body: { message: 'E-mail já cadastrado', issues: [] } } });
    renderApp(<RegisterForm />, { path: '/register', user: null });
    await fillAccount();
    await userEvent.click(screen.getByRole('radio', { name: /Engenheiro\(a\)/ }));
    await userEvent.type(screen.getByLabelText(/^CREA/), '5061234567');
    await userEvent.selectOptions(screen.getByLabelText(/UF do CREA/), 'MG');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('E-mail já cadastrado'));
    expect((screen.getByRole('button', { name: 'Criar conta' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('RegistryFields variants and registryProblem', () => {
  it('settings: "Número do …" labels and its own CRM error; complete-profile: digits only', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RegistryFields type="Medico" variant="settings" values={{ crm: '', crmState: '' }} onChange={onChange} invalid={(f) => f === 'crm'} disabled={false} rowClassName="row" />,
    );
    expect(screen.getByLabelText(/Número do CRM/)).toBeTruthy();
    expect(screen.getByText('Informe o CRM (até 6 caracteres)')).toBeTruthy();

    rerender(<RegistryFields type="Medico" variant="complete-profile" values={{ crm: '', crmState: '' }} onChange={onChange} invalid={() => false} disabled={false} rowClassName="row" />);
    expect(screen.getByText('Apenas números (mínimo 4 dígitos)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^CRM/), { target: { value: '12a3-4' } });
    expect(onChange).toHaveBeenLastCalledWith('crm', '1234');
  });

  it('registryProblem names the type message and only the blank fields; nothing without a type', () => {
    expect(registryProblem('Medico', { crm: ' ', crmState: 'SP' })).toEqual({ message: ACCOUNT_MESSAGES.medicoRegistry, fields: ['crm'] });
    expect(registryProblem('Engenheiro', {})).toEqual({ message: ACCOUNT_MESSAGES.engenheiroRegistry, fields: ['crea', 'creaState'] });
    expect(registryProblem('Fonoaudiologo', { crfa: '1', crfaRegion: '3' })).toBeNull();
    expect(registryProblem('', {})).toBeNull();
  });
});
