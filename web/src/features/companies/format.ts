/** Progressive CNPJ mask 00.000.000/0000-00 over the typed characters (digits, or the 2026 alphanumeric form; max 14). */
export function maskCnpj(value: string): string {
  const c = value.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 14);
  return c
    .replace(/^(.{2})(.)/, '$1.$2')
    .replace(/^(.{2})\.(.{3})(.)/, '$1.$2.$3')
    .replace(/^(.{2})\.(.{3})\.(.{3})(.)/, '$1.$2.$3/$4')
    .replace(/^(.{2})\.(.{3})\.(.{3})\/(.{4})(.)/, '$1.$2.$3/$4-$5');
}

/** The 14 characters the API stores, from what was typed (mask removed). */
export const cnpjCharacters = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** "12,5" or "12.5" → 12.5; blank → null; anything else → NaN (the form says so). */
export function decimalOrNull(value: string): number | null {
  const t = value.trim().replace(',', '.');
  return t === '' ? null : Number(t);
}

/** 85.3 → "85,3". */
export const decimalText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

/** "1.234" with the pt-BR thousands dot. */
export const count = (n: number) => n.toLocaleString('pt-BR');
