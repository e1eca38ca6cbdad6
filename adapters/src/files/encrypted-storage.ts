import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FileStorage } from '../../../core/src';

/**
 * The envelope every stored file has, whatever holds it (a folder on disk, an S3 bucket): AES-256-GCM
 * (product decision 7, ADR 0007), `LMR1 | iv (12) | ciphertext | tag (16)`. GCM's tag makes a tampered
 * or truncated body, or a body read with another key, fail loudly.
 */
const MAGIC = Buffer.from('LMR1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `<organisation uuid>/<uuid>.lmr`: the key the database stores; the same on every backend (ADR 0022). */
const STORAGE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.lmr$/;

export function newStorageKey(organizationId: string): string {
  return `${organizationId}/${randomUUID()}.lmr`;
}

/** Throws on anything but a storage key this application made (no `..`, no absolute path, no other prefix). */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error('Chave de arquivo inválida.');
}

export function encryptFile(fileKey: Buffer, plaintext: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
  return Buffer.concat([MAGIC, iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext; throws when the body is not an envelope or its tag does not verify (tampered, truncated, other key). */
export function decryptFile(fileKey: Buffer, body: Uint8Array): Uint8Array {
  const b = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (b.length < MAGIC.length + IV_BYTES + TAG_BYTES || !b.subarray(0, 4).equals(MAGIC)) throw new Error('Arquivo armazenado ilegível.');
  const decipher = createDecipheriv('aes-256-gcm', fileKey, b.subarray(4, 4 + IV_BYTES));
  decipher.setAuthTag(b.subarray(b.length - TAG_BYTES));
  try {
    return new Uint8Array(Buffer.concat([decipher.update(b.subarray(4 + IV_BYTES, b.length - TAG_BYTES)), decipher.final()]));
  } catch {
    throw new Error('Arquivo armazenado ilegível: o conteúdo foi alterado ou a chave de arquivos (LIMIAR_FILE_KEY) é outra.');
  }
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Where the envelopes live: whole bodies under storage keys. Each write is atomic (a reader sees the
 * old body, nothing, or the whole new body); `get` answers undefined for a key that holds nothing;
 * `delete` of a missing key succeeds. `limiar migrate-files` copies envelopes between two of these.
 */
export interface CiphertextStore {
  /** For messages: "disco (/srv/limiar/files)", "S3 (bucket limiar em http://minio:9000)". */
  readonly label: string;
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
}

/** `FileStorage` over a `CiphertextStore`: encrypted here, before the bytes leave the process. */
export class EncryptedStorage implements FileStorage {
  constructor(readonly store: CiphertextStore, private readonly fileKey: Buffer) {
    if (fileKey.length !== 32) throw new Error('A chave de arquivos deve ter 32 bytes (AES-256).');
  }

  async put(organizationId: string, bytes: Uint8Array) {
    const key = newStorageKey(organizationId);
    assertStorageKey(key);
    await this.store.put(key, encryptFile(this.fileKey, bytes));
    return { key, sha256: sha256Hex(bytes) };
  }

  async read(key: string) {
    assertStorageKey(key);
    const body = await this.store.get(key);
    if (!body) throw new Error(`Arquivo armazenado não encontrado (${this.store.label}): ${key}.`);
    return decryptFile(this.fileKey, body);
  }

  async delete(key: string) {
    assertStorageKey(key);
    await this.store.delete(key);
  }

  /** The plaintext of an envelope read from elsewhere (the migration checks a copy before it counts). */
  decrypt(body: Uint8Array): Uint8Array {
    return decryptFile(this.fileKey, body);
  }
}
