import { Transform, type TransformCallback } from 'node:stream';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../../../core/src';
import { thresholdCells } from './audiogram-csv-cells';
import { br, brFromText, csv, dec, field, text, yesNo } from './csv-cells';
import { arrayTexts, isArrayToken, tokenText } from './jsonb-text';

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
 * `examCsvLine` turns one such line into one CSV row.
 */
export const EXAM_COPY_COLUMNS = [
  'p.name', 'trim(p.cpf)', 'p.birth_date', 'p.age', 'trim(p.sex)', 'c.name', 'p.job_title', 'e.exam_date', 'e.consultation_reason', 'e.exam_type',
  'e.operator_name', 'e.operator_registration', 'e.ambient_noise_db', 'e.calibration_date', 'e.acoustic_rest_hours',
  'e.audiogram', 'e.classification_export', 'e.rules_version',
] as const;

const CLASSIFICATION_KEYS = 17; // as in exam.classification_export (migration 20261124000000: 13 values + 4 bounds)
const EMPTY_CLASSIFICATION = ';'.repeat(CLASSIFICATION_KEYS - 1);

/** `alerts` joined by ' | ' (`string_agg` over `jsonb_array_elements_text`: nulls skipped, none → null). */
function alerts(token: string): string | null {
  if (token === '' || token === '[]') return null;
  if (!isArrayToken(token, 0)) throw new Error('Alertas inválidos na classificação de um exame: não são uma lista');
  const list = arrayTexts(token).filter((a): a is string => a !== null);
  return list.length ? list.join(' | ') : null;
}

/** `->>` of one projected value: empty (key missing) and JSON null are null. */
const value = (token: string): string | null => (token === '' ? null : tokenText(token));

/** A mean that is a lower bound because of a no-response (`…_bound` = 'min', clinical-rules I11) is written "≥ 41,67". */
const AT_LEAST = Buffer.from('≥ ', 'utf8').toString('latin1'); // the formatter works on latin1-decoded UTF-8 bytes (see ExamCsvTransform)
const bounded = (mean: string | null, bound: string | undefined): string | null =>
  mean !== null && bound !== undefined && value(bound) === 'min' ? `${AT_LEAST}${mean}` : mean;

/** The 13 classification cells from `exam.classification_export` (17 jsonb texts joined by chr(31): 13 values, then the 4 mean bounds). */
function classificationCells(projection: string | null): string {
  if (projection === null) return EMPTY_CLASSIFICATION;
  const v = projection.split('\x1f');
  if (v.length !== CLASSIFICATION_KEYS) throw new Error('classification_export com outro número de chaves: aplique as migrações');
  return `${csv(value(v[0]))};${csv(value(v[1]))};${brFromText(value(v[2]))};${csv(value(v[3]))};${yesNo(value(v[4]))};${yesNo(value(v[5]))};`
    + `${csv(bounded(dec(value(v[6])), v[13]))};${csv(bounded(dec(value(v[7])), v[14]))};${csv(bounded(dec(value(v[8])), v[15]))};`
    + `${csv(bounded(dec(value(v[9])), v[16]))};${csv(value(v[10]))};`
    + `${yesNo(value(v[11]))};${text(alerts(v[12]))}`;
}

/** One COPY text line (the `EXAM_COPY_COLUMNS`, no newline) → one CSV row (no newline). */
export function examCsvLine(line: string): string {
  const f = line.split('\t');
  if (f.length !== EXAM_COPY_COLUMNS.length) throw new Error(`Linha do COPY com ${f.length} colunas (esperadas ${EXAM_COPY_COLUMNS.length})`);
  return `${text(field(f[0]))};${csv(field(f[1]))};${br(field(f[2]))};${field(f[3]) ?? ''};${csv(field(f[4]))};${text(field(f[5]))};`
    + `${text(field(f[6]))};${br(field(f[7]))};${text(field(f[8]))};${field(f[9]) ?? ''};${text(field(f[10]))};${text(field(f[11]))};`
    + `${dec(field(f[12])) ?? ''};${br(field(f[13]))};${dec(field(f[14])) ?? ''};`
    + `${thresholdCells(field(f[15]))};${classificationCells(field(f[16]))};${csv(field(f[17]))}`;
}

const BATCH_BYTES = 256 * 1024;

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
      let out = '';
      let start = 0;
      for (;;) {
        const end = lines.indexOf('\n', start);
        out += `${examCsvLine(end < 0 ? lines.slice(start) : lines.slice(start, end))}\n`;
        this.rows++;
        if (end < 0) break;
        start = end + 1;
      }
      this.push(out, 'latin1');
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
