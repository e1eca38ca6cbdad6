import type { Aso, AsoEventStatus, AsoView, S2220Event } from '../esocial/aso';
import type { InvalidS2220EventError } from '../esocial/esocial-errors';
import type { Result } from '../shared/result';

/*
 * Ports of the ASO and its eSocial S-2220 event (issue 21). Every method is scoped to one organisation:
 * another organisation's rows do not exist (404).
 */

export interface AsoListFilter {
  companyId?: string;
  /** ISO dates, inclusive, on the ASO date. */
  from?: string;
  to?: string;
  statuses?: readonly AsoEventStatus[];
  limit: number;
  offset: number;
}

export interface AsoRepository {
  /** The ASO with the worker, company, contract and exam fields it shows (read now). */
  get(organizationId: string, id: string): Promise<AsoView | undefined>;
  /** The ASOs of one exam, oldest ASO date first. */
  listForExam(organizationId: string, examId: string): Promise<AsoView[]>;
  /** By ASO date, then creation (oldest first). */
  list(organizationId: string, filter: AsoListFilter): Promise<{ total: number; items: AsoView[] }>;
  insert(aso: Aso): Promise<void>;
  /**
   * Replaces the stored ASO (fields and event state). An event Id another event already holds is
   * answered 'duplicate-event-id' (the caller takes the next sequence), never thrown.
   */
  update(aso: Aso): Promise<'updated' | 'duplicate-event-id'>;
  /**
   * The highest sequence of the event Ids ever stored (an Id an edit discarded included) that start with
   * `prefix` (ID + tpInsc + nrInsc + timestamp), 0 when none. An Id once stored for an ASO is never given to another.
   */
  lastEventSequence(prefix: string): Promise<number>;
}

/** Serialises an S-2220 event to XML and validates it against the official evtMonit.xsd (leiaute S-1.3). */
export interface S2220XmlWriter {
  write(event: S2220Event): Promise<Result<string, InvalidS2220EventError>>;
  /** Several events validated in one run (the batch), answers in the input's order. */
  writeMany(events: readonly S2220Event[]): Promise<Array<Result<string, InvalidS2220EventError>>>;
}

/** A zip of named files (the batch export). */
export interface ZipWriter {
  zip(files: ReadonlyArray<{ name: string; content: string }>): Uint8Array;
}
