import type { Command } from 'commander';
import type { Readable } from 'node:stream';
import type { ImportRecord } from '../../../core/src';
import { EXIT_BAD_INPUT, CliInputError, importExitCode } from '../exit-codes';
import { peakRssMb } from '../peak-rss';

export interface ImportOptions {
  user?: string;
  organization?: string;
  dryRun?: boolean;
  json?: boolean;
  batchSize: string;
}

/** One row of the input as the error file repeats it: its own line, cells and (optionally) its own reason. */
export interface SourceRow {
  line: number;
  cells: readonly string[];
  /** This row's own problem; without it the row gets the record's reasons. */
  reason?: string;
}

/**
 * What an import format gives the shared runner: the records of `ImportExams` (the cell format of
 * docs/csv-format.md), the error file's columns after `linha;motivo`, and the input rows behind a
 * rejected record (one for a CSV row; every point of an exam for the point CSV; the session for Noah).
 */
export interface ImportSource {
  records: AsyncIterable<ImportRecord>;
  header: Promise<readonly string[]>;
  rowsOf(line: number): readonly SourceRow[];
  /** Printed on stderr as `Aviso: …` once known (unknown columns, points outside the grid…). */
  warnings?: Promise<readonly string[]>;
}

/** How the text summary names what was read (`linhas` for a CSV, `sessões` for Noah, `exames` for the point CSV). */
export interface ImportWords {
  /** "linhas lidas" */
  read: string;
  /** "importadas" / "válidas (simulação: nada foi gravado)" */
  imported: string;
  dryRun: string;
  existing: string;
  rejected: string;
}

export const LINE_WORDS: ImportWords = {
  read: 'linhas lidas', imported: 'importadas', dryRun: 'válidas (simulação: nada foi gravado)', existing: 'já existentes', rejected: 'rejeitadas',
};

/** A cell of the errors report (`;`, quoted when needed, formula-guarded like the exports). */
export const csvCell = (v: string) => {
  const guarded = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[";\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

/** The `limiar import` parent command (created once, shared by every format). */
export function importCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === 'import') ?? program.command('import').description('importa dados em lote (CSV de exames ou de pontos, XML do Noah)');
}

/** The options every `limiar import <formato>` takes (same names, same defaults). */
export function withImportOptions(command: Command): Command {
  return command
    .requiredOption('-u, --user <e-mail>', 'e-mail do profissional que importa (define a organização)')
    .option('--organization <id ou nome>', 'a organização, quando o profissional pertence a mais de uma')
    .option('--dry-run', 'valida todas as linhas sem gravar nada no banco')
    .option('--json', 'sem barra de progresso; imprime um resumo JSON de uma linha')
    .option('--batch-size <n>', 'linhas por transação', '1000');
}

/**
 * Runs one import: opens the input (`-` = stdin), builds the format's source, feeds its records to
 * `ImportExams` (validation, batches, idempotence), writes `<arquivo>.erros.csv`, prints the summary
 * (progress bar on a terminal, one JSON line with `--json`) and sets the exit code
 * (0 all imported, 1 some rejected, 2 nothing done).
 */
export async function runImport(
  file: string,
  opts: ImportOptions,
  open: (input: Readable, onBytes: (n: number) => void, derivedColumns: readonly string[]) => ImportSource,
  words: ImportWords = LINE_WORDS,
): Promise<void> {
  const fs = await import('node:fs');
  // A bulk import allocates fast and keeps little: let the old generation grow to twice its live
  // size between full collections instead of V8's default up to 4× (peak RSS ~250 MB, not ~500 MB;
  // 50 % saves 25 MB more for 8 % more CPU). A growth factor, not a cap: a larger batch still gets
  // the memory it needs. Read by V8 at every collection, so setting it now takes effect.
  (await import('node:v8')).setFlagsFromString('--heap-growing-percent=100');
  const { loadConfig } = await import('../../../adapters/src/composition/config');
  const { DERIVED_EXPORT_COLUMNS, openBulkServices } = await import('../../../adapters/src/composition/bulk');
  const { organizationFor } = await import('../organization-of');

  const fail = (message: string) => {
    process.stderr.write(`${message}\n`);
    process.exitCode = EXIT_BAD_INPUT;
  };
  const batchSize = Number(opts.batchSize);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) return fail('--batch-size deve ser um inteiro entre 1 e 100000');
  const fromStdin = file === '-';
  let input: NodeJS.ReadableStream;
  let totalBytes = 0;
  if (fromStdin) input = process.stdin;
  else {
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) return fail(`Não é um arquivo: ${file}`);
      totalBytes = stat.size;
      fs.accessSync(file, fs.constants.R_OK);
    } catch (e) {
      return fail(`Não foi possível ler o arquivo ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'arquivo não encontrado' : (e as Error).message}`);
    }
    input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  }
  let bytesRead = 0;

  const bulk = await openBulkServices(loadConfig(), (m) => process.stderr.write(`${m}\n`));
  const errorsPath = `${fromStdin ? 'entrada' : file}.erros.csv`;
  let errors: import('node:fs').WriteStream | undefined;
  try {
    const importExams = bulk.importExams(await organizationFor(bulk, opts.user!, opts.organization, 'exams.write'));

    const source = open(input as Readable, (n) => (bytesRead += n), DERIVED_EXPORT_COLUMNS);
    const interactive = !opts.json && process.stderr.isTTY;
    const started = performance.now();
    let bar: import('cli-progress').SingleBar | undefined;
    if (interactive) {
      const { SingleBar, Presets } = await import('cli-progress');
      bar = new SingleBar({
        format: totalBytes ? 'Importando |{bar}| {percentage}% | {rows} linhas | {rate} linhas/s | ETA {eta_formatted}' : 'Importando {rows} linhas | {rate} linhas/s',
        hideCursor: true, etaBuffer: 50,
      }, Presets.shades_classic);
      bar.start(totalBytes || 1, 0, { rows: 0, rate: 0 });
    }
    void source.warnings?.then((list) => {
      for (const w of list) process.stderr.write(`Aviso: ${w}\n`);
    }, () => {});
    const summary = await importExams.execute(source.records, {
      dryRun: !!opts.dryRun,
      batchSize,
      yieldToIo: () => new Promise<void>((resolve) => setImmediate(resolve)),
      async onRejected(line, reasons) {
        if (!errors) {
          errors = fs.createWriteStream(errorsPath);
          errors.write(`\uFEFFlinha;motivo;${(await source.header).map(csvCell).join(';')}\n`);
        }
        const rows = source.rowsOf(line);
        const text = rows.length
          ? rows.map((r) => `${r.line};${csvCell(r.reason ?? reasons.join(' | '))};${r.cells.map(csvCell).join(';')}\n`).join('')
          : `${line};${csvCell(reasons.join(' | '))};\n`;
        if (!errors.write(text)) await new Promise<void>((r) => errors!.once('drain', () => r()));
      },
      onProgress(p) {
        const seconds = (performance.now() - started) / 1000;
        bar?.update(totalBytes ? bytesRead : 1, { rows: p.read, rate: Math.round(p.read / Math.max(seconds, 0.001)) });
      },
    });
    bar?.stop();
    if (errors) await new Promise<void>((r) => errors!.end(() => r()));
    else if (fs.existsSync(errorsPath)) fs.rmSync(errorsPath); // a stale report of an earlier run would mislead
    const seconds = (performance.now() - started) / 1000;
    const result = {
      ...summary, seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(summary.read / Math.max(seconds, 0.001)),
      errorsFile: errors ? errorsPath : null, peakRssMb: Math.round(peakRssMb()),
    };
    if (opts.json || !process.stdout.isTTY) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      const verb = summary.dryRun ? words.dryRun : words.imported;
      process.stdout.write(`${summary.read} ${words.read}: ${summary.read - summary.rejected - summary.duplicates} ${verb}, ${summary.duplicates} ${words.existing}, ${summary.rejected} ${words.rejected}`
        + `${errors ? ` (veja ${errorsPath})` : ''}; ${summary.patientsCreated} trabalhadores novos; ${result.rowsPerSecond} linhas/s.\n`);
    }
    process.exitCode = importExitCode(summary);
  } catch (e) {
    if (e instanceof CliInputError) return fail(e.message);
    throw e;
  } finally {
    await bulk.close();
  }
}
