import { DomainError, fixedError } from '../shared/domain-error';

/** The laudo header's fields that the professional edits in Configurações → Clínica (issue 14). */
export interface OrganizationHeaderInput {
  readonly name: string;
  readonly cnpj?: string | null;
  readonly address?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
}

export class InvalidOrganizationError extends DomainError {
  readonly code = 'ORGANIZATION.INVALID';
}

export class LogoTooLargeError extends fixedError('UPLOAD.TOO_LARGE', 'O logotipo é muito grande. Tamanho máximo: 1 MB.') {}

export class LogoUnsupportedTypeError extends fixedError('UPLOAD.UNSUPPORTED_TYPE', 'Formato de logotipo não suportado. Envie uma imagem PNG ou JPEG.') {}

export const LOGO_MAX_BYTES = 1024 * 1024;

const digits = (v: string) => v.replace(/\D/g, '');

/** True for 14 digits with both check digits right (Receita Federal modulo-11), not all equal. */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const check = (base: string) => {
    let weight = base.length - 7;
    let sum = 0;
    for (const ch of base) {
      sum += Number(ch) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = check(d.slice(0, 12));
  const second = check(d.slice(0, 12) + String(first));
  return first === Number(d[12]) && second === Number(d[13]);
}

/** 00.000.000/0000-00 for 14 digits; anything else as given. */
export function formatCnpj(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = digits(value);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : value;
}

const blank = (v: string | null | undefined) => (v ?? '').trim() || null;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validates and normalises the header (CNPJ kept as 14 digits, empty fields as null), or the pt-BR issues. */
export function parseOrganizationHeader(input: OrganizationHeaderInput):
  { ok: true; value: { name: string; cnpj: string | null; address: string | null; phone: string | null; email: string | null } } | { ok: false; error: InvalidOrganizationError } {
  const issues: { path: string; message: string }[] = [];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2) issues.push({ path: 'name', message: 'Informe o nome da clínica ou organização' });
  if (name.length > 120) issues.push({ path: 'name', message: 'Nome muito longo (máximo 120 caracteres)' });
  const cnpj = blank(input.cnpj);
  if (cnpj && !isValidCnpj(cnpj)) issues.push({ path: 'cnpj', message: 'CNPJ inválido: confira os dígitos verificadores' });
  const address = blank(input.address);
  if (address && address.length > 300) issues.push({ path: 'address', message: 'Endereço muito longo (máximo 300 caracteres)' });
  const phone = blank(input.phone);
  if (phone && (phone.length > 30 || digits(phone).length < 8)) issues.push({ path: 'phone', message: 'Telefone inválido' });
  const email = blank(input.email)?.toLowerCase() ?? null;
  if (email && (!EMAIL.test(email) || email.length > 200)) issues.push({ path: 'email', message: 'E-mail inválido' });
  if (issues.length) return { ok: false, error: new InvalidOrganizationError(issues[0].message, issues) };
  return { ok: true, value: { name, cnpj: cnpj ? digits(cnpj) : null, address, phone, email } };
}

/** PNG or JPEG by magic bytes (the declared type is not trusted; SVG is refused: it can carry script). */
export function sniffLogoType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
