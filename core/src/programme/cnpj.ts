import { DomainError } from '../shared/domain-error';
import { err, ok, type Result } from '../shared/result';

export class InvalidCnpjError extends DomainError {
  readonly code = 'COMPANY.INVALID_CNPJ';
  constructor(field = 'cnpj') {
    super('CNPJ inválido: confira os dígitos verificadores', [{ path: field, message: 'CNPJ inválido: confira os dígitos verificadores' }]);
  }
}

/**
 * A Brazilian CNPJ, kept as 14 characters without the mask. The 12 leading characters may be digits
 * or, for CNPJs issued from July 2026 on (Receita Federal, IN RFB 2.229/2024), upper-case letters; the
 * two check digits are always digits. Each character weighs its ASCII code minus 48 (so a digit weighs
 * itself), the weights run 2..9 from the right, and a check digit is 0 when the remainder mod 11 is
 * below 2, else 11 minus it — the classic rule, unchanged for numeric CNPJs.
 */
export class Cnpj {
  private constructor(readonly value: string) {}

  /** Accepts `11.222.333/0001-81`, `11222333000181` or an alphanumeric `12.ABC.345/01DE-35`. */
  static parse(raw: string, field = 'cnpj'): Result<Cnpj, InvalidCnpjError> {
    const v = raw.replace(/[.\-\s/]/g, '').toUpperCase();
    if (!/^[0-9A-Z]{12}\d{2}$/.test(v) || /^(.)\1{13}$/.test(v)) return err(new InvalidCnpjError(field));
    if (checkDigit(v.slice(0, 12)) !== Number(v[12]) || checkDigit(v.slice(0, 13)) !== Number(v[13])) return err(new InvalidCnpjError(field));
    return ok(new Cnpj(v));
  }

  /** `11.222.333/0001-81` */
  formatted(): string {
    return formatCnpj(this.value);
  }
}

function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const weight = ((body.length - 1 - i) % 8) + 2;
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The check digits that complete a 12-character CNPJ base (tests and fixtures build valid CNPJs with it). */
export function cnpjWithCheckDigits(base12: string): string {
  const base = base12.toUpperCase();
  const first = checkDigit(base);
  return `${base}${first}${checkDigit(base + first)}`;
}

/** `11.222.333/0001-81` from 14 characters; null for nothing; anything else is returned as it is. */
export function formatCnpj(value: string): string;
export function formatCnpj(value: string | null | undefined): string | null;
export function formatCnpj(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^[0-9A-Z]{14}$/.test(value) ? value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5') : value;
}

/** True for a valid CNPJ, masked or not (see Cnpj.parse). */
export function isValidCnpj(value: string): boolean {
  return Cnpj.parse(value).ok;
}
