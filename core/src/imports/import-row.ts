import type { EarAudiogram } from '../audiogram/audiogram';
import { parseThresholdForEntry, type RawThreshold } from '../audiogram/entry-grid';
import type { Threshold } from '../audiogram/threshold';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../audiogram/frequencies';
import { parseExamDate, parseNumber, optionalText, type Issue } from '../exams/exam-input';
import type { Sex } from '../patients/sex';
import { validatePatientInput } from '../patients/patient-rules';
import { INVALID_EXAM_TYPE_MESSAGE, parseExamType, type ExamType } from '../exams/exam-type';
import { Cnpj } from '../programme/cnpj';

/**
 * The CSV import format (docs/csv-format.md): canonical column names after the CSV edge has
 * matched the header without regard to case, accents, spaces or hyphens.
 */
export const IMPORT_PATIENT_COLUMNS = ['nome', 'cpf', 'data_nascimento', 'idade', 'sexo', 'empresa', 'cargo'] as const;
export const IMPORT_EXAM_COLUMNS = ['data_exame', 'motivo', 'operador', 'registro_operador', 'ruido_db', 'calibracao', 'repouso_14h', 'repouso_horas'] as const;
export const IMPORT_AIR_COLUMNS = (['od', 'oe'] as const).flatMap((ear) => AIR_FREQUENCIES.map((hz) => `${ear}_${hz}`));
export const IMPORT_BONE_COLUMNS = (['od', 'oe'] as const).flatMap((ear) => BONE_FREQUENCIES.map((hz) => `${ear}_vo_${hz}`));
/** The programme's optional columns (issue 19): the employment on the exam date and the exam's occupational type. */
export const IMPORT_PROGRAMME_COLUMNS = ['cnpj', 'matricula', 'setor', 'ghe', 'admissao', 'tipo_exame'] as const;
export const IMPORT_COLUMNS: readonly string[] = [...IMPORT_PATIENT_COLUMNS, ...IMPORT_EXAM_COLUMNS, ...IMPORT_PROGRAMME_COLUMNS, ...IMPORT_AIR_COLUMNS, ...IMPORT_BONE_COLUMNS];
/** Without these the file cannot be imported at all. */
export const IMPORT_REQUIRED_COLUMNS = ['nome', 'sexo', 'data_exame'] as const;

/** Level recorded for a bare "NR"/"SR"/"AUS": no response up to the top of the entry grid. */
export const DEFAULT_NO_RESPONSE_LEVEL = 120;

/** One row of the file as canonical column → cell text (absent columns are undefined). */
export type ImportCells = Readonly<Record<string, string | undefined>>;

export interface ImportPatientData {
  name: string;
  sex: Sex;
  birthDate: string | null;
  age: number | null;
  cpf: string | null;
  company: string | null;
  jobTitle: string | null;
}

export interface ImportExamData {
  date: string;
  consultationReason: string | null;
  /** `tipo_exame`, else `motivo` when it names an occupational type; null when neither says (optional for fixtures). */
  examType?: ExamType | null;
  operatorName: string | null;
  operatorRegistration: string | null;
  ambientNoiseDb: number | null;
  calibrationDate: string | null;
  acousticRestHours: number | null;
  right: EarAudiogram;
  left: EarAudiogram;
}

/** The worker's employment on the exam date, when the row gives it: company by CNPJ (else by `empresa`), admission required. */
export interface ImportEmploymentData {
  /** 14 characters, or null when the company is named only by `empresa`. */
  cnpj: string | null;
  /** `empresa`, the company's name (also the name of a company created from its CNPJ). */
  companyName: string | null;
  registration: string | null;
  sector: string | null;
  ghe: string | null;
  admissionDate: string;
}

export interface ValidImportRow {
  line: number;
  patient: ImportPatientData;
  exam: ImportExamData;
  employment: ImportEmploymentData | null;
}

export type ImportRowResult = { ok: true; row: ValidImportRow } | { ok: false; line: number; reasons: string[] };

const PATIENT_FIELD_COLUMN: Record<string, string> = { name: 'nome', sex: 'sexo', cpf: 'cpf', birthDate: 'data_nascimento', age: 'idade' };

const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const NO_RESPONSE = /^(?:(?:nr|sr|aus)\s*(-?\d+(?:[.,]\d+)?)?|>\s*(-?\d+(?:[.,]\d+)?))$/i;
const toNumber = (v: string) => Number(v.includes(',') ? v.replace(',', '.') : v);

/**
 * One threshold cell through the web app's entry grid (5 dB, -10..120, `parseThresholdForEntry`'s
 * messages): `NR`, `SR`, `AUS` (optionally with the level: `NR 90`, `NR90`), `>90`, a number
 * (decimal comma allowed), or empty (undefined: not measured).
 */
function cellThreshold(cell: string | undefined, column: string, issues: Issue[]): Threshold | undefined {
  if (cell === undefined || cell === '') return undefined;
  const v = cell.trim();
  if (!v) return undefined;
  let raw: RawThreshold;
  if (PLAIN_NUMBER.test(v)) raw = toNumber(v);
  else {
    const m = NO_RESPONSE.exec(v);
    if (!m) {
      issues.push({ path: column, message: `Limiar inválido em ${column}: "${v}" não é um número em dB NA, NR, SR ou AUS.` });
      return undefined;
    }
    const level = m[1] ?? m[2];
    raw = { nr: level === undefined ? DEFAULT_NO_RESPONSE_LEVEL : toNumber(level) };
  }
  const parsed = parseThresholdForEntry(raw, column);
  if (!parsed.ok) {
    issues.push(...parsed.error.issues);
    return undefined;
  }
  return parsed.value;
}

/**
 * One threshold cell through the import's rules (the entry grid, `NR`/`SR`/`AUS`/`>90`): the
 * threshold (undefined for an empty cell) or the pt-BR problems. Lets the readers of other formats
 * (the point CSV) report a bad threshold on its own line before building the exam row.
 */
export function parseImportThresholdCell(cell: string | undefined, column: string): { ok: true; value: Threshold | undefined } | { ok: false; reasons: string[] } {
  const issues: Issue[] = [];
  const value = cellThreshold(cell, column, issues);
  return issues.length ? { ok: false, reasons: dedupe(issues.map((i) => i.message)) } : { ok: true, value };
}

const SIDES = [['od', 'right'], ['oe', 'left']] as const;
const AIR_COLUMN = AIR_FREQUENCIES.map((hz) => SIDES.map(([ear]) => `${ear}_${hz}`));
const BONE_COLUMN = BONE_FREQUENCIES.map((hz) => SIDES.map(([ear]) => `${ear}_vo_${hz}`));

/**
 * Both ears from the threshold columns (bone only where given). The maps are filled from the
 * highest frequency down: integer keys up to 8000 inserted in ascending order make V8 grow a mostly
 * empty array backing store several times (~24 KB per ear, the bulk import's main garbage);
 * descending, a map is a small dictionary from the start, and key order is numeric either way.
 * Issues come out by frequency, right ear first.
 */
function audiogramFromCells(cells: ImportCells, issues: Issue[]): { right: EarAudiogram; left: EarAudiogram } {
  const rightAir: Record<number, Threshold> = {};
  const leftAir: Record<number, Threshold> = {};
  let rightBone: Record<number, Threshold> | undefined;
  let leftBone: Record<number, Threshold> | undefined;
  const found: Issue[] = []; // in reverse order, turned around at the end
  for (let i = BONE_FREQUENCIES.length - 1; i >= 0; i--) {
    const hz = BONE_FREQUENCIES[i];
    const [od, oe] = BONE_COLUMN[i];
    const l = cells[oe] === undefined ? undefined : cellThreshold(cells[oe], oe, found);
    if (l !== undefined) (leftBone ??= {})[hz] = l;
    const r = cells[od] === undefined ? undefined : cellThreshold(cells[od], od, found);
    if (r !== undefined) (rightBone ??= {})[hz] = r;
  }
  for (let i = AIR_FREQUENCIES.length - 1; i >= 0; i--) {
    const hz = AIR_FREQUENCIES[i];
    const [od, oe] = AIR_COLUMN[i];
    const l = cellThreshold(cells[oe], oe, found);
    if (l !== undefined) leftAir[hz] = l;
    const r = cellThreshold(cells[od], od, found);
    if (r !== undefined) rightAir[hz] = r;
  }
  for (let k = found.length - 1; k >= 0; k--) issues.push(found[k]);
  return { right: rightBone ? { air: rightAir, bone: rightBone } : { air: rightAir }, left: leftBone ? { air: leftAir, bone: leftBone } : { air: leftAir } };
}

/** `repouso_14h`: sim/não (14 h or less — recorded as 0 h) or a number of hours; `repouso_horas`: hours. */
function restHours(cells: ImportCells, issues: Issue[]): number | null {
  const hours = cells.repouso_horas?.trim();
  if (hours) return parseNumber(hours, 'repouso_horas', issues, { label: 'Repouso acústico (horas)', min: 0, max: 720 });
  const flag = (cells.repouso_14h ?? '').trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (!flag) return null;
  if (['sim', 's', 'x', 'true', 'yes', 'y'].includes(flag)) return 14;
  if (['nao', 'n', 'false', 'no'].includes(flag)) return 0;
  return parseNumber(flag, 'repouso_14h', issues, { label: 'Repouso acústico (sim, não ou horas)', min: 0, max: 720 });
}

/**
 * Validates one imported row with the web app's own rules and messages (patient rules, exam date,
 * the 5 dB entry grid with NR, noise and rest ranges). Every problem of the row is reported, pt-BR,
 * with the CSV column it comes from.
 */
export function parseImportRow(line: number, cells: ImportCells, today: Date): ImportRowResult {
  const issues: Issue[] = [];
  let birthDate: string | null = null;
  if (cells.data_nascimento?.trim()) birthDate = parseExamDate(cells.data_nascimento, today, 'data_nascimento', issues, 'Data de nascimento');
  const patientCheck = validatePatientInput(
    { name: cells.nome, sex: cells.sexo, cpf: cells.cpf, age: cells.idade, birthDate: birthDate ?? (cells.data_nascimento?.trim() ? 'invalida' : null), company: cells.empresa, jobTitle: cells.cargo },
    today,
  );
  if (!patientCheck.ok) {
    for (const i of patientCheck.error.issues ?? []) {
      if (i.path === 'birthDate' && issues.some((x) => x.path === 'data_nascimento')) continue;
      issues.push({ path: PATIENT_FIELD_COLUMN[i.path] ?? i.path, message: i.message });
    }
  }
  if (patientCheck.ok && !patientCheck.value.cpf && !patientCheck.value.birthDate) {
    issues.push({ path: 'cpf', message: 'Informe o CPF ou a data de nascimento para identificar o trabalhador' });
  }
  const date = parseExamDate(cells.data_exame, today, 'data_exame', issues, 'Data do exame', birthDate);
  const ambientNoiseDb = parseNumber(cells.ruido_db, 'ruido_db', issues, { label: 'Ruído ambiente (dB)', min: 0, max: 140 });
  const calibrationDate = cells.calibracao?.trim() ? parseExamDate(cells.calibracao, today, 'calibracao', issues, 'Data de calibração') : null;
  const acousticRestHours = restHours(cells, issues);

  const examType = examTypeOf(cells, issues);
  const employment = employmentOf(cells, today, issues);

  const { right, left } = audiogramFromCells(cells, issues);
  if (!issues.some((i) => i.path.startsWith('od_') || i.path.startsWith('oe_')) && !Object.keys(right.air).length && !Object.keys(left.air).length) {
    issues.push({ path: 'od_1000', message: 'Nenhum limiar de via aérea informado (od_250 … oe_8000)' });
  }
  if (issues.length || !patientCheck.ok) return { ok: false, line, reasons: dedupe(issues.map((i) => i.message)) };
  const p = patientCheck.value;
  return {
    ok: true,
    row: {
      line,
      patient: { name: p.name, sex: p.sex, birthDate: p.birthDate, age: p.age, cpf: p.cpf, company: p.company, jobTitle: p.jobTitle },
      exam: {
        date: date!, consultationReason: optionalText(cells.motivo), operatorName: optionalText(cells.operador),
        operatorRegistration: optionalText(cells.registro_operador), ambientNoiseDb, calibrationDate, acousticRestHours, right, left, examType,
      },
      employment: employment ? { ...employment, companyName: p.company } : null,
    },
  };
}

/** `tipo_exame` (code, label, wizard reason or eSocial number); without it, `motivo` when it names a type. */
function examTypeOf(cells: ImportCells, issues: Issue[]): ExamType | null {
  const typed = cells.tipo_exame?.trim();
  if (typed) {
    const t = parseExamType(typed);
    if (!t) issues.push({ path: 'tipo_exame', message: `${INVALID_EXAM_TYPE_MESSAGE} (tipo_exame: ${typed})` });
    return t ?? null;
  }
  const reason = cells.motivo?.trim();
  return (reason && parseExamType(reason)) || null;
}

/** Longest matrícula, setor and GHE name the import takes. */
const PROGRAMME_TEXT_MAX = 200;

/** The employment columns: none given → null; any given → a company (cnpj or empresa) and the admission date are required. */
function employmentOf(cells: ImportCells, today: Date, issues: Issue[]): Omit<ImportEmploymentData, 'companyName'> | null {
  const text = (column: 'matricula' | 'setor' | 'ghe') => {
    const v = optionalText(cells[column]);
    if (v && v.length > PROGRAMME_TEXT_MAX) issues.push({ path: column, message: `${column} muito longo (máximo ${PROGRAMME_TEXT_MAX} caracteres)` });
    return v;
  };
  const registration = text('matricula');
  const sector = text('setor');
  const ghe = text('ghe');
  const typedCnpj = cells.cnpj?.trim() || null;
  const admission = cells.admissao?.trim() || null;
  if (!typedCnpj && !registration && !sector && !ghe && !admission) return null;
  let cnpj: string | null = null;
  if (typedCnpj) {
    const parsed = Cnpj.parse(typedCnpj);
    if (parsed.ok) cnpj = parsed.value.value;
    else issues.push({ path: 'cnpj', message: `${parsed.error.message} (cnpj: ${typedCnpj})` });
  }
  if (!typedCnpj && !cells.empresa?.trim()) issues.push({ path: 'empresa', message: 'Informe a empresa (empresa ou cnpj) do vínculo: matrícula, setor, GHE e admissão pertencem a uma empresa' });
  if (!admission) {
    issues.push({ path: 'admissao', message: 'Informe a data de admissão (admissao) para registrar o vínculo do trabalhador (cnpj, matrícula, setor, GHE)' });
    return null;
  }
  const admissionDate = parseExamDate(admission, today, 'admissao', issues, 'Data de admissão');
  return admissionDate ? { cnpj, registration, sector, ghe, admissionDate } : null;
}

const dedupe = (xs: string[]) => [...new Set(xs)];

/** Name as matched by the database's `limiar_search_text` (lower case, no accents), spaces collapsed. */
export function importNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Identity of the worker inside one import: CPF, else name + birth date (docs/csv-format.md). */
export function importPatientKey(p: Pick<ImportPatientData, 'cpf' | 'name' | 'birthDate'>): string {
  return p.cpf ? `cpf:${p.cpf}` : `nome:${importNameKey(p.name)}|${p.birthDate}`;
}
