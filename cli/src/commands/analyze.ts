import type { Command } from 'commander';

/** `limiar analyze`: the rules engine on JSON histories (loaded on use: other commands never pay for it). */
export function registerAnalyzeCommand(program: Command): void {
  program
    .command('analyze [file]')
    .description('Classifica exames audiométricos (NR-7 Anexo II / Portaria 19/98) e imprime o resultado em JSON')
    .action(async (file: string | undefined) => {
      const { runAnalyze } = await import('../analyze/run-analyze');
      await runAnalyze(file);
    });
}
