import type { Ear } from './audiogram';
import type { ReadingReviewReason } from './identity-check';
import type { AudiogramReading, EarPointConfidence, ReadingConfidence, ReadingPositions, SecondOpinion } from './reading';

/** One reader's try on a file, kept in the note (spec §3 observations). */
export interface ReaderAttempt {
  readonly reader: string;
  readonly status: 'read' | 'not_applicable' | 'unavailable' | 'failed';
  readonly reason?: string;
}

/** A reading of a file that waits for the professional (issue 14): the held ExamReading it points to. */
export interface ReviewPendingNote {
  readonly readingId: string;
  readonly fileName: string;
  readonly reasons: readonly ReadingReviewReason[];
}

/**
 * How an exam's audiogram was obtained from a file — the exam's `ambienteJson` (spec §3: confidence,
 * observations, extractedAt, extractedFrom, and analysisError or analysisFailed). One note per exam,
 * rewritten by each upload, slow reading, review and discard. States: read (`source`,
 * `pointConfidence`, a real `confidence`), pending (`analysisPending`: a slow reader's job is
 * queued), failed (`analysisFailed` + `analysisError`: manual entry); any of them may carry
 * `reviewPending` (a held reading) and, once the professional applied one, `reviewedBy`/`reviewedAt`.
 */
export interface ReadingNote {
  /** When the reading ended, ISO date-time (absent when the thresholds were not read from a file). */
  readonly extractedAt?: string;
  /** The file's name as uploaded (absent likewise). */
  readonly extractedFrom?: string;
  /** Every reader's try, in order (fast readers first, then the slow one's job). */
  readonly attempts: readonly ReaderAttempt[];
  /** The reading's confidence; 'unknown' when nothing was read. */
  readonly confidence: ReadingConfidence | 'unknown';
  /** The reader that read it, e.g. 'pdf-text' or 'ollama:qwen2.5vl:7b'. */
  readonly source?: string;
  readonly pointConfidence?: Readonly<Record<Ear, EarPointConfidence>>;
  /** Where the reader found each value's symbol on the picture (the review overlay). */
  readonly positions?: ReadingPositions;
  /** The uploaded file the positions refer to (set with `positions`). */
  readonly fileId?: string;
  /** A second reader's opinion on a picture's reading (issue 17 item 4): pending, agreed, disagreed or failed. */
  readonly secondOpinion?: SecondOpinion;
  /** pt-BR notes for the professional (the reader's, then one line per attempt, then the review's). */
  readonly observations: readonly string[];
  readonly analysisPending?: boolean;
  readonly analysisFailed?: boolean;
  /** pt-BR message shown with a failed reading (manual entry). */
  readonly analysisError?: string;
  readonly reviewPending?: ReviewPendingNote;
  /** The professional who applied a held reading (user id), and when (ISO date-time). */
  readonly reviewedBy?: string;
  readonly reviewedAt?: string;
}

export const READING_FAILED_MESSAGE = 'A análise automática falhou. Por favor, preencha os dados manualmente';
export const READING_DISCARDED_MESSAGE = 'A leitura do arquivo foi descartada. Por favor, preencha os dados manualmente';

const STATUS_PT: Record<ReaderAttempt['status'], string> = {
  read: 'leitura concluída',
  not_applicable: 'não se aplica',
  unavailable: 'indisponível',
  failed: 'falhou',
};

/** The attempts as pt-BR lines for the note's observations, e.g. "pdf-text: não se aplica — PDF sem texto". */
export function describeAttempts(attempts: readonly ReaderAttempt[]): string[] {
  return attempts.map((a) => `${a.reader}: ${STATUS_PT[a.status]}${a.reason ? ` — ${a.reason}` : ''}`);
}

/** The note of a reading's outcome: read (`reading`), a slow job queued (`pending`), or failed. */
export function readingNoteFor(result: { reading?: AudiogramReading; attempts: readonly ReaderAttempt[]; fileName: string; fileId?: string | null; at: Date; pending?: boolean }): ReadingNote {
  const base = { extractedAt: result.at.toISOString(), extractedFrom: result.fileName, attempts: result.attempts };
  if (result.reading) {
    return {
      ...base, confidence: result.reading.confidence, source: result.reading.source, pointConfidence: result.reading.pointConfidence,
      ...(result.reading.positions ? { positions: result.reading.positions, ...(result.fileId ? { fileId: result.fileId } : {}) } : {}),
      ...(result.reading.secondOpinion ? { secondOpinion: result.reading.secondOpinion } : {}),
      observations: [...result.reading.observations, ...describeAttempts(result.attempts)],
    };
  }
  if (result.pending) return { ...base, confidence: 'unknown', analysisPending: true, observations: describeAttempts(result.attempts) };
  return { ...base, confidence: 'unknown', analysisFailed: true, analysisError: READING_FAILED_MESSAGE, observations: describeAttempts(result.attempts) };
}

/**
 * A reading held for the professional: an exam with thresholds keeps the note on how they were
 * obtained (with the new attempts); an empty one takes the held reading's note. Both point to it.
 */
export function heldReadingNote(current: ReadingNote | null, held: ReadingNote, examHasThresholds: boolean, reviewPending: ReviewPendingNote): ReadingNote {
  if (!examHasThresholds) return { ...held, reviewPending };
  return { ...(current ?? { confidence: 'unknown', observations: [] }), attempts: held.attempts, reviewPending };
}

/** The note once the professional applied a held reading: the reading's, with the review noted. */
export function reviewedReadingNote(read: ReadingNote, review: { observations: readonly string[]; by: string; at: Date }): ReadingNote {
  return { ...read, observations: [...read.observations, ...review.observations], reviewedBy: review.by, reviewedAt: review.at.toISOString() };
}

/**
 * The note once the professional discarded the held reading it points to (otherwise unchanged):
 * without thresholds the exam goes to manual entry (spec §4), as after a failed reading.
 */
export function discardedReadingNote(note: ReadingNote | null, readingId: string, fileName: string, examHasThresholds: boolean): ReadingNote | null {
  if (!note || note.reviewPending?.readingId !== readingId) return note;
  const { reviewPending: _held, ...rest } = note;
  const observations = [...rest.observations, `Leitura do arquivo '${fileName}' descartada pelo profissional.`];
  if (examHasThresholds) return { ...rest, observations };
  const { pointConfidence: _p, source: _s, positions: _x, fileId: _f, secondOpinion: _o, ...unread } = rest;
  return { ...unread, confidence: 'unknown', analysisFailed: true, analysisError: READING_DISCARDED_MESSAGE, observations };
}
