/**
 * Identification rules of the eSocial events (leiaute S-1.3, tipos.xsd; docs/esocial.md §3).
 */

/** tpInsc of an employer: 1 CNPJ (Tabela 05). Limiar's companies are identified by CNPJ only. */
export const TP_INSC_CNPJ = 1;

/**
 * ideEmpregador/nrInsc of a CNPJ employer: the base (raiz) of eight characters, as informed in S-1000
 * (the leiaute: "Se tpInsc = 1, informar a raiz/base de oito posições, exceto se natureza jurídica de
 * administração pública direta federal … caso em que deve ser informado o CNPJ completo"). Public
 * administration employers are not Limiar's public: the base is always used.
 */
export function employerInscription(cnpj: string): string {
  return cnpj.slice(0, 8);
}

/** Pattern of TS_Id (tipos.xsd): `ID\d{1}[A-Z0-9]{12}\d{21}`, 36 characters. */
export const EVENT_ID_PATTERN = /^ID\d[A-Z0-9]{12}\d{21}$/;

/** The prefix of every Id generated for an employer in one second: ID + tpInsc + nrInsc (14) + AAAAMMDDHHMMSS. */
export function eventIdPrefix(cnpj: string, at: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  // the timestamp is the generation's in Brasília time (UTC−3, no daylight saving since 2019)
  const b = new Date(at.getTime() - 3 * 3600_000);
  const stamp = `${b.getUTCFullYear()}${p(b.getUTCMonth() + 1)}${p(b.getUTCDate())}${p(b.getUTCHours())}${p(b.getUTCMinutes())}${p(b.getUTCSeconds())}`;
  return `ID${TP_INSC_CNPJ}${cnpj.padEnd(14, '0')}${stamp}`;
}

/**
 * The event Id (REGRA_VALIDA_ID_EVENTO): "ID" + tpInsc (1 digit) + the employer's inscription
 * completed with zeros on the right to 14 characters (a CNPJ employer informs the full 14-character
 * CNPJ here, not the base) + AAAAMMDDHHMMSS of the generation + a 5-digit sequence, incremented only
 * for events generated in the same second (starts at 1).
 */
export function esocialEventId(cnpj: string, at: Date, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99_999) throw new RangeError(`sequência do Id fora de 1..99999: ${sequence}`);
  return `${eventIdPrefix(cnpj, at)}${String(sequence).padStart(5, '0')}`;
}

/** TS_nrRecibo (tipos.xsd): `1.` + one digit + `.` + 19 digits, 23 characters (e.g. 1.2.0000000000012345678). */
export const RECEIPT_PATTERN = /^1\.\d\.\d{19}$/;

export const RECEIPT_FORMAT_MESSAGE = 'Número do recibo inválido: o eSocial informa o recibo no formato 1.D.DDDDDDDDDDDDDDDDDDD (23 caracteres, ex. 1.2.0000000000012345678).';

/** The receipt as typed (spaces removed), or undefined when it is not one. */
export function parseReceipt(raw: string): string | undefined {
  const v = raw.replace(/\s+/g, '');
  return RECEIPT_PATTERN.test(v) ? v : undefined;
}
