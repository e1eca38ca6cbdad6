import type { AudiogramReading } from '../audiogram/reading';

/** Media types a reader may be given; the upload route checks them by content (magic bytes) first. */
export type AudiogramMediaType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** An uploaded exam file, as bytes. */
export interface AudiogramFile {
  readonly bytes: Uint8Array;
  readonly mediaType: AudiogramMediaType;
  readonly fileName: string;
}

/**
 * What one reader made of a file. Every expected case is a value; `reason` is pt-BR for the reviewer:
 * - `read`: thresholds found, validated and snapped to the 5 dB grid;
 * - `not_applicable`: this reader cannot read this kind of file (an image for the PDF text reader,
 *   a PDF without a text layer or without a recognisable table, a picture that is not an audiogram);
 * - `unavailable`: the reader's service is not there (Ollama not reachable, model not installed);
 * - `failed`: the reader tried and the result is unusable (corrupted file, model answer invalid or truncated, timeout).
 */
export type ReadOutcome =
  | { readonly status: 'read'; readonly reading: AudiogramReading }
  | { readonly status: 'not_applicable'; readonly reason: string }
  | { readonly status: 'unavailable'; readonly reason: string }
  | { readonly status: 'failed'; readonly reason: string };

/** Reads hearing thresholds from an exam file (PDF export, scan or chart picture). */
export interface AudiogramReader {
  /** Stable name used in attempts and observations, e.g. 'pdf-text', 'ollama:qwen2.5vl:7b'. */
  readonly name: string;
  /**
   * Reads the file. Bad input never throws: it ends in `not_applicable` or `failed`. Throws only
   * for bugs (the ReadAudiogram use case still records such a throw as a failed attempt).
   */
  read(file: AudiogramFile): Promise<ReadOutcome>;
}
