/** Where exam files and laudo PDFs live (encrypted at rest by the default adapter, product decision 7). */
export interface FileStorage {
  /**
   * Stores the bytes under a new key, atomically (a crash never leaves a half-written file that
   * looks complete). Returns the key and the SHA-256 (hex) of the plaintext.
   */
  put(organizationId: string, bytes: Uint8Array): Promise<{ key: string; sha256: string }>;
  /** The plaintext; throws when the key is unknown or the ciphertext was tampered with. */
  read(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

/** Queue of slow audiogram readings (a local vision model), run by in-process or `limiar worker` workers. */
export interface AudiogramReadingQueue {
  /** True when a slow reader is configured; otherwise nothing is queued and the upload fails fast. */
  readonly enabled: boolean;
  /** A quick check (well under a second) that the slow reader's service answers right now. */
  available(): Promise<boolean>;
  /** `purpose: 'second-opinion'`: the fast readers already read the picture; the slow reader's reading is compared with it. */
  enqueue(job: ReadingJob): Promise<void>;
}

/** A slow reading to run: the stored file of an exam, as a first reading or as a second opinion (issue 17 item 4). */
export interface ReadingJob {
  organizationId: string;
  examId: string;
  fileId: string;
  purpose?: 'second-opinion';
}
