import { describe, expect, it } from 'vitest';
import { ageFrom, displayAge } from './patient';
import { validatePatientInput } from './patient-rules';

const today = new Date('2026-11-22T12:00:00Z');
const base = { name: 'José da Silva', age: 40, sex: 'M' };
const issuesOf = (input: object, maxAge?: number) => {
  const r = validatePatientInput(input, today, maxAge);
  return r.ok ? [] : r.error.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('validatePatientInput (spec §5)', () => {
  it.each([
    [{ age: 0 }, []], [{ age: 150 }, []], [{ age: -1 }, ['age: Idade deve ser um número inteiro entre 0 e 150']],
    [{ age: 151 }, ['age: Idade deve ser um número inteiro entre 0 e 150']], [{ age: 40.5 }, ['age: Idade deve ser um número inteiro entre 0 e 150']],
    [{ age: '37' }, []], [{ age: null }, ['age: Idade é obrigatória']], [{ age: null, birthDate: '1980-05-01' }, []],
    [{ name: '  ' }, ['name: Nome é obrigatório']], [{ sex: '' }, ['sex: Sexo é obrigatório']],
    [{ sex: 'X' }, ['sex: Sexo inválido: use Masculino, Feminino ou Outro (M, F, O)']],
    [{ cpf: '529.982.247-26' }, ['cpf: CPF inválido: confira os dígitos verificadores']],
    [{ birthDate: '2027-01-01' }, ['birthDate: Data de nascimento inválida']], [{ birthDate: '1990-02-30' }, ['birthDate: Data de nascimento inválida']],
    [{ email: 'jose@' }, ['email: E-mail inválido']], [{ phone: 'abc' }, ['phone: Telefone inválido']],
  ])('%o → %o', (change, expected) => expect(issuesOf({ ...base, ...change })).toEqual(expected));

  it('uses the exam form limit of 120 when asked (spec §9)', () => {
    expect(issuesOf({ ...base, age: 121 }, 120)).toEqual(['age: Idade deve ser um número inteiro entre 0 e 120']);
    expect(issuesOf({ ...base, age: 120 }, 120)).toEqual([]);
  });

  it('accepts the spec words for sex and normalises CPF, e-mail, empty optionals', () => {
    const r = validatePatientInput({ ...base, sex: 'Feminino', cpf: '529.982.247-25', email: 'Ana@X.com', company: ' ', jobTitle: '' }, today);
    expect(r).toMatchObject({ ok: true, value: { sex: 'F', cpf: '52998224725', email: 'ana@x.com', company: null, jobTitle: null } });
  });

  it('reports every bad field at once', () => {
    expect(issuesOf({ name: '', age: 200, sex: '' })).toHaveLength(3);
  });
});

describe('age', () => {
  it.each([
    ['1986-11-22', 40], ['1986-11-23', 39], ['1986-11-21', 40], ['2026-11-22', 0],
  ])('born %s → %i on 2026-11-22', (birth, age) => expect(ageFrom(birth, today)).toBe(age));
  it('shows the stored age first, then the computed one', () => {
    expect(displayAge({ age: 33, birthDate: '1986-11-22' }, today)).toBe(33);
    expect(displayAge({ age: null, birthDate: '1986-11-22' }, today)).toBe(40);
    expect(displayAge({ age: null, birthDate: null }, today)).toBeNull();
  });
});
