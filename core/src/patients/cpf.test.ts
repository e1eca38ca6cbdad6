import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cpf } from './cpf';

describe('Cpf', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', ' 111 444 777 35 '])('accepts %s', (raw) => {
    expect(Cpf.parse(raw).ok).toBe(true);
  });

  it.each(['529.982.247-26', '52998224735', '11111111111', '1234567890', '123456789012', 'abc.def.ghi-jk', ''])('refuses %s', (raw) => {
    expect(Cpf.parse(raw)).toMatchObject({ ok: false, error: { code: 'PATIENT.INVALID_CPF', message: 'CPF inválido: confira os dígitos verificadores' } });
  });

  it('keeps 11 digits and formats with the mask', () => {
    const cpf = Cpf.parse('529.982.247-25');
    expect(cpf.ok && [cpf.value.value, cpf.value.formatted()]).toEqual(['52998224725', '529.982.247-25']);
  });

  it('changing any single digit of a valid CPF makes it invalid', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
      const digits = '52998224725'.split('');
      digits[pos] = String((Number(digits[pos]) + delta) % 10);
      return !Cpf.parse(digits.join('')).ok;
    }));
  });
});
