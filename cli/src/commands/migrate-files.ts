import { InvalidArgumentError, type Command } from 'commander';
import { EXIT_OK, EXIT_ROWS_REJECTED } from '../exit-codes';

interface MigrateFilesOptions {
  to: 's3' | 'disk';
  deleteSource?: boolean;
  json?: boolean;
  concurrency?: number;
}

const backend = (v: string) => {
  if (v !== 's3' && v !== 'disk') throw new InvalidArgumentError('use s3 ou disk.');
  return v;
};
const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('um inteiro de 1 a 64.');
  return n;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/**
 * `limiar migrate-files --to s3|disk [--delete-source] [--json]` (issue 22, ADR 0022): copies every file
 * the database names between the data directory and the bucket of `LIMIAR_S3_URL`, under the same keys,
 * each one read back before it counts. Re-runnable: what is already there and equal is skipped, so a run
 * stopped at any point is finished by running it again. Exit 0 when every file is in the destination,
 * 1 when some are missing or failed (listed), 2 on bad arguments or configuration.
 */
export function registerMigrateFilesCommand(program: Command): void {
  program
    .command('migrate-files')
    .description('copia os arquivos armazenados (exames, laudos, logotipos, certificados) entre o disco (LIMIAR_DATA_DIR) e o bucket S3 (LIMIAR_S3_URL), conferindo cada cópia; pode ser repetido — o que já foi copiado é pulado')
    .requiredOption('--to <s3|disk>', 'destino: s3 (do disco para o bucket) ou disk (do bucket para o disco)', backend)
    .option('--delete-source', 'apaga cada arquivo da origem depois de a cópia ser lida de volta e conferida')
    .option('--concurrency <n>', 'arquivos copiados ao mesmo tempo, de 1 a 64 (padrão: 4)', positive)
    .option('--json', 'imprime um resumo JSON de uma linha (o progresso continua na saída de erros)')
    .action(async (opts: MigrateFilesOptions) => {
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { openFileMigration } = await import('../../../adapters/src/composition/file-migration');
      const say = (m: string) => process.stderr.write(`${m}\n`);
      const migration = await openFileMigration(loadConfig(), opts.to, say);
      try {
        for (const w of migration.warnings) say(w);
        let total = 0;
        const summary = await migration.run({
          deleteSource: Boolean(opts.deleteSource), concurrency: opts.concurrency ?? 4, progressEvery: 50,
          onStart: (n) => {
            total = n;
            say(`Copiando ${n} arquivo(s) de ${migration.from} para ${migration.to}${opts.deleteSource ? ', apagando da origem cada um conferido' : ''}…`);
          },
          onProgress: (done, s) => say(`  ${done}/${total}: ${s.copied} copiado(s), ${s.alreadyThere} já presente(s), ${s.missing.length + s.failed.length} com problema — ${s.seconds.toFixed(1)} s`),
        });
        const complete = summary.failed.length === 0 && summary.missing.length === 0;
        if (opts.json) {
          const { from: source, to: destination, ...counts } = summary;
          process.stdout.write(`${JSON.stringify({ to: opts.to, source, destination, deleteSource: Boolean(opts.deleteSource), complete, ...counts })}\n`);
        } else {
          const out = [
            `Arquivos de ${summary.from} para ${summary.to}: ${summary.total} referenciado(s) pelo banco.`,
            `  copiados agora: ${summary.copied} (${mb(summary.bytesCopied)}); já presentes e iguais: ${summary.alreadyThere}${opts.deleteSource ? `; apagados da origem: ${summary.deletedFromSource}` : ''}`,
          ];
          if (summary.missing.length) {
            out.push(`  ausentes na origem e no destino: ${summary.missing.length}`);
            for (const m of summary.missing.slice(0, 20)) out.push(`    - ${m.key} (${m.kind})`);
            if (summary.missing.length > 20) out.push(`    … e mais ${summary.missing.length - 20} (veja --json)`);
          }
          if (summary.failed.length) {
            out.push(`  falhas: ${summary.failed.length}`);
            for (const f of summary.failed.slice(0, 20)) out.push(`    - ${f.key} (${f.kind}): ${f.error}`);
            if (summary.failed.length > 20) out.push(`    … e mais ${summary.failed.length - 20} (veja --json)`);
          }
          out.push(complete
            ? `Todos os arquivos estão no destino (${summary.seconds.toFixed(1)} s).${opts.to === 's3' ? ' Defina LIMIAR_S3_URL nos processos do Limiar e reinicie-os; depois rode o comando de novo para copiar o que chegou no meio-tempo.' : ' Remova LIMIAR_S3_URL dos processos do Limiar (não deste comando) e reinicie-os; depois rode o comando de novo para copiar o que chegou no meio-tempo.'}`
            : 'Alguns arquivos não estão no destino: corrija a causa e rode o comando de novo (o que já foi copiado é pulado).');
          process.stdout.write(`${out.join('\n')}\n`);
        }
        process.exitCode = complete ? EXIT_OK : EXIT_ROWS_REJECTED;
      } finally {
        await migration.close();
      }
    });
}
