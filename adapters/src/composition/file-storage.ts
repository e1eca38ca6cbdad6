import type { Container } from 'inversify';
import type { FileStorage } from '../../../core/src';
import { EncryptedFileStorage, loadOrCreateFileKey, parseFileKey } from '../files/encrypted-file-storage';
import { S3FileStorage } from '../files/s3/s3-file-storage';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/** A FileStorage that may need a start-up check and sockets closed (the S3 one). */
export type ConfiguredFileStorage = FileStorage & { check?(): Promise<void>; close?(): Promise<void> };

/**
 * The configured `FileStorage` (ADR 0022): the S3-compatible bucket of `LIMIAR_S3_URL` when it is set
 * (config.ts then requires `LIMIAR_FILE_KEY`), else the embedded default — encrypted files under
 * `LIMIAR_DATA_DIR/files`. Same envelope and keys on both, so `limiar migrate-files` moves files unchanged.
 */
export function fileStorageFor(config: Pick<AppConfig, 's3' | 'dataDir' | 'fileKey'>): ConfiguredFileStorage {
  if (config.s3) return new S3FileStorage(config.s3, parseFileKey(config.fileKey!));
  return new EncryptedFileStorage(config.dataDir, loadOrCreateFileKey(config.dataDir, config.fileKey));
}

/** Fails at start-up, in pt-BR, when the bucket is unreachable, refuses the credentials or does not exist. */
export async function checkFileStorage(container: Container): Promise<void> {
  await container.get<ConfiguredFileStorage>(TOKENS.FileStorage).check?.();
}

/** Releases the storage's sockets (the S3 client's); nothing to do on disk. */
export async function closeFileStorage(container: Container): Promise<void> {
  await container.get<ConfiguredFileStorage>(TOKENS.FileStorage).close?.();
}
