import type { Readable } from 'node:stream';
import { FHIR_ERROR_COLUMNS, FhirBundleUnreadableError, readFhirBundle, type FhirBundleReading, type ImportRecord } from '../../../core/src';
import type { ImportSource, SourceRow } from '../commands/import-runner';
import { CliInputError } from '../exit-codes';
import { readAll } from './whole-input';

/**
 * `limiar import fhir`: a FHIR R4 Bundle in JSON (UTF-8) read as a whole and turned by core's
 * `readFhirBundle` into the records of the bulk import — one per exam, one problem per entry that is
 * not imported (docs/fhir.md "Import"). The error file's `linha` is the entry number in `Bundle.entry`
 * (1-based), then the entry's resource type, id and what it is; the entries deliberately left out
 * (classification, laudo) are printed as warnings.
 */
export function readFhirBundleFile(input: Readable, options: { onBytes?: (n: number) => void } = {}): ImportSource {
  let resolveWarnings!: (w: string[]) => void;
  const warnings = new Promise<string[]>((r) => (resolveWarnings = r));
  let reading: FhirBundleReading | undefined;

  async function* records(): AsyncGenerator<ImportRecord> {
    const fail = (message: string): never => {
      resolveWarnings([]);
      throw new CliInputError(message);
    };
    const bytes = await readAll(input, options.onBytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      return fail('O arquivo não está em UTF-8 (FHIR JSON é sempre UTF-8).');
    }
    if (!text.trim()) return fail('Arquivo vazio: nenhum Bundle FHIR encontrado');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return fail(`JSON inválido: ${(e as Error).message}`);
    }
    try {
      reading = readFhirBundle(json);
    } catch (e) {
      if (e instanceof FhirBundleUnreadableError) return fail(e.message);
      throw e;
    }
    resolveWarnings(reading.notes);
    yield* reading.records;
  }

  return {
    records: records(),
    header: Promise.resolve(FHIR_ERROR_COLUMNS),
    rowsOf: (line): readonly SourceRow[] => reading?.rowsOf(line) ?? [],
    warnings,
  };
}
