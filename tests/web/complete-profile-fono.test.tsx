// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CompleteProfileModal } from '../../web/src/features/profile';
import { doctor, fakeApi, memberWith, renderApp } from './support/render-app';

/** Issue 18: an invited fonoaudiólogo drafts laudos too; the completion modal asks for her CRFa, never a CRM. */
describe('CompleteProfileModal for a fonoaudiólogo', () => {
  it('asks the CRFa, its region and the specialization, and sends them (no CRM)', async () => {
    const fono = memberWith(['fonoaudiologo'], { professionalType: 'Fonoaudiologo', crm: null, crmState: null, crfa: '12345', crfaRegion: null });
    const calls = fakeApi({ 'PUT /users/me/profile': { body: { ...fono, crfaRegion: '2', specialization: 'Audiologia', profileCompleted: true } } });
    const onCompleted = vi.fn();
    renderApp(
      <CompleteProfileModal open userId={fono.id} initial={{ professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: null, specialization: null }} onCompleted={onCompleted} onCancel={() => {}} />,
      { user: fono },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Complete seu perfil profissional' });
    expect(dialog.textContent).toContain('CRFa');
    expect(screen.queryByLabelText(/^CRM/)).toBeNull();
    expect((screen.getByLabelText(/^CRFa/) as HTMLInputElement).value).toBe('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(calls).toEqual([]); // region and specialization are missing
    await userEvent.selectOptions(screen.getByLabelText(/Região do CRFa/), '2');
    await userEvent.selectOptions(screen.getByLabelText(/Especialização/), 'Audiologia');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/users/me/profile' });
    expect(calls[0].body).toMatchObject({ Crm: '', CrmState: '', Crfa: '12345', CrfaRegion: '2', Specialization: 'Audiologia' });
  });

  it('a physician still gets the CRM modal', async () => {
    fakeApi();
    renderApp(<CompleteProfileModal open userId={doctor.id} initial={{ professionalType: 'Medico', crm: null, crmState: null, specialization: null }} onCompleted={() => {}} onCancel={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Complete seu perfil médico' })).toBeTruthy();
    expect(screen.getByLabelText(/^CRM/)).toBeTruthy();
  });
});
