import { describe, expect, it } from 'vitest';
import type { AudiogramReading } from '../../audiogram/reading';
import type { AudiogramFile, AudiogramReader, ReadOutcome } from '../../ports/audiogram-reader';
import { describeAttempts } from '../../audiogram/reading-note';
import { ReadAudiogram } from './read-audiogram';

const file: AudiogramFile = { bytes: new Uint8Array([1, 2, 3]), mediaType: 'image/png', fileName: 'a.png' };
const reading = (source: string): AudiogramReading => ({
  right: { air: { 1000: 20 } }, left: { air: { 1000: 25 } },
  pointConfidence: { right: { air: { 1000: 'high' }, bone: {} }, left: { air: { 1000: 'high' }, bone: {} } },
  confidence: 'high', source, observations: [],
});

/** In-memory reader that answers a fixed outcome and counts its calls. */
class FixedReader implements AudiogramReader {
  calls = 0;
  constructor(readonly name: string, private readonly outcome: ReadOutcome | Error) {}
  async read(): Promise<ReadOutcome> {
    this.calls++;
    if (this.outcome instanceof Error) throw this.outcome;
    return this.outcome;
  }
}

describe('ReadAudiogram', () => {
  it('returns the first reading and does not ask the later readers', async () => {
    const text = new FixedReader('pdf-text', { status: 'read', reading: reading('pdf-text') });
    const vision = new FixedReader('ollama', { status: 'read', reading: reading('ollama') });
    const result = await new ReadAudiogram([text, vision]).execute(file);
    expect(result).toEqual({ status: 'read', reading: reading('pdf-text'), attempts: [{ reader: 'pdf-text', status: 'read' }] });
    expect(vision.calls).toBe(0);
  });

  it('falls through not_applicable and unavailable readers to the one that reads, keeping the attempts', async () => {
    const result = await new ReadAudiogram([
      new FixedReader('pdf-text', { status: 'not_applicable', reason: 'não é PDF' }),
      new FixedReader('ollama', { status: 'unavailable', reason: 'Ollama fora do ar' }),
      new FixedReader('third', { status: 'read', reading: reading('third') }),
    ]).execute(file);
    expect(result.status).toBe('read');
    expect(result.attempts).toEqual([
      { reader: 'pdf-text', status: 'not_applicable', reason: 'não é PDF' },
      { reader: 'ollama', status: 'unavailable', reason: 'Ollama fora do ar' },
      { reader: 'third', status: 'read' },
    ]);
  });

  it('ends failed with every attempt when no reader reads, and records a throwing reader as failed', async () => {
    const result = await new ReadAudiogram([
      new FixedReader('pdf-text', { status: 'failed', reason: 'PDF corrompido' }),
      new FixedReader('buggy', new Error('boom')),
    ]).execute(file);
    expect(result).toEqual({
      status: 'failed',
      attempts: [
        { reader: 'pdf-text', status: 'failed', reason: 'PDF corrompido' },
        { reader: 'buggy', status: 'failed', reason: 'Erro inesperado no leitor: boom' },
      ],
    });
    expect(describeAttempts(result.attempts)).toEqual([
      'pdf-text: falhou — PDF corrompido',
      'buggy: falhou — Erro inesperado no leitor: boom',
    ]);
  });

  it('ends failed with no attempts when no reader is configured', async () => {
    expect(await new ReadAudiogram([]).execute(file)).toEqual({ status: 'failed', attempts: [] });
  });
});
