import type { Command } from 'commander';
import { importCommand, runImport, withImportOptions, type ImportOptions, type ImportWords } from './import-runner';

const SESSION_WORDS: ImportWords = {
  read: 'sessões lidas', imported: 'importadas', dryRun: 'válidas (simulação: nada foi gravado)', existing: 'já existentes', rejected: 'rejeitadas',
};
const EXAM_WORDS: ImportWords = {
  read: 'exames lidos', imported: 'importados', dryRun: 'válidos (simulação: nada foi gravado)', existing: 'já existentes', rejected: 'rejeitados',
};

/**
 * `limiar import noah <arquivo.xml>` and `limiar import pontos <arquivo.csv>`: exports of audiometer
 * software turned into the rows of `limiar import exams` and run through the same pipeline (same
 * validation, error file, idempotence, options and exit codes). docs/audiometer-import.md, docs/csv-format.md.
 */
export function registerImportAudiometerCommands(program: Command): void {
  withImportOptions(
    importCommand(program)
      .command('noah <arquivo>')
      .description('importa audiogramas de uma exportação de pacientes do Noah (XML HIMSA; docs/audiometer-import.md; "-" lê da entrada padrão)'),
  ).action(async (file: string, opts: ImportOptions) => {
    const { readNoahXml } = await import('../imports/read-noah-xml');
    await runImport(file, opts, (input, onBytes) => readNoahXml(input, { onBytes }), SESSION_WORDS);
  });

  withImportOptions(
    importCommand(program)
      .command('pontos <arquivo>')
      .description('importa limiares de um CSV com um ponto por linha (cpf;nome;data;orelha;via;frequencia;limiar; docs/csv-format.md; "-" lê da entrada padrão)'),
  ).action(async (file: string, opts: ImportOptions) => {
    const { readPointsCsv } = await import('../csv/read-points-csv');
    await runImport(file, opts, (input, onBytes) => readPointsCsv(input, { onBytes }), EXAM_WORDS);
  });
}
