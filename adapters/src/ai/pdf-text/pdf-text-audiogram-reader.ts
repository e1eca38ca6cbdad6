import { buildAudiogramReading, type StatedIdentity, type AudiogramFile, type AudiogramReader, type ReadOutcome } from '../../../../core/src';
import { parseReadingCandidates } from '../reading-candidates';
import { statedIdentity } from './patient-identity';
import { extractPdfText } from './pdf-text-items';
import { buildRows } from './text-rows';
import { scanThresholdTables } from './threshold-tables';

const PDF_MAGIC = '%PDF-';

/**
 * Reads threshold tables from a PDF's text layer (audiometer software exports). Deterministic, so its
 * values are high confidence unless snapped; a PDF with no text, or text without a threshold table,
 * is `not_applicable` (the vision reader may still read it); an unreadable PDF is `failed`. The patient
 * the PDF names (name, CPF, birth date) goes into the reading's `identity`.
 */
export class PdfTextAudiogramReader implements AudiogramReader {
  readonly name = 'pdf-text';

  async read(file: AudiogramFile): Promise<ReadOutcome> {
    if (file.mediaType !== 'application/pdf') return { status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura da camada de texto não se aplica.' };
    const head = new TextDecoder('latin1').decode(file.bytes.subarray(0, 1024));
    if (!head.includes(PDF_MAGIC)) return { status: 'failed', reason: 'O arquivo enviado como PDF não tem assinatura de PDF.' };

    const text = await extractPdfText(file.bytes);
    if (!text.ok) return { status: 'failed', reason: text.reason };
    if (text.pages.every((p) => p.length === 0)) {
      return { status: 'not_applicable', reason: 'PDF sem camada de texto (provavelmente digitalizado); a leitura por texto não se aplica.' };
    }

    const notes: string[] = [];
    const raw: unknown[] = [];
    let identity: StatedIdentity | undefined;
    for (const page of text.pages) {
      const rows = buildRows(page);
      identity ??= statedIdentity(rows);
      const scan = scanThresholdTables(rows);
      raw.push(...scan.candidates);
      notes.push(...scan.notes);
    }
    if (!raw.length) return { status: 'not_applicable', reason: 'Nenhuma tabela de limiares reconhecida no texto do PDF.' };

    const candidates = parseReadingCandidates(raw);
    if (!candidates.ok) return { status: 'failed', reason: candidates.reason };
    const reading = buildAudiogramReading(candidates.value, this.name);
    if (!reading.ok) return { status: 'not_applicable', reason: `Tabela de limiares incompleta ou inválida: ${reading.error.message}` };
    return { status: 'read', reading: { ...reading.value, observations: [...notes, ...reading.value.observations], ...(identity ? { identity } : {}) } };
  }
}
