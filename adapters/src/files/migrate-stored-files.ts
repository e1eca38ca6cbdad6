import { assertStorageKey, type EncryptedStorage } from './encrypted-storage';

/** A storage key the database names, and what it is (exame, laudo, logotipo, certificado, exame-removido). */
export interface StoredFileRef {
  key: string;
  kind: string;
}

export interface FileMigrationProblem extends StoredFileRef {
  error: string;
}

export interface FileMigrationSummary {
  from: string;
  to: string;
  /** Keys the database names. */
  total: number;
  /** Copied now, read back equal. */
  copied: number;
  /** Already in the destination, equal to the source (or the source already gone and the copy readable). */
  alreadyThere: number;
  /** Deleted from the source after the copy was verified (`--delete-source`). */
  deletedFromSource: number;
  /** Ciphertext bytes copied now. */
  bytesCopied: number;
  /** Named by the database but in neither backend. */
  missing: StoredFileRef[];
  /** Unreadable in the source, a copy that did not read back equal, a refused key, a storage error. */
  failed: FileMigrationProblem[];
  seconds: number;
}

export interface FileMigrationOptions {
  deleteSource: boolean;
  /** Files in flight at once. */
  concurrency: number;
  /** Called as files are done (at most every `progressEvery` files, and at the end). */
  onProgress?: (done: number, summary: FileMigrationSummary) => void;
  progressEvery?: number;
}

/**
 * Copies every file the database names from one backend to the other, unchanged: the envelope is the
 * same on disk and in S3 and so is the key (ADR 0022), so the rows need no update. Per key:
 *
 * - the source's envelope must decrypt (a tampered or foreign file is reported, never copied);
 * - a destination object equal to it counts as already there — which makes a re-run (after a crash, or
 *   after the switch to pick up files uploaded meanwhile) skip what is done and copy only the rest;
 * - otherwise it is written (atomically: a PUT, or a temp file and a rename) and read back; it counts only
 *   when the bytes read back are the source's;
 * - with `deleteSource`, the source is deleted only after that check.
 *
 * Nothing is written under a new key, so a run stopped at any point duplicates nothing and loses nothing.
 */
export async function migrateStoredFiles(refs: StoredFileRef[], source: EncryptedStorage, target: EncryptedStorage, options: FileMigrationOptions): Promise<FileMigrationSummary> {
  const started = Date.now();
  const summary: FileMigrationSummary = {
    from: source.store.label, to: target.store.label, total: refs.length,
    copied: 0, alreadyThere: 0, deletedFromSource: 0, bytesCopied: 0, missing: [], failed: [], seconds: 0,
  };
  const every = Math.max(1, options.progressEvery ?? 100);
  let next = 0;
  let done = 0;

  const one = async (ref: StoredFileRef) => {
    try {
      assertStorageKey(ref.key);
    } catch {
      summary.failed.push({ ...ref, error: 'chave de arquivo inválida' });
      return;
    }
    const [body, existing] = await Promise.all([source.store.get(ref.key), target.store.get(ref.key)]);
    if (!body) {
      if (!existing) summary.missing.push(ref);
      else if (readable(target, existing)) summary.alreadyThere++; // moved by an earlier --delete-source run, or written there by the app
      else summary.failed.push({ ...ref, error: 'ausente na origem e ilegível no destino' });
      return;
    }
    if (!readable(source, body)) {
      summary.failed.push({ ...ref, error: 'ilegível na origem (conteúdo alterado ou outra chave de arquivos): não copiado' });
      return;
    }
    if (existing?.equals(body)) {
      summary.alreadyThere++;
    } else {
      await target.store.put(ref.key, body);
      const back = await target.store.get(ref.key);
      if (!back?.equals(body)) {
        summary.failed.push({ ...ref, error: 'a cópia lida de volta do destino não confere com a origem' });
        return;
      }
      summary.copied++;
      summary.bytesCopied += body.length;
    }
    if (options.deleteSource) {
      await source.store.delete(ref.key);
      summary.deletedFromSource++;
    }
  };

  const worker = async () => {
    while (next < refs.length) {
      const ref = refs[next++];
      try {
        await one(ref);
      } catch (e) {
        summary.failed.push({ ...ref, error: (e as Error).message });
      }
      done++;
      if (done % every === 0 && done < refs.length) options.onProgress?.(done, { ...summary, seconds: (Date.now() - started) / 1000 });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, refs.length)) }, worker));
  summary.seconds = Math.round((Date.now() - started) / 100) / 10;
  options.onProgress?.(done, summary);
  return summary;
}

function readable(storage: EncryptedStorage, body: Buffer): boolean {
  try {
    storage.decrypt(body);
    return true;
  } catch {
    return false;
  }
}
