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
  year?: string;
  format?: string;
  patient?: string;
}

const BR_OR_ISO = /^(\d{2})\/(\d{2})\/(\d{4})$|^(\d{4}-\d{2}-\d{2})$/;
const toIso = (v: string) => {
  const m = BR_OR_ISO.exec(v.trim());
  return m ? (m[4] ?? `${m[3]}-${m[2]}-${m[1]}`) : undefined;
};

/** `limiar export exams|patients|reports`: streaming CSV for Excel pt-BR, one organisation; `limiar export programa`: the NR-7 7.6.2 analytical report. */
export function registerExportCommand(program: Command): void {
  program
    .command('export <tipo>')
    .description('exporta exames, pacientes ou laudos em CSV para o Excel (tipo: exams, patients ou reports), o relatório analítico anual do PCMSO — audiometria, NR-7 item 7.6.2 — de uma empresa em PDF ou CSV (tipo: programa), as audiometrias de um trabalhador em FHIR R4 (tipo: fhir, com --patient), ou o zip dos eventos S-2220 do eSocial ainda não exportados de uma empresa e período (tipo: s2220, com --company <cnpj> --from --to)')
    .requiredOption('-u, --user <e-mail>', 'e-mail do profissional (define a organização)')
    .option('--organization <id ou nome>', 'a organização, quando o profissional pertence a mais de uma')
    .option('--company <nome ou CNPJ>', 'só desta empresa (parte do nome, sem acento/maiúsculas); programa e s2220: o CNPJ da empresa')
    .option('--year <ano>', 'programa: o ano do relatório (ou --from/--to, no máximo um ano)')
    .option('--format <pdf|csv>', 'programa: formato do relatório (padrão pdf)')
    .option('--from <data>', 'a partir desta data (dd/mm/aaaa ou AAAA-MM-DD; exames: data do exame; pacientes: cadastro; s2220: data do ASO)')
    .option('--to <data>', 'até esta data, inclusive')
    .option('-q, --q <texto>', 'busca (nome do paciente, operador ou empresa)')
    .option('--patient <id ou CPF>', 'fhir: o trabalhador')
    .option('-o, --out <arquivo>', 'arquivo de saída ("-" ou ausente: saída padrão; programa: relatorio-analitico-<cnpj>-<ano>.<formato>; s2220: S-2220-<cnpj>-<de>-<até>.zip)')
    .action(async (kind: string, opts: ExportOptions) => {
      const fail = (message: string) => {
        process.stderr.write(`${message}\n`);
        process.exitCode = EXIT_BAD_INPUT;
      };
      if (kind === 'fhir') return (await import('./fhir')).exportFhir(opts, fail);
      if (!['exams', 'patients', 'reports', 'programa', 's2220'].includes(kind)) return fail(`Tipo de exportação desconhecido: ${kind} (use exams, patients, reports, programa, fhir ou s2220)`);
      const from = opts.from ? toIso(opts.from) : undefined;
      const to = opts.to ? toIso(opts.to) : undefined;
      if ((opts.from && !from) || (opts.to && !to)) return fail('Data inválida em --from/--to: use dd/mm/aaaa ou AAAA-MM-DD');
      if (kind === 'programa') return exportProgramme(opts, from, to, fail);
      if (kind === 's2220') return (await import('./export-s2220')).exportS2220(opts, from, to, fail);
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

/** `limiar export programa --company <cnpj> --year 2026 [--format pdf|csv] [--out <arquivo>]`: the analytical report of one company. */
async function exportProgramme(opts: ExportOptions, from: string | undefined, to: string | undefined, fail: (message: string) => void): Promise<void> {
  const format = (opts.format ?? 'pdf').toLowerCase();
  if (format !== 'pdf' && format !== 'csv') return fail(`Formato desconhecido: ${opts.format} (use pdf ou csv)`);
  if (!opts.company) return fail('Informe a empresa pelo CNPJ: --company <cnpj>');
  if (opts.year !== undefined && !/^\d{4}$/.test(opts.year.trim())) return fail(`Ano inválido: ${opts.year} (use quatro dígitos, ex. --year 2026)`);
  if (opts.year === undefined && !(from && to)) return fail('Informe o ano (--year 2026) ou o período (--from e --to, no máximo um ano)');
  if (format === 'pdf' && opts.out === '-' && process.stdout.isTTY) return fail('O PDF não é escrito no terminal: informe --out <arquivo> (ou redirecione a saída)');
  const fs = await import('node:fs');
  const { loadConfig } = await import('../../../adapters/src/composition/config');
  const { openAnnualReportServices } = await import('../../../adapters/src/composition/annual-report-services');
  const { organizationFor } = await import('../organization-of');
  const { formatDateBr } = await import('../../../core/src');
  const services = await openAnnualReportServices(loadConfig(), (m) => process.stderr.write(`${m}\n`));
  try {
    const organizationId = await organizationFor(services, opts.user!, opts.organization, 'dashboards.export');
    const who = (await services.professionalByEmail(opts.user!)) ?? { name: opts.user!, registry: null };
    const started = performance.now();
    const built = await services.annualReport.buildFor(organizationId, who, {
      cnpj: opts.company, ...(opts.year !== undefined ? { year: Number(opts.year) } : { from, to }),
    });
    if (!built.ok) return fail(built.error.message);
    const report = built.value;
    let bytes: Uint8Array;
    if (format === 'csv') bytes = Buffer.from(services.csv(report), 'utf8');
    else {
      const rendered = await services.annualReport.render(report);
      if (!rendered.ok) return fail(rendered.error.message);
      bytes = rendered.value.bytes;
    }
    const when = report.year !== null ? String(report.year) : `${report.period.from}_${report.period.to}`;
    const out = opts.out ?? `relatorio-analitico-${report.company.cnpj ?? report.company.id}-${when}.${format}`;
    if (out === '-') {
      process.stdout.write(bytes);
      return;
    }
    fs.writeFileSync(`${out}.parcial`, bytes);
    fs.renameSync(`${out}.parcial`, out); // never a half-written file under the final name
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(`Relatório analítico de ${report.company.name} (${report.company.cnpjFormatted ?? 'sem CNPJ'}), ${report.year ?? `${formatDateBr(report.period.from)} a ${formatDateBr(report.period.to)}`}: `
      + `${report.current.audiometries} audiometrias de ${report.current.workersExamined} trabalhadores; ${out} em ${seconds.toFixed(1)} s\n`);
  } catch (e) {
    if (e instanceof CliInputError) return fail(e.message);
    throw e;
  } finally {
    await services.close();
  }
}
