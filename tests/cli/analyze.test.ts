import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../support/shared-dir';

/**
 * Runs `tsx cli/src/main.ts analyze -` as a child process, the way a user does. Each test starts a
 * Node process (~1 s idle, several under a loaded CI machine): the tests wait for it, up to PROCESS_WAIT.
 */
const PROCESS_WAIT = { timeout: 30_000 };

function analyze(stdin: string, args: string[] = ['-']) {
  const r = spawnSync('node_modules/.bin/tsx', ['cli/src/main.ts', 'analyze', ...args], { input: stdin, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface ExampleCase {
  id: string;
  input: unknown;
  expected: Record<string, unknown>;
}
const examples = JSON.parse(readFileSync(`${SHARED_DIR}/docs/clinical-cases-examples.json`, 'utf8')) as { cases: ExampleCase[] };

/** Every expected key, numbers compared after rounding to 2 decimals (conventions "differences"). */
function expectKeys(expected: Record<string, unknown>, actual: Record<string, unknown>, where: string): void {
  for (const [key, value] of Object.entries(expected)) {
    const got = actual[key];
    if (key === 'sequence') {
      const exp = value as Record<string, unknown>[];
      const act = got as Record<string, unknown>[];
      expect(act, `${where}.sequence`).toHaveLength(exp.length);
      exp.forEach((step, i) => expectKeys(step, act[i], `${where}.sequence[${i}]`));
    } else if (typeof value === 'number') {
      expect(typeof got, `${where}.${key}`).toBe('number');
      expect(Math.round((got as number) * 100) / 100, `${where}.${key}`).toBe(Math.round(value * 100) / 100);
    } else {
      expect(got, `${where}.${key}`).toEqual(value);
    }
  }
}

describe('limiar analyze over clinical-cases-examples.json', PROCESS_WAIT, () => {
  it.each(examples.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = analyze(JSON.stringify(c.input));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out.rules_version).toMatch(/^\d{4}\.\d{2}-\d+$/);
    expectKeys(c.expected, out, c.id);
  });

  it('answers an array with an array, in order, from a file path', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'limiar-analyze-')), 'batch.json');
    writeFileSync(file, JSON.stringify(examples.cases.map((c) => c.input)));
    const batch = analyze('', [file]);
    expect(batch.code).toBe(0);
    const out = JSON.parse(batch.stdout) as Record<string, unknown>[];
    expect(out).toHaveLength(examples.cases.length);
    out.forEach((o, i) => expectKeys(examples.cases[i].expected, o, examples.cases[i].id));
  });
});

describe('limiar analyze: the clinical scenarios of issue 13', PROCESS_WAIT, () => {
  const scenario = JSON.parse(readFileSync('tests/fixtures/clinical/noise-notch-history.json', 'utf8')) as {
    input: { worker: unknown; exams: Record<string, unknown>[] };
    expected: Record<string, unknown>;
    expected_2025: Record<string, unknown>;
  };
  const run = (input: unknown) => {
    const r = analyze(JSON.stringify(input));
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };

  it('a textbook notch with bone 25 under air 30 at 3 kHz (but 35 under 40 at 4 kHz) is sugestivo; its agravamento is caught (I3)', () => {
    expectKeys(scenario.expected, run(scenario.input), 'three exams');
    expectKeys(scenario.expected_2025, run({ ...scenario.input, exams: scenario.input.exams.slice(0, 2) }), 'two exams');
  });

  it('6 kHz NR at 80 in a sequential exam: mean as a lower bound, desencadeamento decided by the bound (I11)', () => {
    const ref = { '500': 10, '1000': 10, '2000': 10, '3000': 15, '4000': 20, '6000': 20, '8000': 15 };
    const out = run({ exams: [
      { date: '2024-03-12', right: ref, left: ref },
      { date: '2025-03-11', right: { ...ref, '6000': '>80' }, left: { ...ref, '6000': { nr: 20 } } },
    ] });
    expect(out).toMatchObject({
      classification_right: 'sugestivo_painpse', mean_346_right: 40, mean_346_right_bound: 'min',
      delta_mean_346_right: 21.67, delta_mean_346_right_bound: 'min', max_shift_346_right: 65, max_shift_346_right_bound: 'min',
      desencadeamento_right: true,
      // left: NR at 20 → at least 25, a shift of at least 5 at 6 kHz: could reach 15, cannot be excluded
      classification_left: 'aceitavel', mean_346_left_bound: 'min', desencadeamento_left: null,
      desencadeamento: true,
    });
    expect(out.mean_346_left).toBeCloseTo(20, 2);
  });

  it('an NR in the reference only: the difference is an upper bound (not met → false)', () => {
    const ref = { '500': 10, '1000': 10, '2000': 10, '3000': 15, '4000': '>20', '6000': 20, '8000': 15 };
    const out = run({ exams: [{ date: '2024-03-12', right: ref, left: ref }, { date: '2025-03-11', right: { ...ref, '4000': 30 }, left: { ...ref, '4000': 40 } }] });
    expect(out).toMatchObject({ max_shift_346_right: 5, max_shift_346_right_bound: 'max', desencadeamento_right: false, desencadeamento_left: null });
  });

  it('an exam without any air value is never the reference (I11) and is reported as sem_limiares', () => {
    const normal = { '500': 10, '1000': 10, '2000': 10, '3000': 15, '4000': 20, '6000': 20, '8000': 15 };
    const notch = { ...normal, '3000': 30, '4000': 45, '6000': 35 };
    const exams = [{ date: '2024-01-10', right: {}, left: {} }, { date: '2025-01-10', right: normal, left: normal }, { date: '2026-01-10', right: notch, left: normal }];
    expect(run({ exams: exams.slice(0, 1) })).toMatchObject({ exam_role: 'sem_limiares', classification_right: null });
    expect(run({ exams: exams.slice(0, 2) })).toMatchObject({ exam_role: 'referencia', reference_basis: 'primeiro_exame', new_reference_date: '2025-01-10' });
    expect(run({ exams })).toMatchObject({ exam_role: 'sequencial', reference_date: '2025-01-10', desencadeamento_right: true, desencadeamento: true });
    const after = run({ exams: [...exams, { date: '2027-01-10', right: {}, left: {} }] });
    expect(after).toMatchObject({ exam_role: 'sem_limiares', new_reference_date: '2026-01-10' });
    expect(after.desencadeamento).toBeUndefined();
  });

  it('a designated reference replaces the chain from its date on, with its reason (I12)', () => {
    const a = { '500': 10, '1000': 10, '2000': 10, '3000': 15, '4000': 20, '6000': 20, '8000': 15 };
    const b = { ...a, '4000': 40 };
    const exams = [{ date: '2024-01-10', right: a, left: a }, { date: '2025-01-10', right: b, left: a, designated_reference_reason: 'Primeiro exame sem repouso de 14 h' }, { date: '2026-01-10', right: b, left: a }];
    expect(run({ exams: exams.slice(0, 2) })).toMatchObject({ exam_role: 'referencia', reference_basis: 'designado', reference_designation_reason: 'Primeiro exame sem repouso de 14 h' });
    expect(run({ exams })).toMatchObject({ reference_date: '2025-01-10', reference_basis: 'designado', desencadeamento: false, agravamento: false });
  });
});

describe('limiar analyze refuses bad input (exit 2, pt-BR message naming the field, empty stdout)', PROCESS_WAIT, () => {
  const exam = (right: unknown) => ({ date: '2024-01-10', right, left: { 500: 10 } });
  it.each([
    ['a string threshold', { exams: [exam({ 500: 10 }), exam({ 4000: 'trinta' })] }, 'exams[1].right.4000', 'limiar deve ser um número'],
    ['an out-of-range threshold', { exams: [exam({ 4000: 130 })] }, 'exams[0].right.4000', 'fora da faixa'],
    ['an unknown frequency', { exams: [exam({ 1500: 10 })] }, 'exams[0].right.1500', 'campo não reconhecido'],
    ['a bad date', { exams: [{ ...exam({ 500: 10 }), date: '10/01/2024' }] }, 'exams[0].date', 'AAAA-MM-DD'],
    ['no exams', { exams: [] }, 'exams', 'pelo menos um exame'],
    ['a bad sex', { worker: { sex: 'X' }, exams: [exam({ 500: 10 })] }, 'worker.sex', 'sexo deve ser M, F ou O'],
    ['a bad entry in a batch', [{ exams: [exam({ 500: 10 })] }, { exams: [exam({ 500: null, 2000: {} })] }], '[1].exams[0].right.2000', 'limiar'],
  ])('%s', (_name, input, field, fragment) => {
    const r = analyze(JSON.stringify(input));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(field);
    expect(r.stderr).toContain(fragment);
  });

  it('refuses malformed JSON and an unreadable file', () => {
    const bad = analyze('{"exams": [');
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toContain('JSON inválido');
    const missing = analyze('', ['/nonexistent/limiar.json']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toContain('Não foi possível ler');
  });
});
