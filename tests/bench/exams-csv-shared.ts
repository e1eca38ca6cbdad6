/**
 * The exams CSV of the bulk benches (import-export, load): N exams of N/10 workers, thresholds from
 * NHANES, the file grouped by worker as exports of other systems are, and its import as users run it
 * (`limiar import exams`). Shared by tests/bench/import-export.bench.ts and tests/bench/load.bench.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isNoResponse, type Threshold } from '../../core/src';
import { loadNhanesParticipants } from '../fixtures/nhanes';
import { cpfFrom as cpf } from '../support/cpf';

const root = path.resolve(import.meta.dirname, '..', '..');
const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const cell = (t: Threshold | undefined) => (t === undefined || t === null ? '' : isNoResponse(t) ? 'NR' : String(Math.max(-10, Math.min(120, Math.round(t / 5) * 5))));

/** Worker `w`'s CPF in the generated file (11 digits, valid check digits). */
export const workerCpf = (w: number) => cpf(100_000_000 + w);

/**
 * Writes the CSV in chunks (the generator never holds the file): worker `w` (0 ≤ w < exams/10) has 10 exams,
 * one a year from 2010, named `nameOf(w)` (default "Trabalhador {w} da Silva") with CPF `workerCpf(w)`.
 */
export function writeExamsCsv(file: string, exams: number, nameOf: (w: number) => string = (w) => `Trabalhador ${w} da Silva`) {
  // participants with every air threshold "could not obtain" make no exam: left out
  const people = loadNhanesParticipants().filter((p) => Object.values(p.right).some((t) => t !== null) || Object.values(p.left).some((t) => t !== null));
  const fd = fs.openSync(file, 'w');
  const header = ['nome', 'cpf', 'data_nascimento', 'sexo', 'empresa', 'cargo', 'data_exame', 'motivo', 'operador', 'registro_operador', 'ruido_db', 'calibracao', 'repouso_14h',
    ...AIR.map((hz) => `od_${hz}`), ...AIR.map((hz) => `oe_${hz}`)];
  let buf = `${header.join(';')}\n`;
  const workers = exams / 10;
  for (let w = 0; w < workers; w++) {
    const p = people[w % people.length];
    const name = nameOf(w);
    const id = workerCpf(w);
    for (let k = 0; k < 10; k++) {
      const shift = (t: Threshold | undefined, hz: number): Threshold | undefined => (typeof t === 'number' && hz >= 3000 && hz <= 6000 ? t + k * (rand() < 0.3 ? 5 : 0) : t);
      const right = AIR.map((hz) => cell(shift(p.right[hz as 500], hz)));
      const left = AIR.map((hz) => cell(shift(p.left[hz as 500], hz)));
      buf += `${name};${id};${String(1 + (w % 28)).padStart(2, '0')}/0${1 + (w % 9)}/19${60 + (w % 35)};${w % 3 ? 'M' : 'F'};Empresa ${w % 300} Ltda;Operador de máquinas;`
        + `15/${String(1 + (k % 12)).padStart(2, '0')}/${2010 + k};Periódico;Ana Souza;CRFa 12345;32,5;10/01/${2010 + k};sim;${right.join(';')};${left.join(';')}\n`;
      if (buf.length > 1 << 20) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    }
  }
  fs.writeSync(fd, buf);
  fs.closeSync(fd);
}

/** The command as users run it (docs/cli.md): through the `limiar` npm script, JSON summary on stdout. */
export function importExamsFile(url: string, file: string, email: string) {
  const r = spawnSync('npm', ['run', '--silent', 'limiar', '--', 'import', 'exams', file, '--user', email, '--json'], {
    cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url, LIMIAR_LOG_LEVEL: 'silent' }, maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`import falhou (${r.status}): ${r.stderr} ${r.stdout} ${fs.existsSync(`${file}.erros.csv`) ? fs.readFileSync(`${file}.erros.csv`, 'utf8').slice(0, 600) : ''}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}
