import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validateProfileCompletion, validateProfileUpdate, validateRegistration } from './account-rules';

const valid = {
  name: 'Ana Souza', email: 'Ana@Clinica.com.br', password: 'segredo1', confirmPassword: 'segredo1',
  professionalType: 'Medico', crm: '123456', crmState: 'SP',
};
const messageOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? 'ok' : r.error!.message);

describe('validateRegistration — spec §5, in its order', () => {
  it.each([
    ['missing name', { name: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    ['missing type', { professionalType: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    ['bad e-mail', { email: 'ana@' }, 'Informe um e-mail válido'],
    ['unknown type', { professionalType: 'Dentista' }, 'Tipo de profissional inválido'],
    // 1 before 2: mismatched AND short passwords report the mismatch
    ['passwords differ (and are short)', { password: '123', confirmPassword: '1234' }, 'As senhas não coincidem'],
    ['7 characters', { password: 'abc1234', confirmPassword: 'abc1234' }, 'A senha deve ter pelo menos 8 caracteres'],
    // 2 before 3: short password reported before a missing CRM
    ['short password and no CRM', { password: '12345', confirmPassword: '12345', crm: '' }, 'A senha deve ter pelo menos 8 caracteres'],
    ['Medico without CRM', { crm: '' }, 'CRM e Estado são obrigatórios para médicos'],
    ['Medico without UF', { crmState: null }, 'CRM e Estado são obrigatórios para médicos'],
    ['Fonoaudiologo without CRFa', { professionalType: 'Fonoaudiologo', crfaRegion: '2' }, 'CRFa e Região são obrigatórios para fonoaudiólogos'],
    ['Fonoaudiologo without region', { professionalType: 'Fonoaudiologo', crfa: '9876' }, 'CRFa e Região são obrigatórios para fonoaudiólogos'],
    ['Engenheiro without CREA', { professionalType: 'Engenheiro', creaState: 'MG' }, 'CREA e Estado são obrigatórios para engenheiros'],
    ['EngenheiroTrabalho alias without UF', { professionalType: 'EngenheiroTrabalho', crea: '555' }, 'CREA e Estado são obrigatórios para engenheiros'],
    ['unknown UF', { crmState: 'XX' }, 'Estado (UF) inválido'],
    ['unknown CRFa region', { professionalType: 'Fonoaudiologo', crfa: '1', crfaRegion: '8' }, 'Região do CRFa inválida'],
  ])('%s → %s', (_case, change, message) => {
    expect(messageOf(validateRegistration({ ...valid, ...change } as typeof valid))).toBe(message);
  });

  it('8 characters is enough (boundary, ASVS level 2)', () => {
    expect(validateRegistration({ ...valid, password: 'ab3-cd5!', confirmPassword: 'ab3-cd5!' }).ok).toBe(true);
  });

  it.each(['123456', 'aaaaaa', 'password', 'PASSWORD', '12345678', 'iloveyou', 'Sunshine', 'qwertyuiop', 'trustno1'])(
    'refuses the short or common password %s', (password) => {
      const message = messageOf(validateRegistration({ ...valid, password, confirmPassword: password }));
      expect(['A senha deve ter pelo menos 8 caracteres', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.']).toContain(message);
      expect(message).toBe(password.length < 8 ? 'A senha deve ter pelo menos 8 caracteres' : 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.');
    });

  it('normalises the e-mail and keeps only the registry of the chosen type', () => {
    const r = validateRegistration({ ...valid, professionalType: 'EngenheiroTrabalho', crea: ' 7788 ', creaState: 'mg', crfa: '1', crfaRegion: '1' });
    expect(r).toMatchObject({ ok: true, value: { email: 'ana@clinica.com.br', professionalType: 'Engenheiro',
      registry: { crm: null, crmState: null, crfa: null, crfaRegion: null, crea: '7788', creaState: 'MG' } } });
  });
});

describe('validateProfileUpdate — settings form', () => {
  const base = { name: 'Ana', email: 'ana@x.com', professionalType: 'Medico', crm: '123456', crmState: 'RJ' };
  it.each([
    [{ crm: '1234567' }, 'CRM deve ter no máximo 6 caracteres'],
    [{ crm: '' }, 'CRM e Estado são obrigatórios para médicos'],
    [{ email: 'x' }, 'Informe um e-mail válido'],
    [{ name: ' ' }, 'Por favor, preencha todos os campos obrigatórios'],
  ])('%o → %s', (change, message) => expect(messageOf(validateProfileUpdate({ ...base, ...change }))).toBe(message));

  it('accepts a 6-character CRM (boundary) and empty optional fields as null', () => {
    expect(validateProfileUpdate({ ...base, specialization: '', phoneNumber: '  ' })).toMatchObject({ ok: true, value: { specialization: null, phoneNumber: null } });
  });
});

describe('validateProfileCompletion — the modal', () => {
  const base = { crm: '1234', crmState: 'SP', specialization: 'Audiologia' };
  it.each([
    [{ crm: '123' }, 'CRM deve ter pelo menos 4 dígitos'],
    [{ crm: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    [{ specialization: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    [{ specialization: 'Cardiologia' }, 'Especialização inválida'],
  ])('%o → %s', (change, message) => expect(messageOf(validateProfileCompletion({ ...base, ...change }))).toBe(message));
  it('accepts 4 characters (boundary)', () => expect(validateProfileCompletion(base).ok).toBe(true));
});

describe('validatePasswordChange', () => {
  it.each([
    [{ currentPassword: '' }, 'Por favor, preencha todos os campos obrigatórios'],
    [{ newPassword: 'abc1234', confirmNewPassword: 'abc1234' }, 'A senha deve ter pelo menos 8 caracteres'],
    [{ confirmNewPassword: 'outra1' }, 'As senhas não coincidem'],
    [{ newPassword: 'football', confirmNewPassword: 'football' }, 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
    [{ currentPassword: 'Nova-senha-8' }, 'A nova senha deve ser diferente da senha atual'],
  ])('%o → %s', (change, message) =>
    expect(messageOf(validatePasswordChange({ currentPassword: 'velha1', newPassword: 'Nova-senha-8', confirmNewPassword: 'Nova-senha-8', ...change }))).toBe(message));
});
