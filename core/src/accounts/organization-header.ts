import { DomainError, fixedError } from '../shared/domain-error';
import { Cnpj } from '../programme/cnpj';

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

const blank = (v: string | null | undefined) => (v ?? '').trim() || null;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validates and normalises the header (CNPJ kept as 14 characters without the mask, empty fields as null), or the pt-BR issues. */
export function parseOrganizationHeader(input: OrganizationHeaderInput):
  { ok: true; value: { name: string; cnpj: string | null; address: string | null; phone: string | null; email: string | null } } | { ok: false; error: InvalidOrganizationError } {
  const issues: { path: string; message: string }[] = [];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2) issues.push({ path: 'name', message: 'Informe o nome da clínica ou organização' });
  if (name.length > 120) issues.push({ path: 'name', message: 'Nome muito longo (máximo 120 caracteres)' });
  const typedCnpj = blank(input.cnpj);
  const parsedCnpj = typedCnpj ? Cnpj.parse(typedCnpj) : null;
  if (parsedCnpj && !parsedCnpj.ok) issues.push(...parsedCnpj.error.issues);
  const address = blank(input.address);
  if (address && address.length > 300) issues.push({ path: 'address', message: 'Endereço muito longo (máximo 300 caracteres)' });
  const phone = blank(input.phone);
  if (phone && (phone.length > 30 || digits(phone).length < 8)) issues.push({ path: 'phone', message: 'Telefone inválido' });
  const email = blank(input.email)?.toLowerCase() ?? null;
  if (email && (!EMAIL.test(email) || email.length > 200)) issues.push({ path: 'email', message: 'E-mail inválido' });
  if (issues.length) return { ok: false, error: new InvalidOrganizationError(issues[0].message, issues) };
  return { ok: true, value: { name, cnpj: parsedCnpj?.ok ? parsedCnpj.value.value : null, address, phone, email } };
}

/** PNG or JPEG by magic bytes (the declared type is not trusted; SVG is refused: it can carry script). */
export function sniffLogoType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
