import type { Command } from 'commander';
import { importCommand, runImport, withImportOptions, type ImportOptions } from './import-runner';

/** `limiar import exams <file|->`: bulk import of past exams into the organisation of `--user`. */
export function registerImportExamsCommand(program: Command): void {
  withImportOptions(
    importCommand(program)
      .command('exams <arquivo>')
      .description('importa exames audiométricos de um CSV (formato em docs/csv-format.md; "-" lê da entrada padrão)'),
  ).action(async (file: string, opts: ImportOptions) => {
    const { readExamsCsv } = await import('../csv/read-exams-csv');
    await runImport(file, opts, (input, onBytes, derivedColumns) => {
      let lastRaw: { line: number; cells: string[] } | undefined;
      const csv = readExamsCsv(input, { derivedColumns, onRaw: (line, cells) => (lastRaw = { line, cells }), onBytes });
      return {
        records: csv.records,
        header: csv.header,
        rowsOf: (line) => (lastRaw?.line === line ? [{ line, cells: lastRaw.cells }] : []),
        warnings: csv.info.then((info) => (info.unknownColumns.length ? [`colunas desconhecidas ignoradas: ${info.unknownColumns.join(', ')}`] : [])),
      };
    });
  });
}
