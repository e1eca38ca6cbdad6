import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  analyzeHistory,
  noResponse,
  thresholdRangeProblem,
  type AudiometricExam,
  type EarAudiogram,
  type Threshold,
  type WorkerHistory,
} from '../../../core/src';

/** Exit code for unreadable or invalid input (style guide §8: 2 = unreadable input). */
export const EXIT_INVALID_INPUT = 2;

const AIR_KEYS = ['250', '500', '1000', '2000', '3000', '4000', '6000', '8000'] as const;
const BONE_KEYS = ['500', '1000', '2000', '3000', '4000'] as const;
const THRESHOLD_HELP = 'limiar deve ser um número em dB NA (-10 a 120), null (não medido), {"nr": nível} ou ">nível" (sem resposta)';

/** The pt-BR problem with one raw threshold, or undefined when it is acceptable. */
function thresholdProblem(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'number') return thresholdRangeProblem(value);
  if (typeof value === 'string' && NR_STRING.test(value)) return thresholdRangeProblem(Number(value.slice(1)));
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as { nr?: unknown }).nr === 'number') {
    return thresholdRangeProblem((value as { nr: number }).nr);
  }
  return THRESHOLD_HELP;
}
const NR_STRING = /^>\s*-?\d+(\.\d+)?$/;

type RawThresholdValue = number | null | string | { nr: number };
type RawEar = Record<string, RawThresholdValue>;

/**
 * A threshold map keyed by Hz. Checked key by key in one refinement (not one zod schema per
 * threshold): a 100 000-history batch holds millions of thresholds.
 */
const ear = (keys: readonly string[]) => {
  const allowed = new Set(keys);
  return z
    .custom<RawEar>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      error: 'deve ser um objeto de limiares por frequência (Hz)',
    })
    .superRefine((map, ctx) => {
      for (const key in map) {
        const problem = allowed.has(key)
          ? thresholdProblem(map[key])
          : `campo não reconhecido (frequências aceitas: ${keys[0]} a ${keys[keys.length - 1]} Hz)`;
        if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
      }
    });
};

const isoDate = z.iso.date({ error: 'data deve estar no formato AAAA-MM-DD' });

const examSchema = z.object(
  {
    date: isoDate,
    age: z.number({ error: 'idade deve ser um número de anos' }).min(0, 'idade não pode ser negativa').max(150, 'idade acima de 150 anos').optional(),
    right: ear(AIR_KEYS),
    left: ear(AIR_KEYS),
    right_bc: ear(BONE_KEYS).optional(),
    left_bc: ear(BONE_KEYS).optional(),
    rest_hours: z.number({ error: 'horas de repouso devem ser um número' }).min(0, 'horas de repouso não podem ser negativas').optional(),
    last_acoustic_check_date: isoDate.optional(),
    last_calibration_date: isoDate.optional(),
    manufacturer_calibration_months: z.number({ error: 'deve ser um número de meses' }).int('deve ser um número inteiro de meses').positive('deve ser positivo').optional(),
    designated_reference_reason: z.string({ error: 'motivo da designação deve ser um texto' }).trim().min(1, 'motivo da designação não pode ser vazio').optional(),
  },
  { error: 'exame deve ser um objeto' },
);

const historySchema = z.object(
  {
    worker: z.object({ sex: z.enum(['M', 'F', 'O'], { error: 'sexo deve ser M, F ou O' }).optional() }, { error: 'worker deve ser um objeto' }).optional(),
    exams: z.array(examSchema, { error: 'exams deve ser uma lista de exames' }).min(1, 'informe pelo menos um exame'),
  },
  { error: 'cada entrada deve ser um objeto { "worker"?, "exams": [...] }' },
);

/** Input of `limiar analyze`: one worker history, or an array of them (array in, array out). */
export const analyzeInputSchema = historySchema;
export const analyzeBatchSchema = z.array(historySchema);
type RawHistory = z.infer<typeof historySchema>;

function toThreshold(raw: RawThresholdValue | undefined): Threshold {
  if (raw === undefined || raw === null || typeof raw === 'number') return raw ?? null;
  return typeof raw === 'string' ? noResponse(Number(raw.slice(1))) : noResponse(raw.nr);
}

function toThresholds(raw: RawEar): Record<number, Threshold> {
  // JSON keys are already the Hz strings the core reads; convert only maps holding a no-response.
  let clean = true;
  for (const key of AIR_KEYS) {
    const v = raw[key];
    if (v !== undefined && v !== null && typeof v !== 'number') clean = false;
  }
  if (clean) return raw as Record<number, Threshold>;
  const out: Record<number, Threshold> = {};
  for (const key of Object.keys(raw)) out[Number(key)] = toThreshold(raw[key]);
  return out;
}

function toEar(air: RawEar, bone: RawEar | undefined): EarAudiogram {
  return bone ? { air: toThresholds(air), bone: toThresholds(bone) } : { air: toThresholds(air) };
}

function toHistory(raw: RawHistory): WorkerHistory {
  const exams: AudiometricExam[] = raw.exams.map((e) => ({
    date: e.date,
    age: e.age,
    right: toEar(e.right, e.right_bc),
    left: toEar(e.left, e.left_bc),
    ...(e.designated_reference_reason ? { designatedReference: { reason: e.designated_reference_reason.trim() } } : {}),
    conditions: {
      restHours: e.rest_hours,
      lastAcousticCheckDate: e.last_acoustic_check_date,
      lastCalibrationDate: e.last_calibration_date,
      manufacturerCalibrationMonths: e.manufacturer_calibration_months,
    },
  }));
  return { worker: raw.worker, exams };
}

/** `exams[1].right.4000` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = formatPath(issue.path) || '(raiz)';
  return `${field}: ${issue.message}`;
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optNumber = (v: unknown, min: number, max = Infinity) => v === undefined || (typeof v === 'number' && v >= min && v <= max);
const optDate = (v: unknown) => v === undefined || (typeof v === 'string' && ISO_DATE.test(v));

// keys like "500" are array indices to V8: walking the known keys beats for...in on these objects
function earIsValid(map: unknown, keys: readonly string[]): boolean {
  if (!isObject(map)) return false;
  let present = 0;
  for (const key of keys) {
    const value = map[key];
    if (value === undefined) continue;
    present++;
    if (typeof value === 'number' ? !(value >= -10 && value <= 120) : thresholdProblem(value) !== undefined) return false;
  }
  return present === Object.keys(map).length;
}

/**
 * A plain-code check that accepts exactly what the zod schemas accept, for speed on 100 000-history
 * batches. When it says no, the zod schemas run to name the bad field in pt-BR.
 */
function quicklyValid(entry: unknown): boolean {
  if (!isObject(entry)) return false;
  const worker = entry.worker;
  if (worker !== undefined && (!isObject(worker) || (worker.sex !== undefined && worker.sex !== 'M' && worker.sex !== 'F' && worker.sex !== 'O'))) return false;
  const exams = entry.exams;
  if (!Array.isArray(exams) || exams.length === 0) return false;
  for (const e of exams) {
    if (!isObject(e) || typeof e.date !== 'string' || !ISO_DATE.test(e.date)) return false;
    if (!optNumber(e.age, 0, 150) || !optNumber(e.rest_hours, 0)) return false;
    if (!optDate(e.last_acoustic_check_date) || !optDate(e.last_calibration_date)) return false;
    const months = e.manufacturer_calibration_months;
    if (months !== undefined && !(typeof months === 'number' && Number.isInteger(months) && months > 0)) return false;
    const reason = e.designated_reference_reason;
    if (reason !== undefined && !(typeof reason === 'string' && reason.trim().length > 0)) return false;
    if (!earIsValid(e.right, AIR_KEYS) || !earIsValid(e.left, AIR_KEYS)) return false;
    if (e.right_bc !== undefined && !earIsValid(e.right_bc, BONE_KEYS)) return false;
    if (e.left_bc !== undefined && !earIsValid(e.left_bc, BONE_KEYS)) return false;
  }
  return true;
}

/** Parses and validates the command input; the pt-BR error names the first bad field. */
export function parseAnalyzeInput(text: string): { ok: true; histories: WorkerHistory[]; isArray: boolean } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `JSON inválido: ${(e as Error).message}` };
  }
  const isArray = Array.isArray(json);
  const entries = isArray ? (json as unknown[]) : [json];
  if (entries.every(quicklyValid)) return { ok: true, histories: (entries as RawHistory[]).map(toHistory), isArray };
  const parsed = isArray ? analyzeBatchSchema.safeParse(json) : analyzeInputSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(describeIssue);
    return { ok: false, message: `Entrada inválida em ${issues.join('; ')}` };
  }
  const raws: RawHistory[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  return { ok: true, histories: raws.map(toHistory), isArray };
}

async function readInput(file: string | undefined): Promise<string> {
  if (file && file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const BATCH_CHUNK = 1000;

/**
 * Analyses and writes a JSON array with one compact result per line, in chunks that respect stdout backpressure
 * (100 000 pretty-printed results would exceed V8's maximum string length).
 */
async function writeArray(histories: readonly WorkerHistory[]): Promise<void> {
  const write = (text: string) =>
    new Promise<void>((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));
  if (histories.length === 0) return write('[]\n');
  for (let i = 0; i < histories.length; i += BATCH_CHUNK) {
    const chunk = histories.slice(i, i + BATCH_CHUNK).map((h) => JSON.stringify(analyzeHistory(h))).join(',\n');
    await write(`${i === 0 ? '[\n' : ',\n'}${chunk}`);
  }
  await write('\n]\n');
}

/** `limiar analyze [file]`: reads JSON from the file or stdin (`-`/absent), prints the classification as JSON on stdout. */
export async function runAnalyze(file: string | undefined): Promise<void> {
  // One big JSON document in, one out: a larger young generation saves most scavenges here.
  // Set for this command only (the bulk import wants the opposite: a small, eagerly collected heap).
  (await import('node:v8')).setFlagsFromString('--max-semi-space-size=64');
  let text: string;
  try {
    text = await readInput(file);
  } catch (e) {
    process.stderr.write(`Não foi possível ler a entrada ${file ?? '-'}: ${(e as Error).message}\n`);
    process.exitCode = EXIT_INVALID_INPUT;
    return;
  }
  const input = parseAnalyzeInput(text);
  if (!input.ok) {
    process.stderr.write(`${input.message}\n`);
    process.exitCode = EXIT_INVALID_INPUT;
    return;
  }
  if (!input.isArray) {
    process.stdout.write(`${JSON.stringify(analyzeHistory(input.histories[0]), null, 2)}\n`);
    return;
  }
  await writeArray(input.histories);
}
