import type { EarAudiogram } from '../audiogram/audiogram';
import { parseThresholdForEntry, type RawThreshold } from '../audiogram/entry-grid';
import { isAirFrequency, isBoneFrequency } from '../audiogram/frequencies';
import type { Threshold } from '../audiogram/threshold';
import { ANAMNESE_MAX, MASCARAMENTO_MAX, MEATOSCOPIA_MAX, type Exam, type SpeechTest } from './exam';
import { isPastOrTodayIsoDate } from '../patients/patient-rules';
import { INVALID_EXAM_TYPE_MESSAGE, isExamType, parseExamType, type ExamType } from './exam-type';

export type Issue = { path: string; message: string };
export type RawEarPair = { re?: RawThreshold; le?: RawThreshold; RE?: RawThreshold; LE?: RawThreshold };

/**
 * Wire audiogram → both ears, every value through the entry grid (5 dB, -10..120, product.md).
 * Keys are frequencies in Hz; `re`/`le` (or the entry form's `RE`/`LE`). Issues carry the path.
 */
export function parseAudiogramInput(
  air: Record<string, RawEarPair> | undefined,
  bone: Record<string, RawEarPair> | null | undefined,
  prefix: string,
  issues: Issue[],
): { right: EarAudiogram; left: EarAudiogram } {
  const right = { air: {} as Record<number, Threshold>, bone: undefined as Record<number, Threshold> | undefined };
  const left = { air: {} as Record<number, Threshold>, bone: undefined as Record<number, Threshold> | undefined };
  const read = (map: Record<string, RawEarPair> | null | undefined, kind: 'air' | 'bone') => {
    for (const [key, pair] of Object.entries(map ?? {})) {
      const hz = Number(key);
      const allowed = kind === 'air' ? isAirFrequency(hz) : isBoneFrequency(hz);
      if (!allowed) {
        issues.push({ path: `${prefix}.${kind}.${key}`, message: `Frequência não suportada na via ${kind === 'air' ? 'aérea' : 'óssea'}: ${key} Hz` });
        continue;
      }
      const upper = 'RE' in pair || 'LE' in pair;
      for (const [side, target] of [['re', right], ['le', left]] as const) {
        const name = upper ? side.toUpperCase() : side;
        const raw = (pair as Record<string, RawThreshold | undefined>)[name];
        if (raw === undefined) continue;
        const parsed = parseThresholdForEntry(raw, `${prefix}.${kind}.${key}.${name}`);
        if (!parsed.ok) {
          issues.push(...parsed.error.issues);
          continue;
        }
        if (parsed.value === null) continue;
        if (kind === 'air') target.air[hz] = parsed.value;
        else (target.bone ??= {})[hz] = parsed.value;
      }
    }
  };
  read(air, 'air');
  read(bone, 'bone');
  const ear = (e: typeof right): EarAudiogram => (e.bone ? { air: e.air, bone: e.bone } : { air: e.air });
  return { right: ear(right), left: ear(left) };
}

/**
 * The earliest date accepted for an exam, a birth or a calibration. No worker seen today was born before
 * 1900, and audiometry as recorded here is decades younger, so an earlier date is a typo (1800 for 1980),
 * never a record: refusing it keeps ages, reference exams and NR-7 periods sane.
 */
export const EARLIEST_DATE = '1900-01-01';

/**
 * Accepts YYYY-MM-DD, an ISO date-time, or dd/mm/aaaa; the date must exist, not be in the future, not be
 * before 1900-01-01 and, when the worker's birth date is known (`birthDate`), not be before it.
 */
export function parseExamDate(raw: string | null | undefined, today: Date, path: string, issues: Issue[], label = 'Data do exame', birthDate?: string | null): string | null {
  const v = (raw ?? '').trim();
  if (!v) {
    issues.push({ path, message: `${label} é obrigatória` });
    return null;
  }
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : v.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !isPastOrTodayIsoDate(iso, today)) {
    issues.push({ path, message: `${label} inválida ou no futuro: ${v}` });
    return null;
  }
  if (iso < EARLIEST_DATE) {
    issues.push({ path, message: `${label} anterior a 01/01/1900: ${v}` });
    return null;
  }
  if (birthDate && iso < birthDate) {
    issues.push({ path, message: `${label} anterior à data de nascimento do trabalhador: ${v}` });
    return null;
  }
  return iso;
}

/** A number in [min, max] or null when empty; pushes a pt-BR issue when bad. */
export function parseNumber(raw: unknown, path: string, issues: Issue[], opts: { label: string; min: number; max: number; required?: boolean }): number | null {
  if (raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim())) {
    if (opts.required) issues.push({ path, message: `${opts.label} é obrigatório` });
    return null;
  }
  const n = typeof raw === 'string' ? Number(raw.replace(',', '.')) : Number(raw);
  if (!Number.isFinite(n) || n < opts.min || n > opts.max) {
    issues.push({ path, message: `${opts.label} deve ser um número entre ${opts.min} e ${opts.max}` });
    return null;
  }
  return n;
}

export function requiredText(raw: string | null | undefined, path: string, label: string, issues: Issue[]): string | null {
  const v = raw?.trim();
  if (!v) {
    issues.push({ path, message: `${label} é obrigatório` });
    return null;
  }
  return v;
}

export const optionalText = (raw: string | null | undefined): string | null => (raw && raw.trim() ? raw.trim() : null);

/** Wire form of the clinical fields (exam creation and correction); absent = not given. */
export interface ClinicalFieldsInput {
  anamnese?: string | null;
  meatoscopia?: { od?: string | null; oe?: string | null } | null;
  mascaramento?: string | null;
}

/** Wire form of an exam's record fields, shared by creation (RecordExam) and correction (UpdateExamDetails). */
export interface ExamRecordInput extends ClinicalFieldsInput {
  operatorName?: string | null;
  operatorRegistration?: string | null;
  consultationType?: string | null;
  consultationReason?: string | null;
  /** One of EXAM_TYPES; null or blank = not informed. */
  examType?: string | null;
  ambientNoiseDb?: unknown;
  calibrationDate?: string | null;
  transducer?: string | null;
  acousticRestHours?: unknown;
  observacoes?: string | null;
  speechTest?: { srtRe?: unknown; srtLe?: unknown; wrsRe?: unknown; wrsLe?: unknown } | null;
}

/**
 * Anamnese (≤ 5000), meatoscopia per ear (≤ 300 each) and masking used (≤ 500): trimmed, blank = null;
 * a meatoscopia with both ears blank is null. Only the fields present in `input` are returned.
 */
export function parseClinicalFields(input: ClinicalFieldsInput, issues: Issue[]): Pick<Exam, 'anamnese' | 'meatoscopia' | 'mascaramento'> {
  const out: Pick<Exam, 'anamnese' | 'meatoscopia' | 'mascaramento'> = {};
  const limited = (raw: string | null | undefined, path: string, label: string, max: number) => {
    const v = optionalText(raw);
    if (v && v.length > max) issues.push({ path, message: `${label} deve ter no máximo ${max} caracteres` });
    return v;
  };
  if (input.anamnese !== undefined) out.anamnese = limited(input.anamnese, 'anamnese', 'Anamnese', ANAMNESE_MAX);
  if (input.mascaramento !== undefined) out.mascaramento = limited(input.mascaramento, 'mascaramento', 'Mascaramento', MASCARAMENTO_MAX);
  if (input.meatoscopia !== undefined) {
    const od = limited(input.meatoscopia?.od, 'meatoscopia.od', 'Meatoscopia OD', MEATOSCOPIA_MAX);
    const oe = limited(input.meatoscopia?.oe, 'meatoscopia.oe', 'Meatoscopia OE', MEATOSCOPIA_MAX);
    out.meatoscopia = od || oe ? { od, oe } : null;
  }
  return out;
}

/** Speech audiometry: SRT/LRF per ear in dB HL (-10..120), IPRF per ear in % (0..100); all blank = null. */
export function parseSpeechTest(speech: { srtRe?: unknown; srtLe?: unknown; wrsRe?: unknown; wrsLe?: unknown } | null | undefined, issues: Issue[]): SpeechTest | null {
  if (!speech) return null;
  const parsed: SpeechTest = {
    srtRe: parseNumber(speech.srtRe, 'speechTest.srtRe', issues, { label: 'SRT OD', min: -10, max: 120 }),
    srtLe: parseNumber(speech.srtLe, 'speechTest.srtLe', issues, { label: 'SRT OE', min: -10, max: 120 }),
    wrsRe: parseNumber(speech.wrsRe, 'speechTest.wrsRe', issues, { label: 'IPRF OD (%)', min: 0, max: 100 }),
    wrsLe: parseNumber(speech.wrsLe, 'speechTest.wrsLe', issues, { label: 'IPRF OE (%)', min: 0, max: 100 }),
  };
  return Object.values(parsed).some((v) => v !== null) ? parsed : null;
}

/** The exam type of the API (issue 19): a code of EXAM_TYPES, or null/blank = not informed; anything else is an issue on `path`. */
export function parseExamTypeField(raw: unknown, path: string, issues: Issue[]): ExamType | null {
  if (raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim())) return null;
  const v = typeof raw === 'string' ? raw.trim() : raw;
  if (isExamType(v)) return v;
  issues.push({ path, message: INVALID_EXAM_TYPE_MESSAGE });
  return null;
}

/**
 * The exam type an occupational consultation implies (the wizard's reasons: Admissional, Periódica, Retorno
 * ao trabalho, Mudança de função, Demissional), as the migration backfilled it; null for other consultations.
 */
export function examTypeOfConsultation(consultationType: string | null | undefined, consultationReason: string | null | undefined): ExamType | null {
  if (consultationType?.trim() !== 'Ocupacional' || !consultationReason?.trim()) return null;
  return parseExamType(consultationReason.trim()) ?? null;
}
