import { DomainError } from '../shared/domain-error';
import { err, ok, type Result } from '../shared/result';

export class InvalidCpfError extends DomainError {
  readonly code = 'PATIENT.INVALID_CPF';
  constructor(field = 'cpf') {
    super('CPF inválido: confira os dígitos verificadores', [{ path: field, message: 'CPF inválido: confira os dígitos verificadores' }]);
  }
}

/** A Brazilian CPF, kept as 11 digits (mask removed) and valid by its two check digits. */
export class Cpf {
  private constructor(readonly value: string) {}

  /** Accepts `529.982.247-25` or `52998224725`; refuses wrong length, repeated digits, bad check digits. */
  static parse(raw: string, field = 'cpf'): Result<Cpf, InvalidCpfError> {
    const digits = raw.replace(/[.\-\s/]/g, '');
    if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return err(new InvalidCpfError(field));
    const check = (len: number) => {
      let sum = 0;
      for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    if (check(9) !== Number(digits[9]) || check(10) !== Number(digits[10])) return err(new InvalidCpfError(field));
    return ok(new Cpf(digits));
  }

  /** `529.982.247-25` */
  formatted(): string {
    return this.value.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  }

  equals(other: Cpf | undefined | null): boolean {
    return !!other && other.value === this.value;
  }
}
