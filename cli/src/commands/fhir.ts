import type { Command } from 'commander';
import { CliInputError } from '../exit-codes';
import { importCommand, runImport, withImportOptions, type ImportOptions, type ImportWords } from './import-runner';

const ENTRY_WORDS: ImportWords = {
  read: 'registros lidos (exames e entradas não importáveis)', imported: 'exames importados', dryRun: 'exames válidos (simulação: nada foi gravado)', existing: 'já existentes', rejected: 'rejeitados',
};

/** `limiar import fhir <bundle.json>`: a FHIR R4 Bundle into exams through the bulk import pipeline (docs/fhir.md). */
export function registerImportFhirCommand(program: Command): void {
  withImportOptions(
    importCommand(program)
      .command('fhir <arquivo>')
      .description('importa exames de um Bundle FHIR R4 em JSON (o de "limiar export fhir" ou de outro sistema com os códigos LOINC do audiograma; docs/fhir.md; "-" lê da entrada padrão)'),
  ).action(async (file: string, opts: ImportOptions) => {
    const { readFhirBundleFile } = await import('../imports/read-fhir-bundle');
    await runImport(file, opts, (input, onBytes) => readFhirBundleFile(input, { onBytes }), ENTRY_WORDS);
  });
}

export interface FhirExportOptions {
  user?: string;
  organization?: string;
  patient?: string;
  out?: string;
}

/** `limiar export fhir --patient <id|cpf> -u <e-mail> [--out arquivo.json]`: the worker's audiometry as a FHIR R4 Bundle. */
export async function exportFhir(opts: FhirExportOptions, fail: (message: string) => void): Promise<void> {
  if (!opts.patient?.trim()) return fail('Informe o trabalhador: --patient <id ou CPF>');
  const fs = await import('node:fs');
  const { loadConfig } = await import('../../../adapters/src/composition/config');
  const { openBulkServices } = await import('../../../adapters/src/composition/bulk');
  const { openFhirExportServices } = await import('../../../adapters/src/composition/fhir-export-cli');
  const { organizationFor } = await import('../organization-of');
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const config = loadConfig();
  // who may export: the same membership check as every data command (its own small pool)
  const bulk = await openBulkServices(config, log);
  let organizationId: string;
  try {
    organizationId = await organizationFor(bulk, opts.user!, opts.organization, 'dashboards.export');
  } catch (e) {
    if (e instanceof CliInputError) return fail(e.message);
    throw e;
  } finally {
    await bulk.close();
  }
  const services = await openFhirExportServices(config, log);
  try {
    const result = await services.run(() => services.exportFhir.forOrganization(organizationId, opts.patient!));
    if (!result.ok) return fail(`Trabalhador não encontrado nesta organização: ${opts.patient} (informe o id ou o CPF)`);
    const json = `${JSON.stringify(result.value.bundle, null, 2)}\n`;
    const out = opts.out ?? result.value.fileName;
    if (out === '-') {
      process.stdout.write(json);
      return;
    }
    fs.writeFileSync(`${out}.parcial`, json);
    fs.renameSync(`${out}.parcial`, out); // never a half-written file under the final name
    const entries = result.value.bundle.entry ?? [];
    const count = (type: string) => entries.filter((e) => e.resource?.resourceType === type).length;
    process.stderr.write(`Bundle FHIR R4 gravado em ${out}: ${entries.length} recursos (${count('Observation')} Observation, ${count('DiagnosticReport')} DiagnosticReport).\n`);
  } finally {
    await services.close();
  }
}
