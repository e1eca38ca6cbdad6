#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../../adapters/src/composition/config';
import { registerAnalyzeCommand } from './commands/analyze';
import { registerExportCommand } from './commands/export';
import { registerImportAudiometerCommands } from './commands/import-audiometer';
import { registerImportExamsCommand } from './commands/import-exams';
import { registerImportFhirCommand } from './commands/fhir';
import { registerMigrateCommand } from './commands/migrate';
import { registerMigrateFilesCommand } from './commands/migrate-files';
import { registerRetentionReportCommand } from './commands/retention-report';
import { registerServeCommand } from './commands/serve';
import { registerWorkerCommand } from './commands/worker';
import { exitWithParent, rerunWithSingleThreadedGc } from './single-threaded-gc';

const titles: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
};

const errors: Array<[RegExp, string]> = [
  [/^error: unknown command/, 'erro: comando desconhecido'],
  [/^error: unknown option/, 'erro: opção desconhecida'],
  [/^error: missing required argument/, 'erro: argumento obrigatório ausente'],
  [/^error: option '(.*)' argument missing/, "erro: falta o valor da opção '$1'"],
  [/^error: option '(.*)' argument '(.*)' is invalid\./, "erro: valor '$2' inválido para a opção '$1':"],
  [/^error: too many arguments/, 'erro: argumentos demais'],
  [/^error:/, 'erro:'],
];
const translateError = (text: string) => {
  const hit = errors.find(([pattern]) => pattern.test(text));
  return hit ? text.replace(hit[0], hit[1]).replace(/\(Did you mean (.*)\?\)/, '(Você quis dizer $1?)') : text;
};

/** `limiar`: the command-line driver. Help and messages are in pt-BR (subcommands inherit it). */
const program = new Command('limiar')
  .description('Limiar — gestão de audiometria ocupacional (NR-7 / Portaria 19/98)')
  .version('0.1.0', '-v, --version', 'mostra a versão')
  .helpOption('-h, --help', 'mostra esta ajuda')
  .helpCommand('help [comando]', 'mostra a ajuda de um comando')
  .configureHelp({
    styleTitle: (title) => titles[title] ?? title,
    styleUsage: (usage) => usage.replace('[options]', '[opções]').replace('[command]', '[comando]'),
  })
  .configureOutput({ outputError: (text, write) => write(translateError(text)) })
  .exitOverride();

if (await rerunWithSingleThreadedGc(process.argv)) process.exit();
exitWithParent();

registerServeCommand(program);
registerMigrateCommand(program);
registerWorkerCommand(program);
registerAnalyzeCommand(program);
registerImportExamsCommand(program);
registerImportAudiometerCommands(program);
registerImportFhirCommand(program);
registerExportCommand(program);
registerRetentionReportCommand(program);
registerMigrateFilesCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Erro: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
}
