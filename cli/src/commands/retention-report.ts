import type { Command } from 'commander';
import { EXIT_BAD_INPUT } from '../exit-codes';

interface RetentionOptions {
  json?: boolean;
  org?: string;
}

/**
 * `limiar retention-report [--json] [--org <id ou nome>]` (LGPD, issue 20; docs/lgpd.md "Retention"):
 * per organisation, the workers whose occupational health records are past the NR-7 item 7.6.1.1
 * period (20 years after the worker leaves). It only reports — nothing is deleted. A job to run, e.g.
 * monthly from cron; exit code 0 whether or not something is listed.
 */
export function registerRetentionReportCommand(program: Command): void {
  program
    .command('retention-report')
    .description('lista, por organização, os prontuários que passaram do prazo de guarda da NR-7 (item 7.6.1.1: 20 anos após o desligamento; sem vínculo, após o último exame) — só relata, não apaga nada')
    .option('--json', 'saída em JSON (uma linha)')
    .option('--org <id ou nome>', 'só esta organização')
    .action(async (opts: RetentionOptions) => {
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { openRetentionServices } = await import('../../../adapters/src/composition/retention-services');
      const { formatDateBr, RETENTION_BASIS_LABELS } = await import('../../../core/src');
      const services = await openRetentionServices(loadConfig(), (m) => process.stderr.write(`${m}\n`));
      try {
        const data = await services.report.run(opts.org);
        if (opts.org && data.organizations.length === 0) {
          process.stderr.write(`Organização não encontrada: ${opts.org}\n`);
          process.exitCode = EXIT_BAD_INPUT;
          return;
        }
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(data)}\n`);
          return;
        }
        const out: string[] = [`Prazo de guarda dos prontuários (NR-7, item 7.6.1.1: ${data.years} anos após o desligamento) — referência ${formatDateBr(data.today)}`, ''];
        for (const org of data.organizations) {
          out.push(`${org.name} (${org.id}): ${org.items.length} de ${org.workers} trabalhador(es) com o prazo vencido`);
          for (const i of org.items) {
            const flags = [i.archived ? 'arquivado' : null, i.anonymized ? 'anonimizado' : null].filter(Boolean).join(', ');
            out.push(`  - ${i.name}${flags ? ` [${flags}]` : ''} (${i.patientId}): ${i.exams} exame(s); contado de ${formatDateBr(i.from)} (${RETENTION_BASIS_LABELS[i.basis]}); guarda até ${formatDateBr(i.retainUntil)}, vencida há ${i.daysPast} dia(s)`);
          }
          out.push('');
        }
        out.push('Nada foi apagado: a exclusão de um prontuário vencido é decisão do controlador (docs/lgpd.md).');
        process.stdout.write(`${out.join('\n')}\n`);
      } finally {
        await services.close();
      }
    });
}
