import type { Command } from 'commander';
import { CliInputError, EXIT_BAD_INPUT } from '../exit-codes';

interface ExportOptions {
  user?: string;
  organization?: string;
  company?: string;
  from?: string;
  to?: string;
  out?: string;
  q?: string;
}

const BR_OR_ISO = /^(\d{2})\/(\d{2})\/(\d{4})$|^(\d{4}-\d{2}-\d{2})$/;
const toIso = (v: string) => {
  const m = BR_OR_ISO.exec(v.trim());
  return m ? (m[4] ?? `${m[3]}-${m[2]}-${m[1]}`) : undefined;
};

/** `limiar export exams|patients|reports`: streaming CSV for Excel pt-BR, one organisation. */
export function registerExportCommand(program: Command): void {
  program
    .command('export <tipo>')
    .description('exporta exames, pacientes ou laudos em CSV para o Excel (tipo: exams, patients ou reports)')
    .requiredOption('-u, --user <e-mail>', 'e-mail do profissional (define a organização)')
    .option('--organization <id ou nome>', 'a organização, quando o profissional pertence a mais de uma')
    .option('--company <nome>', 'só desta empresa (parte do nome, sem acento/maiúsculas)')
    .option('--from <data>', 'a partir desta data (dd/mm/aaaa ou AAAA-MM-DD; exames: data do exame; pacientes: cadastro)')
    .option('--to <data>', 'até esta data, inclusive')
    .option('-q, --q <texto>', 'busca (nome do paciente, operador ou empresa)')
    .option('-o, --out <arquivo>', 'arquivo de saída ("-" ou ausente: saída padrão)')
    .action(async (kind: string, opts: ExportOptions) => {
      const fail = (message: string) => {
        process.stderr.write(`${message}\n`);
        process.exitCode = EXIT_BAD_INPUT;
      };
      if (!['exams', 'patients', 'reports'].includes(kind)) return fail(`Tipo de exportação desconhecido: ${kind} (use exams, patients ou reports)`);
      const from = opts.from ? toIso(opts.from) : undefined;
      const to = opts.to ? toIso(opts.to) : undefined;
      if ((opts.from && !from) || (opts.to && !to)) return fail('Data inválida em --from/--to: use dd/mm/aaaa ou AAAA-MM-DD');
      const fs = await import('node:fs');
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { openBulkServices } = await import('../../../adapters/src/composition/bulk');
      const { organizationFor } = await import('../organization-of');
      const bulk = await openBulkServices(loadConfig(), (m) => process.stderr.write(`${m}\n`));
      try {
        const organizationId = await organizationFor(bulk, opts.user!, opts.organization, 'dashboards.export');
        const opened = await bulk.exportRecords.open(organizationId, kind as 'exams', { company: opts.company, from, to, q: opts.q });
        if (!opened.ok) return fail(opened.error.message);
        const toFile = opts.out && opts.out !== '-';
        const out = toFile ? fs.createWriteStream(`${opts.out}.parcial`, { highWaterMark: 1 << 20 }) : process.stdout;
        const started = performance.now();
        const rows = await opened.value.writeTo(out);
        if (toFile) fs.renameSync(`${opts.out}.parcial`, opts.out!); // never leave a half-written file under the final name
        const seconds = (performance.now() - started) / 1000;
        if (toFile) process.stderr.write(`${rows} linhas exportadas para ${opts.out} em ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001))} linhas/s)\n`);
      } catch (e) {
        if (e instanceof CliInputError) return fail(e.message);
        throw e;
      } finally {
        await bulk.close();
      }
    });
}
