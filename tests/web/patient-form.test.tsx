// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PatientResponse } from '../../adapters/src/http/contract/patients';
import PatientEditPage from '../../web/src/features/patients/patient-edit-page';
import PatientNewPage from '../../web/src/features/patients/patient-new-page';
import { toast } from '../../web/src/lib/toast';
import { fakeApi, renderApp } from './support/render-app';

const stored: PatientResponse = {
  id: 'p1', name: 'José da Silva', age: 45, sex: 'M', birthDate: null, cpf: '52998224725', phone: null, email: null, address: null,
  company: 'Metalúrgica Sul', companyId: null, jobTitle: 'Soldador', archivedAt: null, archivedBy: null, createdAt: '2026-01-05T10:00:00Z', examCount: 2,
};

describe('PatientForm on /patients/new', () => {
  it('sends every field as the API body (blanks null, CPF as digits), toasts and leaves for /patients', async () => {
    const calls = fakeApi({ 'POST /patients': { status: 201, body: { ...stored, id: 'p2' } } });
    const success = vi.spyOn(toast, 'success');
    const { location } = renderApp(<PatientNewPage />, { path: '/patients/new' });
    await userEvent.type(screen.getByLabelText(/Nome Completo/), 'Maria Souza');
    await userEvent.type(screen.getByLabelText(/Idade/), '38');
    await userEvent.selectOptions(screen.getByLabelText(/Sexo/), 'F');
    await userEvent.type(screen.getByLabelText(/CPF/), '52998224725');
    expect((screen.getByLabelText(/CPF/) as HTMLInputElement).value).toBe('529.982.247-25');
    await userEvent.type(screen.getByLabelText(/Empresa/), 'Metalúrgica Sul');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Paciente' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Paciente cadastrado com sucesso!', undefined));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Maria Souza', age: 38, sex: 'F', birthDate: null, cpf: '52998224725', phone: null, email: null, address: null, company: 'Metalúrgica Sul', jobTitle: null,
    });
    // stays busy (nothing sent twice) until it leaves
    expect((screen.getByRole('button', { name: /Salvando/ }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(location()).toBe('/patients'));
  });

  it("a refused worker: the banner, the server's issue under its field, the form usable again", async () => {
    fakeApi({ 'POST /patients': { status: 400, body: { message: 'Dados inválidos', issues: [{ path: ['cpf'], message: 'CPF inválido' }] } } });
    const error = vi.spyOn(toast, 'error');
    renderApp(<PatientNewPage />, { path: '/patients/new' });
    await userEvent.type(screen.getByLabelText(/Nome Completo/), 'Paciente CPF Inválido');
    await userEvent.type(screen.getByLabelText(/Idade/), '30');
    await userEvent.type(screen.getByLabelText(/CPF/), '11111111112');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Paciente' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Dados inválidos'));
    expect(screen.getByText('CPF inválido')).toBeTruthy();
    expect(screen.getByLabelText(/CPF/).getAttribute('aria-invalid')).toBe('true');
    expect(error).toHaveBeenCalledWith('Dados inválidos', undefined);
    expect((screen.getByLabelText(/Nome Completo/) as HTMLInputElement).value).toBe('Paciente CPF Inválido');
    expect((screen.getByRole('button', { name: 'Salvar Paciente' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('PatientForm on /patients/{id}/edit', () => {
  it('starts from the stored worker, sends the change with a loading toast turned success, and goes back to the worker page', async () => {
    const calls = fakeApi({ 'GET /patients/p1': { body: stored }, 'PUT /patients/p1': ({ body }) => ({ body: { ...stored, ...(body as object) } }) });
    vi.spyOn(toast, 'loading').mockReturnValue('t-1');
    const success = vi.spyOn(toast, 'success');
    const { location } = renderApp(<PatientEditPage />, { path: '/patients/p1/edit', route: '/patients/:id/edit' });

    const company = (await screen.findByLabelText(/Empresa/)) as HTMLInputElement;
    expect(company.value).toBe('Metalúrgica Sul');
    expect((screen.getByLabelText(/CPF/) as HTMLInputElement).value).toBe('529.982.247-25');
    await userEvent.clear(company);
    await userEvent.type(company, 'Usinagem Norte');
    await userEvent.clear(screen.getByLabelText(/Cargo/));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Paciente atualizado com sucesso!', { id: 't-1' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'José da Silva', age: 45, cpf: '52998224725', company: 'Usinagem Norte', jobTitle: null });
    await waitFor(() => expect(location()).toBe('/patients/p1'));
  });
});
