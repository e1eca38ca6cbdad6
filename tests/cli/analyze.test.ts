import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../support/shared-dir';

/** Runs `tsx cli/src/main.ts analyze -` as a child process, the way a user does. */
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

describe('limiar analyze over clinical-cases-examples.json', () => {
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

describe('limiar analyze refuses bad input (exit 2, pt-BR message naming the field, empty stdout)', () => {
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
