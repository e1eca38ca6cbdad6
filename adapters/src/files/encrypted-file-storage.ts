import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { readOrCreateSecretFile } from '../security/secret-file';
import { assertStorageKey, EncryptedStorage, type CiphertextStore } from './encrypted-storage';

/**
 * Envelopes under `<dataDir>/files/<organisation>/<uuid>.lmr` (0600, folders 0700). Written to a
 * temporary name and renamed, so a crash never leaves a half-written file under a real key.
 */
export class DiskCiphertextStore implements CiphertextStore {
  readonly label: string;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.label = `disco (${this.root})`;
  }

  async get(key: string) {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async put(key: string, body: Buffer) {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // unique per write: two processes (or two concurrent writes) never share a temporary file
    const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await fs.writeFile(tmp, body, { mode: 0o600 });
      await fs.rename(tmp, file);
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string) {
    assertStorageKey(key);
    return path.join(this.root, key);
  }
}

/**
 * The embedded default: files on the local disk, encrypted with AES-256-GCM (product decision 7,
 * ADR 0007; the envelope is in `encrypted-storage.ts`, shared with the S3 adapter, ADR 0022).
 */
export class EncryptedFileStorage extends EncryptedStorage {
  constructor(dataDir: string, key: Buffer) {
    super(new DiskCiphertextStore(dataDir), key);
  }
}

/** `LIMIAR_FILE_KEY` (base64 or hex, 32 bytes), else a key generated once into the data dir (0600). */
export function loadOrCreateFileKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return parseFileKey(fromEnv);
  return Buffer.from(readOrCreateSecretFile(dataDir, 'file-key', () => randomBytes(32).toString('base64')), 'base64');
}

/** A 32-byte key written as 64 hex characters or as base64. */
export function parseFileKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('LIMIAR_FILE_KEY deve ter 32 bytes (64 caracteres hex ou base64).');
  return key;
}
