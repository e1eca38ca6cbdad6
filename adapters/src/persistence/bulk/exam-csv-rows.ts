import { Transform, type TransformCallback } from 'node:stream';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, alertsOf, isNoResponse, type AlertFacts, type Threshold } from '../../../../core/src';
import { AIR_SLOTS, BONE_SLOTS, storedSlots } from '../stored-audiogram';
import { br, brFromText, csv, dec, field, text, yesNo } from './csv-cells';
import { CLASSIFICATION_COLUMNS } from '../classification-row';
import { ByteChunks } from './byte-chunks';

const EARS = ['od', 'oe'] as const;

/** The columns of the exams CSV, in order (the names `limiar import exams` reads). */
export const EXAM_CSV_COLUMNS: readonly string[] = [
  'nome', 'cpf', 'data_nascimento', 'idade', 'sexo', 'empresa', 'cargo', 'data_exame', 'motivo', 'tipo_exame', 'operador', 'registro_operador',
  'ruido_db', 'calibracao', 'repouso_horas',
  ...EARS.flatMap((ear) => AIR_FREQUENCIES.map((hz) => `${ear}_${hz}`)),
  ...EARS.flatMap((ear) => BONE_FREQUENCIES.map((hz) => `${ear}_vo_${hz}`)),
  'classificacao_od', 'classificacao_oe', 'exame_referencia', 'regra', 'desencadeamento', 'agravamento',
  'pta3_od', 'pta3_oe', 'media_346_od', 'media_346_oe', 'grau_oms_2021', 'exame_completo', 'alertas', 'versao_regras',
];

/**
 * What the exams COPY selects, in this order, as raw values (text format, `datestyle` ISO);
 * `examCsvLine` turns one such line into one CSV row. The classification comes from the typed
 * columns (ADR 0025), the alerts rebuilt from the per-ear facts (core `alertsOf`).
 */
export const EXAM_COPY_COLUMNS = [
  'p.name', 'trim(p.cpf)', 'p.birth_date', 'p.age', 'trim(p.sex)', 'c.name', 'p.job_title', 'e.exam_date', 'e.consultation_reason', 'e.exam_type',
  'e.operator_name', 'e.operator_registration', 'e.ambient_noise_db', 'e.calibration_date', 'e.acoustic_rest_hours',
  'e.audiogram', 'e.rules_version',
  // the facts of the earlier exams of the same date that raised alerts (their alerts open this exam's), read only when bit 18 says so
  `case when e.classification_bits & ${1 << 18} <> 0 then (select string_agg(x.classification_bits || ',' || x.reference_date || ',' || x.rule_set, ';' order by x.created_at)
    from exam x where x.patient_id = e.patient_id and x.exam_date = e.exam_date and x.created_at < e.created_at and x.classification_bits & 1023 <> 0) end`,
  ...CLASSIFICATION_COLUMNS.map((c) => `e.${c}`),
] as const;

const FIXED = 18; // the columns before the classification ones

/** `bits,reference_date,rule_set;…` of the earlier same-date exams (see EXAM_COPY_COLUMNS) → their alert facts. */
function earlierFacts(v: string | null): AlertFacts[] {
  if (v === null) return [];
  return v.split(';').map((x) => {
    const [bits, referenceDate, ruleSet] = x.split(',');
    return { alertCode: Number(bits) & 1023, referenceDate, ruleSet: ruleSet as AlertFacts['ruleSet'] };
  });
}
const NO_CLASSIFICATION = ';'.repeat(12);
const NO_ALERTS: string[] = [];

/** UTF-8 text → the latin1 string of its bytes (the formatter's representation, see ExamCsvTransform). */
const binary = (v: string): string => Buffer.from(v, 'utf8').toString('latin1');
const AT_LEAST = binary('≥ ');
/** A mean in hundredths of a dB (COPY text of a smallint) → its decimal-comma text as `dec(String(n / 100))` writes it, "≥ " first when a lower bound (I11). */
function mean(hundredths: string, bound: boolean): string {
  if (hundredths === '\\N') return '';
  const n = Number(hundredths);
  const abs = Math.abs(n);
  const whole = Math.trunc(abs / 100);
  const cents = abs % 100;
  const text = `${n < 0 ? '-' : ''}${whole}${cents === 0 ? '' : cents % 10 === 0 ? `,${cents / 10}` : `,${cents < 10 ? '0' : ''}${cents}`}`;
  return bound ? `${AT_LEAST}${text}` : text;
}

const NO_THRESHOLDS = ';'.repeat(AIR_SLOTS + BONE_SLOTS - 1);
/** A threshold cell: decimal comma, `NR<level>` for no response, empty when not measured. */
const thresholdCell = (t: Threshold | undefined): string => (t === undefined || t === null ? '' : isNoResponse(t) ? `NR${dec(String(t.level))}` : dec(String(t))!);
/**
 * The 26 threshold cells (air OD, air OE, bone OD, bone OE), `;`-joined, from the stored bytes' COPY text
 * once unescaped (`\x` and hex, ADR 0026); an exam without bone conduction leaves its 10 bone cells empty.
 */
function thresholdCells(hexText: string | null): string {
  if (hexText === null) return NO_THRESHOLDS;
  const slots = storedSlots(Buffer.from(hexText.slice(2), 'hex'));
  let out = '';
  for (let i = 0; i < AIR_SLOTS + BONE_SLOTS; i++) out += `${i ? ';' : ''}${i < slots.length ? thresholdCell(slots[i]) : ''}`;
  return out;
}

/** One exams COPY line (the `EXAM_COPY_COLUMNS`, no newline) → one CSV row (no newline). */
export function examCsvLine(line: string): string {
  const f = line.split('\t');
  if (f.length !== EXAM_COPY_COLUMNS.length) throw new Error(`Linha do COPY com ${f.length} colunas (esperadas ${EXAM_COPY_COLUMNS.length})`);
  return `${text(field(f[0]))};${csv(field(f[1]))};${br(field(f[2]))};${field(f[3]) ?? ''};${csv(field(f[4]))};${text(field(f[5]))};`
    + `${text(field(f[6]))};${br(field(f[7]))};${text(field(f[8]))};${field(f[9]) ?? ''};${text(field(f[10]))};${text(field(f[11]))};`
    + `${dec(field(f[12])) ?? ''};${br(field(f[13]))};${dec(field(f[14])) ?? ''};`
    + `${thresholdCells(field(f[15]))};${classificationCells(f, field(f[7])!)};${csv(field(f[16]))}`;
}

/**
 * The 13 classification cells from the typed columns (no intermediate objects: this runs once per
 * exported exam). Enum, grade and rule-set values are ASCII identifiers; the alerts are rebuilt only
 * when the row's bits or outcome say there are some.
 */
function classificationCells(f: string[], examDate: string): string {
  const at = FIXED;
  const bits = Number(f[at + 11]);
  const d = f[at + 9] === 't';
  const a = f[at + 10] === 't';
  const cr = field(f[at]);
  const cl = field(f[at + 1]);
  const ref = field(f[at + 2]);
  const complete = bits & (1 << 17) ? null : (bits & (1 << 16)) !== 0;
  let alerts: string[] = NO_ALERTS;
  if (bits & (1023 | (1 << 18)) || d || a) {
    const own = { referenceDate: ref, ruleSet: field(f[at + 3]) as AlertFacts['ruleSet'], alertCode: bits & 1023, desencadeamento: d, agravamento: a };
    alerts = alertsOf(own, examDate, earlierFacts(field(f[17])));
  }
  if (cr === null && cl === null && complete === null && !alerts.length) return NO_CLASSIFICATION;
  const compared = ref !== null;
  const desenc = !compared || bits & (1 << 10) ? '' : d ? 'sim' : yesNo('false');
  const agrav = !compared || bits & (1 << 11) ? '' : a ? 'sim' : yesNo('false');
  return `${cr ?? ''};${cl ?? ''};${brFromText(ref)};${field(f[at + 3]) ?? ''};${desenc};${agrav};`
    + `${mean(f[at + 5], (bits & (1 << 12)) !== 0)};${mean(f[at + 6], (bits & (1 << 13)) !== 0)};`
    + `${mean(f[at + 7], (bits & (1 << 14)) !== 0)};${mean(f[at + 8], (bits & (1 << 15)) !== 0)};`
    + `${csv(field(f[at + 4]))};${complete === null ? '' : complete ? 'sim' : yesNo('false')};${text(alerts.length ? binary(alerts.join(' | ')) : null)}`;
}

const BATCH_BYTES = 256 * 1024;
/** The output buffer for `inputBytes` of COPY lines: a CSV row is about as long as its COPY line, or a half longer. */
const outputBytes = (inputBytes: number) => inputBytes + (inputBytes >> 1) + 4096;

/**
 * COPY text-format bytes in, exam CSV rows out (header first), formatted ~256 KiB of input at a
 * time (COPY arrives in ~8 KiB reads; fewer, bigger writes). The UTF-8 bytes are read and written
 * as latin1 strings (one char per byte): no UTF-8 decoding or encoding, and V8 keeps one-byte
 * strings. That is exact because everything the formatter looks at or adds is ASCII (tab, newline,
 * `;`, quotes, the formula characters, JSON syntax; jsonb escapes only control characters), and no
 * byte of a multi-byte UTF-8 character is ASCII.
 */
export class ExamCsvTransform extends Transform {
  rows = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor() {
    super({ readableHighWaterMark: 1 << 20, writableHighWaterMark: 1 << 20 });
    this.push(`${EXAM_CSV_COLUMNS.join(';')}\n`);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < BATCH_BYTES) return done();
    this.formatPending(done);
  }

  override _flush(done: TransformCallback): void {
    this.formatPending((error) => done(error ?? (this.pendingBytes ? new Error('COPY terminou no meio de uma linha') : null)));
  }

  /** Formats the complete lines received so far; keeps the incomplete last one. */
  private formatPending(done: TransformCallback): void {
    try {
      const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
      const last = buf.lastIndexOf(10);
      const rest = buf.subarray(last + 1);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
      if (last < 0) return done();
      const lines = buf.toString('latin1', 0, last);
      // each row written out as soon as it is formatted (ByteChunks): also writing the rows after all were
      // formatted was as slow as one long string
      const out = new ByteChunks(outputBytes(last), 'latin1');
      let start = 0;
      for (;;) {
        const end = lines.indexOf('\n', start);
        const full = out.add(`${examCsvLine(end < 0 ? lines.slice(start) : lines.slice(start, end))}\n`);
        if (full) this.push(full);
        this.rows++;
        if (end < 0) break;
        start = end + 1;
      }
      const tail = out.rest();
      if (tail) this.push(tail);
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
