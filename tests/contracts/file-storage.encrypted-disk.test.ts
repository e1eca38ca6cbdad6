import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EncryptedFileStorage } from '../../adapters/src/files/encrypted-file-storage';
import { nextId } from '../support/builders';
import { fileStorageContract } from './file-storage.contract';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-file-storage-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('encrypted file storage (disk)', () => {
  fileStorageContract(async () => new EncryptedFileStorage(fs.mkdtempSync(path.join(dataDir, 'run-')), randomBytes(32)));
});

describe('encrypted file storage: at rest', () => {
  const plaintext = new TextEncoder().encode('Audiometria de João Pedro Araújo, CPF 529.982.247-25');
  const stored = async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'rest-'));
    const key = randomBytes(32);
    const { key: storageKey } = await new EncryptedFileStorage(dir, key).put(nextId(), plaintext);
    return { dir, key, storageKey, file: path.join(dir, 'files', storageKey) };
  };

  it('writes no plaintext to disk, and only the owner may read the file', async () => {
    const { file } = await stored();
    const body = fs.readFileSync(file);
    expect(body.subarray(0, 4).toString()).toBe('LMR1');
    expect(body.includes(Buffer.from('529.982.247-25'))).toBe(false);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.readdirSync(path.dirname(file)).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('refuses a tampered file and a file read with another key', async () => {
    const { dir, key, storageKey, file } = await stored();
    await expect(new EncryptedFileStorage(dir, randomBytes(32)).read(storageKey)).rejects.toThrow();
    const body = fs.readFileSync(file);
    body[20] ^= 1;
    fs.writeFileSync(file, body);
    await expect(new EncryptedFileStorage(dir, key).read(storageKey)).rejects.toThrow();
  });

  it('refuses a key that would leave its folder', async () => {
    const storage = new EncryptedFileStorage(dataDir, randomBytes(32));
    await expect(storage.read(`../${nextId()}.lmr`)).rejects.toThrow('Chave de arquivo inválida.');
    await expect(storage.delete(`${nextId()}/../../etc.lmr`)).rejects.toThrow('Chave de arquivo inválida.');
  });
});
