import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStorage } from '../../../core/src';

const MAGIC = Buffer.from('LMR1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Files under `<dataDir>/files/<organisation>/<uuid>.lmr`, encrypted with AES-256-GCM (product
 * decision 7): `LMR1 | iv | ciphertext | tag`. Written to a temporary name and renamed, so a
 * crash never leaves a half-written file under a real key. GCM's tag makes tampering fail loudly.
 */
export class EncryptedFileStorage implements FileStorage {
  private readonly root: string;

  constructor(dataDir: string, private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('A chave de arquivos deve ter 32 bytes (AES-256).');
    this.root = path.join(dataDir, 'files');
  }

  async put(organizationId: string, bytes: Uint8Array) {
    const key = `${organizationId}/${randomUUID()}.lmr`;
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([MAGIC, iv, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
    const tmp = `${file}.tmp-${process.pid}`;
    await fs.writeFile(tmp, body, { mode: 0o600 });
    await fs.rename(tmp, file);
    return { key, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async read(key: string) {
    const body = await fs.readFile(this.pathOf(key));
    if (body.length < MAGIC.length + IV_BYTES + TAG_BYTES || !body.subarray(0, 4).equals(MAGIC)) throw new Error('Arquivo armazenado ilegível.');
    const iv = body.subarray(4, 4 + IV_BYTES);
    const tag = body.subarray(body.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return new Uint8Array(Buffer.concat([decipher.update(body.subarray(4 + IV_BYTES, body.length - TAG_BYTES)), decipher.final()]));
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string) {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.lmr$/.test(key)) throw new Error('Chave de arquivo inválida.');
    return path.join(this.root, key);
  }
}

/** `LIMIAR_FILE_KEY` (base64 or hex, 32 bytes), else a key generated once into the data dir (0600). */
export function loadOrCreateFileKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) {
    const key = /^[0-9a-f]{64}$/i.test(fromEnv) ? Buffer.from(fromEnv, 'hex') : Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('LIMIAR_FILE_KEY deve ter 32 bytes (64 caracteres hex ou base64).');
    return key;
  }
  const file = path.join(dataDir, 'file-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
