import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DIAGNOSIS_NOTICE, noResponse, type EarAudiogram } from '../../../../core/src';
import { CLASSIFICATION_COLUMNS } from '../classification-row';
import { EXAM_COPY_COLUMNS, EXAM_CSV_COLUMNS, ExamCsvTransform, examCsvLine } from './exam-csv-rows';
import { encodeStoredAudiogram } from '../stored-audiogram';

/** One COPY text-format line, escaped as PostgreSQL writes it (null → \N). */
const copyLine = (cells: Array<string | null>) =>
  cells.map((c) => (c === null ? '\\N' : c.replace(/[\\\t\n\r]/g, (x) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[x]!))).join('\t');

/** The CSV the transform writes for these COPY lines (UTF-8 in, UTF-8 out), header removed. */
async function csvOf(lines: string[], chunkBytes = 7): Promise<string> {
  const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkBytes) chunks.push(bytes.subarray(i, i + chunkBytes)); // cuts UTF-8 characters too
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(new ExamCsvTransform())) out.push(c as Buffer);
  const text = Buffer.concat(out).toString('utf8');
  expect(text.startsWith(`${EXAM_CSV_COLUMNS.join(';')}\n`)).toBe(true);
  return text.slice(EXAM_CSV_COLUMNS.join(';').length + 1);
}

/** The bytea text of stored thresholds (ADR 0026), as COPY's text format prints it once unescaped (`\x…`). */
const stored = (right: EarAudiogram, left: EarAudiogram): string => `\\x${encodeStoredAudiogram(right, left).toString('hex')}`;

/** The typed classification columns of an exam (ADR 0025) as COPY values; none given = no rules output. */
const classified = (c: Partial<Record<(typeof CLASSIFICATION_COLUMNS)[number], string | null>> = {}) =>
  Object.fromEntries(CLASSIFICATION_COLUMNS.map((k) => [`e.${k}`, k in c ? c[k]! : k === 'classification_bits' ? String(1 << 17) : k === 'desencadeamento' || k === 'agravamento' ? 'f' : null]));

const EARLIER = EXAM_COPY_COLUMNS[17]; // the facts of the earlier same-date exams with alerts
const exam = (over: Partial<Record<(typeof EXAM_COPY_COLUMNS)[number], string | null>> = {}) => copyLine(EXAM_COPY_COLUMNS.map((c) => (c in over ? over[c]! : c === EARLIER ? null : ({
  'p.name': 'Ana Souza', 'trim(p.cpf)': '52998224725', 'p.birth_date': '1980-02-01', 'p.age': null, 'trim(p.sex)': 'F', 'c.name': 'Metalúrgica Boa Vista',
  'p.job_title': 'Soldador', 'e.exam_date': '2024-03-10', 'e.consultation_reason': 'Periódico', 'e.exam_type': null, 'e.operator_name': 'Ana', 'e.operator_registration': 'CRFa 1',
  'e.ambient_noise_db': '32.5', 'e.calibration_date': '2024-01-02', 'e.acoustic_rest_hours': '14', 'e.audiogram': stored({ air: {} }, { air: {} }),
  'e.rules_version': '2026.11-1', ...classified(),
} as Record<string, string | null>)[c])));

/** The raw cells of one CSV row (quotes kept), split on the `;` outside quotes. */
function cells(row: string): string[] {
  const s = row.replace(/\n$/, '');
  const out: string[] = [];
  for (let i = 0; ;) {
    let j = i;
    if (s[j] === '"') {
      for (j = i + 1; ; j += 2) {
        j = s.indexOf('"', j);
        if (s[j + 1] !== '"') break;
      }
      j++;
    } else {
      const k = s.indexOf(';', j);
      j = k < 0 ? s.length : k;
    }
    out.push(s.slice(i, j));
    if (j >= s.length) return out;
    i = j + 1;
  }
}
const at = (name: string) => EXAM_CSV_COLUMNS.indexOf(name);

describe('ExamCsvTransform (COPY text → the exams CSV)', () => {
  it('writes the header and one row per line, with dd/mm/aaaa, decimal comma and empty cells for nulls', async () => {
    const row = cells(await csvOf([exam()]));
    expect(row).toHaveLength(EXAM_CSV_COLUMNS.length);
    expect(row.slice(0, 15)).toEqual(['Ana Souza', '52998224725', '01/02/1980', '', 'F', 'Metalúrgica Boa Vista', 'Soldador', '10/03/2024', 'Periódico', '', 'Ana', 'CRFa 1', '32,5', '02/01/2024', '14']);
    expect(row.slice(15)).toEqual([...Array(39).fill(''), '2026.11-1']);
    expect(cells(await csvOf([exam({ 'e.exam_type': 'periodico' })]))[EXAM_CSV_COLUMNS.indexOf('tipo_exame')]).toBe('periodico');
  });

  it('reads thresholds from the stored bytes: decimal comma, NR<level> for no response, empty when not measured (narrow and wide forms)', async () => {
    const narrow = stored(
      { air: { 250: -10, 500: 0, 1000: noResponse(120), 8000: 120 }, bone: { 500: noResponse(70), 4000: 40 } },
      { air: { 500: 15, 1000: noResponse(-10) }, bone: { 500: 10 } },
    );
    let row = cells(await csvOf([exam({ 'e.audiogram': narrow })]));
    expect(row.slice(at('od_250'), at('od_8000') + 1)).toEqual(['-10', '0', 'NR120', '', '', '', '', '120']);
    expect(row.slice(at('oe_250'), at('oe_8000') + 1)).toEqual(['', '15', 'NR-10', '', '', '', '', '']);
    expect([row[at('od_vo_500')], row[at('od_vo_4000')], row[at('oe_vo_500')], row[at('oe_vo_4000')]]).toEqual(['NR70', '40', '10', '']);
    // off the 5 dB grid (the rules accept exact values): kept in tenths
    const wide = stored({ air: { 250: 12.5, 500: noResponse(92.5), 1000: 7 } }, { air: { 250: -10 } });
    row = cells(await csvOf([exam({ 'e.audiogram': wide })]));
    expect(row.slice(at('od_250'), at('od_2000') + 1)).toEqual(['12,5', 'NR92,5', '7', '']);
    expect(row[at('oe_250')]).toBe('-10');
    expect(row.slice(at('od_vo_500'), at('oe_vo_4000') + 1).every((c) => c === '')).toBe(true);
  });

  it('leaves every threshold empty when nothing was measured, and refuses stored bytes of an unknown length', async () => {
    expect(cells(await csvOf([exam({ 'e.audiogram': stored({ air: {} }, { air: {} }) })])).slice(at('od_250'), at('oe_vo_4000') + 1).every((c) => c === '')).toBe(true);
    await expect(csvOf([exam({ 'e.audiogram': '\\x0102' })])).rejects.toThrow(/2 bytes/);
  });

  it('guards text cells against formula injection and quotes ; " CR LF; names with tab, newline and backslash survive COPY escaping', async () => {
    const row = await csvOf([exam({
      'p.name': 'Ana\tB\nC\\D "E"', 'c.name': '=SOMA(A1)', 'p.job_title': '', 'e.consultation_reason': '+55', 'e.operator_name': '-x;y',
      'e.operator_registration': '@r', 'e.rules_version': 'v;1',
    })]);
    expect(row.startsWith('"Ana\tB\nC\\D ""E""";52998224725;')).toBe(true);
    expect(row).toContain(";'=SOMA(A1);\"\";10/03/2024;'+55;;\"'-x;y\";'@r;");
    expect(row.endsWith(';"v;1"\n')).toBe(true);
    const tab = await csvOf([exam({ 'p.name': '\tAna', 'e.operator_name': '\rB' })]);
    expect(tab.startsWith("'\tAna;")).toBe(true);
    expect(tab).toContain(`;"'\rB";`);
  });

  it('formats the classification columns: texts, dd/mm/aaaa reference, sim/não, decimal comma from hundredths, WHO grade, completeness', async () => {
    const row = cells(await csvOf([exam(classified({
      classification_right: 'sugestivo_painpse', classification_left: 'aceitavel', reference_date: '2015-06-15', rule_set: 'portaria19', desencadeamento: 't',
      pta3_right: '333', pta3_left: '150', mean_346_right: '0', mean_346_left: null, who2021_grade: 'mild', classification_bits: String(1 << 16),
    }))]));
    expect(row.slice(at('classificacao_od'), at('versao_regras'))).toEqual([
      'sugestivo_painpse', 'aceitavel', '15/06/2015', 'portaria19', 'sim', 'não', '3,33', '1,5', '0', '', 'mild', 'sim',
      DIAGNOSIS_NOTICE,
    ]);
    // indeterminate comparisons (bits 10, 11) and an unknown completeness (bit 17) are empty, no comparison at all too
    const open = cells(await csvOf([exam(classified({ classification_right: 'aceitavel', reference_date: '2015-06-15', rule_set: 'nr7_anexo_ii', classification_bits: String((1 << 10) | (1 << 11) | (1 << 17)) }))]));
    expect(open.slice(at('desencadeamento'), at('pta3_od'))).toEqual(['', '']);
    expect(open[at('exame_completo')]).toBe('');
    const first = cells(await csvOf([exam(classified({ classification_right: 'aceitavel', classification_bits: '0' }))]));
    expect([first[at('exame_referencia')], first[at('desencadeamento')], first[at('exame_completo')]]).toEqual(['', '', 'não']);
  });

  it('writes a mean that is a lower bound (an NR among its frequencies, I11) as "≥ value"; a bound on a missing mean stays empty', async () => {
    const row = cells(await csvOf([exam(classified({ pta3_right: '4167', mean_346_right: '4000', classification_bits: String((1 << 12) | (1 << 14) | (1 << 15)) }))]));
    expect(row.slice(at('pta3_od'), at('grau_oms_2021'))).toEqual(['≥ 41,67', '', '≥ 40', '']);
  });

  it('rebuilds the alerts from the per-ear facts: items, criteria, indeterminate; those of the earlier exams of the same date first', async () => {
    const right53a = 1 * 4 + 1;
    const left54ab = 3 * 4 + 3;
    const seq = (date: string, bits: number, over: Record<string, string | null> = {}, earlier: string | null = null) =>
      exam({ 'e.exam_date': date, [EARLIER]: earlier, ...classified({ classification_right: 'aceitavel', reference_date: '2015-06-15', rule_set: 'portaria19', classification_bits: String(bits), ...over }) });
    const rows = (await csvOf([
      seq('2020-01-10', right53a | (left54ab << 5), { desencadeamento: 't', agravamento: 't' }),
      // same date: the earlier exam's alerts come first (bit 18 made the query read its facts)
      seq('2020-01-10', 4 * 4 | (1 << 18), {}, `${right53a | (left54ab << 5)},2015-06-15,portaria19`),
      seq('2021-01-10', 0),
      seq('2020-01-10', 4 * 4 << 5, { rule_set: 'nr7_anexo_ii' }),
    ])).split('\n').filter(Boolean).map((r) => cells(r)[at('alertas')]);
    const d = 'Exame de 10/01/2020';
    const ref = 'em relação ao exame de referência de 15/06/2015';
    expect(rows[0]).toBe(`${d}, orelha direita: sugestivo de desencadeamento de PAINPSE ${ref} (Portaria 19/98 (Anexo I do Quadro II da NR-7), item 4.2.1, critério a). | `
      + `${d}, orelha esquerda: sugestivo de agravamento da PAINPSE ${ref} (Portaria 19/98 (Anexo I do Quadro II da NR-7), item 4.2.3, critério a/b). | ${DIAGNOSIS_NOTICE}`);
    expect(rows[1]).toBe(`${d}, orelha direita: sugestivo de desencadeamento de PAINPSE ${ref} (Portaria 19/98 (Anexo I do Quadro II da NR-7), item 4.2.1, critério a). | `
      + `${d}, orelha esquerda: sugestivo de agravamento da PAINPSE ${ref} (Portaria 19/98 (Anexo I do Quadro II da NR-7), item 4.2.3, critério a/b). | `
      + `${d}, orelha direita: comparação ${ref} indeterminada por frequência não medida ou sem resposta.`);
    expect(rows[2]).toBe('');
    expect(rows[3]).toBe(`${d}, orelha esquerda: comparação ${ref} indeterminada por frequência não medida ou sem resposta.`);
  });

  it('prints dates PostgreSQL to_char prints: years past 9999, BC without the era, infinity as empty', async () => {
    const row = cells(await csvOf([exam({ 'p.birth_date': '0044-03-15 BC', 'e.exam_date': '12345-06-07', 'e.calibration_date': 'infinity' })]));
    expect([row[at('data_nascimento')], row[at('data_exame')], row[at('calibracao')]]).toEqual(['15/03/0044', '07/06/12345', '']);
  });

  it('keeps multi-byte characters cut between chunks and many rows in order', async () => {
    const names = Array.from({ length: 500 }, (_, i) => `José ${i} Ção ü 🎧`);
    const rows = (await csvOf(names.map((n) => exam({ 'p.name': n })), 4099)).trim().split('\n');
    expect(rows.map((r) => r.split(';')[0])).toEqual(names);
  });

  it('rows longer than the output buffer (names of quotes, doubled by the CSV) are written whole and in order', async () => {
    // 60 lines of ~3.4 KiB formatted at once: each row's quotes double, so the output outgrows its first buffer
    const names = Array.from({ length: 60 }, (_, i) => `${'"'.repeat(1500 + i)}${i}`);
    const lines = names.map((n) => exam({ 'p.name': n, 'c.name': n }));
    const csv = await csvOf(lines, 1 << 20);
    expect(csv).toBe(Buffer.from(lines.map((l) => `${examCsvLine(Buffer.from(l, 'utf8').toString('latin1'))}\n`).join(''), 'latin1').toString('utf8'));
    const rows = csv.trim().split('\n');
    expect(rows).toHaveLength(60);
    rows.forEach((r, i) => expect(r.startsWith(`"${names[i].replace(/"/g, '""')}";`)).toBe(true));
  });

  it('fails on a truncated last line', async () => {
    const bytes = Buffer.from(exam().slice(0, 40));
    await expect((async () => { for await (const _ of Readable.from([bytes]).pipe(new ExamCsvTransform())) { /* drain */ } })()).rejects.toThrow('COPY terminou no meio de uma linha');
  });
});
