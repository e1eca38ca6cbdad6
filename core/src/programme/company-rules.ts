import { EMAIL_PATTERN } from '../accounts/account-rules';
import { err, ok, type Result } from '../shared/result';
import { Cnpj } from './cnpj';
import { DEFAULT_PERIODICITY_MONTHS, EXPOSURE_METRICS, type Company, type ExposureMetric, type NoiseExposure } from './company';
import { InvalidCompanyError, InvalidEmploymentError, InvalidGheError, InvalidSectorError } from './programme-errors';

/*
 * Input rules of the programme's records (issue 19): companies, sectors, GHEs with their noise
 * exposure, and employment periods. Every bad field is reported at once, with a pt-BR message and the
 * field's path. Blank text is null. Which ids exist (and belong to the same company) is the use cases'.
 */

type Issue = { path: string; message: string };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

const daysInMonth = (y: number, m: number) => (m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** A real calendar date YYYY-MM-DD from 1900 on (no time part). */
export function isRealIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1900 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** A length-limited optional text: trimmed, blank = null. */
function limited(v: unknown, path: string, label: string, max: number, issues: Issue[]): string | null {
  const t = text(v);
  if (t && t.length > max) issues.push({ path, message: `${label} deve ter no máximo ${max} caracteres` });
  return t;
}

/** An optional ISO date (real, from 1900): null when blank. */
function optionalDate(v: unknown, path: string, label: string, issues: Issue[]): string | null {
  const t = text(v);
  if (t === null) return null;
  if (!isRealIsoDate(t)) {
    issues.push({ path, message: `${label} inválida: use uma data real no formato AAAA-MM-DD` });
    return null;
  }
  return t;
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return null;
  const n = typeof v === 'string' ? Number(v.trim().replace(',', '.')) : typeof v === 'number' ? v : NaN;
  return n;
};
const oneDecimal = (n: number) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6;

// --- companies -------------------------------------------------------------------------------------

export interface CompanyInput {
  name?: string | null;
  tradeName?: string | null;
  cnpj?: string | null;
  address?: string | null;
  cnae?: string | null;
  riskGrade?: number | string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

/** The company's own fields, checked and normalised. */
export type ValidCompany = Pick<Company, 'name' | 'tradeName' | 'cnpj' | 'address' | 'cnae' | 'riskGrade' | 'contactName' | 'contactEmail' | 'contactPhone'>;

export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 200;

/**
 * Company rules: razão social 2–200 characters (required); CNPJ optional, check digits (numeric or the
 * 2026 alphanumeric form); CNAE loose (digits with the usual separators, 4–7 digits, e.g. 2512-8/00);
 * grau de risco 1–4 (NR-4); contact e-mail and phone formats.
 */
export function validateCompanyInput(input: CompanyInput): Result<ValidCompany, InvalidCompanyError> {
  const issues: Issue[] = [];
  const name = text(input.name);
  if (!name) issues.push({ path: 'name', message: 'Razão social é obrigatória' });
  else if (name.length < COMPANY_NAME_MIN || name.length > COMPANY_NAME_MAX) issues.push({ path: 'name', message: `Razão social deve ter entre ${COMPANY_NAME_MIN} e ${COMPANY_NAME_MAX} caracteres` });
  const tradeName = limited(input.tradeName, 'tradeName', 'Nome fantasia', COMPANY_NAME_MAX, issues);
  let cnpj: string | null = null;
  if (text(input.cnpj)) {
    const parsed = Cnpj.parse(text(input.cnpj)!);
    if (parsed.ok) cnpj = parsed.value.value;
    else issues.push({ path: 'cnpj', message: parsed.error.message });
  }
  const address = limited(input.address, 'address', 'Endereço', 500, issues);
  const cnae = text(input.cnae);
  if (cnae && (!/^[0-9][0-9.\-/\s]*$/.test(cnae) || !/^\d{4,7}$/.test(cnae.replace(/\D/g, '')))) {
    issues.push({ path: 'cnae', message: 'CNAE inválido: use o código da subclasse, como 2512-8/00' });
  }
  let riskGrade: ValidCompany['riskGrade'] = null;
  const grade = toNumber(input.riskGrade);
  if (grade !== null) {
    if (![1, 2, 3, 4].includes(grade)) issues.push({ path: 'riskGrade', message: 'Grau de risco deve ser 1, 2, 3 ou 4 (NR-4)' });
    else riskGrade = grade as 1 | 2 | 3 | 4;
  }
  const contactName = limited(input.contactName, 'contactName', 'Nome do contato', 200, issues);
  const contactEmail = text(input.contactEmail)?.toLowerCase() ?? null;
  if (contactEmail && (contactEmail.length > 254 || !EMAIL_PATTERN.test(contactEmail))) issues.push({ path: 'contactEmail', message: 'E-mail inválido' });
  const contactPhone = text(input.contactPhone);
  if (contactPhone && !/^\+?[\d\s().-]{8,20}$/.test(contactPhone)) issues.push({ path: 'contactPhone', message: 'Telefone inválido' });
  if (issues.length) return err(new InvalidCompanyError(issues[0].message, issues));
  return ok({ name: name!, tradeName, cnpj, address, cnae, riskGrade, contactName, contactEmail, contactPhone });
}

// --- sectors -------------------------------------------------------------------------------------------

export const SECTOR_NAME_MAX = 120;

export function validateSectorName(raw: unknown): Result<string, InvalidSectorError> {
  const name = text(raw);
  const message = !name ? 'Nome do setor é obrigatório' : name.length > SECTOR_NAME_MAX ? `Nome do setor deve ter no máximo ${SECTOR_NAME_MAX} caracteres` : null;
  return message ? err(new InvalidSectorError(message, [{ path: 'name', message }])) : ok(name!);
}

// --- GHEs -------------------------------------------------------------------------------------------------

export interface ExposureInput {
  metric?: string | null;
  levelDbA?: number | string | null;
  dosePercent?: number | string | null;
  assessedAt?: string | null;
  source?: string | null;
}

export interface GheInput {
  name?: string | null;
  sectorId?: string | null;
  description?: string | null;
  exposure?: ExposureInput | null;
  periodicityMonths?: number | string | null;
}

export interface ValidGhe {
  name: string;
  sectorId: string | null;
  description: string | null;
  exposure: NoiseExposure | null;
  periodicityMonths: number;
}

export const GHE_NAME_MAX = 120;
export const LEVEL_DBA_MAX = 160;
export const DOSE_PERCENT_MAX = 100_000;

/**
 * The noise assessment: level 0–160 dB(A) and dose ≥ 0 %, each with at most one decimal; the metric
 * (LAVG of NR-15 or NEN of NHO-01) is required when a level or a dose is given, and LAVG is assumed for
 * an assessment without figures; the date is real and not in the future. Nothing filled in = null.
 */
export function validateExposure(input: ExposureInput | null | undefined, today: string, issues: Issue[], prefix = 'exposure'): NoiseExposure | null {
  if (!input) return null;
  const before = issues.length;
  const rawMetric = text(input.metric)?.toUpperCase() ?? null;
  let metric: ExposureMetric | null = null;
  if (rawMetric) {
    if ((EXPOSURE_METRICS as readonly string[]).includes(rawMetric)) metric = rawMetric as ExposureMetric;
    else issues.push({ path: `${prefix}.metric`, message: 'Métrica inválida: use LAVG (NR-15) ou NEN (NHO-01)' });
  }
  const level = toNumber(input.levelDbA);
  if (level !== null && (!Number.isFinite(level) || level < 0 || level > LEVEL_DBA_MAX || !oneDecimal(level))) {
    issues.push({ path: `${prefix}.levelDbA`, message: `Nível de exposição deve ser um número entre 0 e ${LEVEL_DBA_MAX} dB(A), com até uma casa decimal` });
  }
  const dose = toNumber(input.dosePercent);
  if (dose !== null && (!Number.isFinite(dose) || dose < 0 || dose > DOSE_PERCENT_MAX || !oneDecimal(dose))) {
    issues.push({ path: `${prefix}.dosePercent`, message: 'Dose deve ser um número maior ou igual a 0 %, com até uma casa decimal' });
  }
  const assessedAt = text(input.assessedAt);
  if (assessedAt && (!isRealIsoDate(assessedAt) || assessedAt > today)) {
    issues.push({ path: `${prefix}.assessedAt`, message: 'Data da avaliação inválida ou no futuro' });
  }
  const source = limited(input.source, `${prefix}.source`, 'Fonte da avaliação', 300, issues);
  if ((level !== null || dose !== null) && !rawMetric) {
    issues.push({ path: `${prefix}.metric`, message: 'Informe a métrica do nível ou da dose: LAVG (NR-15) ou NEN (NHO-01)' });
  }
  if (issues.length > before) return null;
  if (level === null && dose === null && !metric && !assessedAt && !source) return null;
  return { metric: metric ?? 'LAVG', levelDbA: level, dosePercent: dose, assessedAt, source };
}

/** GHE rules: name 1–120, description ≤ 1000, the exposure (validateExposure), periodicity 1–12 months (NR-7 Anexo II 4.1/4.2). */
export function validateGheInput(input: GheInput, today: string): Result<ValidGhe, InvalidGheError> {
  const issues: Issue[] = [];
  const name = text(input.name);
  if (!name) issues.push({ path: 'name', message: 'Nome do GHE é obrigatório' });
  else if (name.length > GHE_NAME_MAX) issues.push({ path: 'name', message: `Nome do GHE deve ter no máximo ${GHE_NAME_MAX} caracteres` });
  const description = limited(input.description, 'description', 'Descrição', 1000, issues);
  const exposure = validateExposure(input.exposure, today, issues);
  let periodicityMonths = DEFAULT_PERIODICITY_MONTHS;
  const months = toNumber(input.periodicityMonths);
  if (months !== null) {
    if (!Number.isInteger(months) || months < 1 || months > 12) issues.push({ path: 'periodicityMonths', message: 'Periodicidade deve ser um número inteiro de 1 a 12 meses' });
    else periodicityMonths = months;
  }
  if (issues.length) return err(new InvalidGheError(issues[0].message, issues));
  return ok({ name: name!, sectorId: text(input.sectorId), description, exposure, periodicityMonths });
}

// --- employment ------------------------------------------------------------------------------------------

export interface EmploymentInput {
  companyId?: string | null;
  registration?: string | null;
  jobTitle?: string | null;
  sectorId?: string | null;
  gheId?: string | null;
  admissionDate?: string | null;
  dismissalDate?: string | null;
}

export interface ValidEmployment {
  companyId: string;
  registration: string | null;
  jobTitle: string | null;
  sectorId: string | null;
  gheId: string | null;
  admissionDate: string;
  dismissalDate: string | null;
}

/** A new contract: company and admission date required; dates real; dismissal not before admission. */
export function validateEmploymentInput(input: EmploymentInput): Result<ValidEmployment, InvalidEmploymentError> {
  const issues: Issue[] = [];
  const companyId = text(input.companyId);
  if (!companyId) issues.push({ path: 'companyId', message: 'Empresa é obrigatória' });
  const registration = limited(input.registration, 'registration', 'Matrícula', 60, issues);
  const jobTitle = limited(input.jobTitle, 'jobTitle', 'Cargo', 200, issues);
  let admissionDate: string | null = null;
  if (!text(input.admissionDate)) issues.push({ path: 'admissionDate', message: 'Data de admissão é obrigatória' });
  else admissionDate = optionalDate(input.admissionDate, 'admissionDate', 'Data de admissão', issues);
  const dismissalDate = optionalDate(input.dismissalDate, 'dismissalDate', 'Data de demissão', issues);
  if (admissionDate && dismissalDate && dismissalDate < admissionDate) {
    issues.push({ path: 'dismissalDate', message: 'A data de demissão não pode ser anterior à data de admissão' });
  }
  if (issues.length) return err(new InvalidEmploymentError(issues[0].message, issues));
  return ok({ companyId: companyId!, registration, jobTitle, sectorId: text(input.sectorId), gheId: text(input.gheId), admissionDate: admissionDate!, dismissalDate });
}

/** Parses the optional fields of a correction (absent = unchanged): dates real, texts limited. */
export function validateEmploymentCorrection(input: Omit<EmploymentInput, 'companyId'>): Result<Partial<Omit<ValidEmployment, 'companyId'>>, InvalidEmploymentError> {
  const issues: Issue[] = [];
  const out: Partial<Omit<ValidEmployment, 'companyId'>> = {};
  if (input.registration !== undefined) out.registration = limited(input.registration, 'registration', 'Matrícula', 60, issues);
  if (input.jobTitle !== undefined) out.jobTitle = limited(input.jobTitle, 'jobTitle', 'Cargo', 200, issues);
  if (input.sectorId !== undefined) out.sectorId = text(input.sectorId);
  if (input.gheId !== undefined) out.gheId = text(input.gheId);
  if (input.admissionDate !== undefined) {
    if (!text(input.admissionDate)) issues.push({ path: 'admissionDate', message: 'Data de admissão é obrigatória' });
    else {
      const d = optionalDate(input.admissionDate, 'admissionDate', 'Data de admissão', issues);
      if (d) out.admissionDate = d;
    }
  }
  if (input.dismissalDate !== undefined) out.dismissalDate = optionalDate(input.dismissalDate, 'dismissalDate', 'Data de demissão', issues);
  if (issues.length) return err(new InvalidEmploymentError(issues[0].message, issues));
  return ok(out);
}

/** The date of a transfer (change of sector, GHE or cargo): required and real. */
export function validateTransferDate(raw: unknown): Result<string, InvalidEmploymentError> {
  const issues: Issue[] = [];
  if (!text(raw)) issues.push({ path: 'date', message: 'Data da transferência é obrigatória' });
  const date = text(raw) ? optionalDate(raw, 'date', 'Data da transferência', issues) : null;
  return issues.length ? err(new InvalidEmploymentError(issues[0].message, issues)) : ok(date!);
}
