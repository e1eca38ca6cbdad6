import type { AudiogramReading } from '../../audiogram/reading';
import type { AudiogramFile, AudiogramReader } from '../../ports/audiogram-reader';
import type { ReaderAttempt } from '../../audiogram/reading-note';


/**
 * `read`: the first reader that read wins. `failed`: no reader read; the caller stores
 * `analysisFailed` and the UI asks for manual entry (spec §4 "AI extraction status").
 */
export type ReadAudiogramResult =
  | { readonly status: 'read'; readonly reading: AudiogramReading; readonly attempts: readonly ReaderAttempt[] }
  | { readonly status: 'failed'; readonly attempts: readonly ReaderAttempt[] };

/** Tries the readers in order (deterministic text layer first, then vision) until one reads the file. */
export class ReadAudiogram {
  constructor(private readonly readers: readonly AudiogramReader[]) {}

  async execute(file: AudiogramFile): Promise<ReadAudiogramResult> {
    const attempts: ReaderAttempt[] = [];
    for (const reader of this.readers) {
      let outcome;
      try {
        outcome = await reader.read(file);
      } catch (error) {
        // A reader bug must not block the fallback to the next reader or to manual entry.
        const message = error instanceof Error ? error.message : String(error);
        attempts.push({ reader: reader.name, status: 'failed', reason: `Erro inesperado no leitor: ${message}` });
        continue;
      }
      if (outcome.status === 'read') {
        attempts.push({ reader: reader.name, status: 'read' });
        return { status: 'read', reading: outcome.reading, attempts };
      }
      attempts.push({ reader: reader.name, status: outcome.status, reason: outcome.reason });
    }
    return { status: 'failed', attempts };
  }
}
