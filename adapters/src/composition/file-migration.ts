import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EncryptedFileStorage, parseFileKey } from '../files/encrypted-file-storage';
import { migrateStoredFiles, type FileMigrationOptions, type FileMigrationSummary } from '../files/migrate-stored-files';
import { S3FileStorage } from '../files/s3/s3-file-storage';
import { storedFileKeys } from '../persistence/bulk/pg-stored-file-keys';
import { openMigratedPool } from '../persistence/connection';
import type { AppConfig } from './config';

export type FileBackend = 's3' | 'disk';

export interface FileMigrationServices {
  from: string;
  to: string;
  /** Warnings to show before the run (e.g. a key file in the data directory that is not LIMIAR_FILE_KEY). */
  warnings: string[];
  run(options: Omit<FileMigrationOptions, 'onProgress'> & { onStart?(total: number): void; onProgress?: FileMigrationOptions['onProgress'] }): Promise<FileMigrationSummary>;
  close(): Promise<void>;
}

/**
 * The light root of `limiar migrate-files --to s3|disk` (ADR 0022): plain `pg` for the keys the database
 * names, the disk store of `LIMIAR_DATA_DIR` and the bucket of `LIMIAR_S3_URL` — both with `LIMIAR_FILE_KEY`,
 * which must be the key the files were written with. The bucket is checked before anything is read.
 */
export async function openFileMigration(config: AppConfig, to: FileBackend, log: (m: string) => void): Promise<FileMigrationServices> {
  if (!config.s3) throw new Error('LIMIAR_S3_URL não está definido: informe o bucket de origem ou de destino (docs/operations.md, "Arquivos no S3").');
  const fileKey = parseFileKey(config.fileKey!);
  const warnings: string[] = [];
  const keyFile = path.join(config.dataDir, 'file-key');
  if (existsSync(keyFile) && !Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64').equals(fileKey)) {
    warnings.push(`Aviso: ${keyFile} guarda uma chave diferente de LIMIAR_FILE_KEY. Os arquivos gravados com aquela chave não serão legíveis com esta: use em LIMIAR_FILE_KEY o conteúdo desse arquivo.`);
  }
  const disk = new EncryptedFileStorage(config.dataDir, fileKey);
  const bucket = new S3FileStorage(config.s3, fileKey);
  try {
    await bucket.check();
  } catch (error) {
    await bucket.close();
    throw error;
  }
  let pool: Awaited<ReturnType<typeof openMigratedPool>>;
  try {
    pool = await openMigratedPool(config, log);
  } catch (error) {
    await bucket.close();
    throw error;
  }
  const [source, target] = to === 's3' ? [disk, bucket] : [bucket, disk];
  return {
    from: source.store.label,
    to: target.store.label,
    warnings,
    async run(options) {
      const refs = await storedFileKeys(pool.pool);
      options.onStart?.(refs.length);
      return migrateStoredFiles(refs, source, target, options);
    },
    async close() {
      await bucket.close();
      await pool.close();
    },
  };
}
