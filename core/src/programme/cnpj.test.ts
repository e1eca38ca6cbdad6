import { describe, expect, it } from 'vitest';
import { Cnpj, cnpjWithCheckDigits, formatCnpj } from './cnpj';

describe('Cnpj', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '33.000.167/0001-01', '60.746.948/0001-12', ' 00.000.000/0001-91 '])('accepts the valid numeric CNPJ %s', (raw) => {
    const r = Cnpj.parse(raw);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.value).toMatch(/^\d{14}$/);
  });

  it('accepts the alphanumeric CNPJ of the Receita Federal example (12.ABC.345/01DE-35)', () => {
    const r = Cnpj.parse('12.abc.345/01de-35');
    expect(r.ok && r.value.value).toBe('12ABC34501DE35');
    expect(r.ok && r.value.formatted()).toBe('12.ABC.345/01DE-35');
  });

  it.each([
    ['wrong first check digit', '11.222.333/0001-91'],
    ['wrong second check digit', '11.222.333/0001-82'],
    ['13 digits', '1122233300018'],
    ['15 digits', '112223330001811'],
    ['all the same digit', '11111111111111'],
    ['letters in a check digit', '12ABC34501DEA5'],
    ['symbols', '11#222333000181'],
    ['empty', ''],
  ])('refuses %s with the pt-BR message', (_label, raw) => {
    const r = Cnpj.parse(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('COMPANY.INVALID_CNPJ');
      expect(r.error.message).toBe('CNPJ inválido: confira os dígitos verificadores');
      expect(r.error.issues[0].path).toBe('cnpj');
    }
  });

  it('completes a base with its check digits, and every completed base parses', () => {
    expect(cnpjWithCheckDigits('112223330001')).toBe('11222333000181');
    for (let i = 0; i < 500; i++) {
      const base = String(100000000000 + i * 7919).slice(0, 12);
      expect(Cnpj.parse(cnpjWithCheckDigits(base)).ok).toBe(true);
    }
  });

  it('formats 14 characters with the mask and leaves anything else alone', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('123')).toBe('123');
  });
});
