import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncryptedFileStorage } from '../../adapters/src/files/encrypted-file-storage';
import { S3FileStorage } from '../../adapters/src/files/s3/s3-file-storage';
import { nextId } from '../support/builders';
import { fileStorageContract } from './file-storage.contract';
import { startS3Server, type TestS3Server } from './file-storage.s3-server';

let s3: TestS3Server;
const opened: S3FileStorage[] = [];
const storage = (over: Partial<TestS3Server['settings']> = {}, key = randomBytes(32)) => {
  const made = new S3FileStorage({ ...s3.settings, ...over }, key);
  opened.push(made);
  return made;
};
beforeAll(async () => void (s3 = await startS3Server(['limiar', 'outro-bucket'])));
afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
  await s3?.close();
});

describe('encrypted file storage (S3, on s3rver)', () => {
  fileStorageContract(async () => storage());
});

describe('encrypted file storage (S3): the bucket', () => {
  const plaintext = new TextEncoder().encode('Audiometria de João Pedro Araújo, CPF 529.982.247-25');

  it('holds only ciphertext: the object read through the S3 API and the server\'s folder show no plaintext', async () => {
    const { key } = await storage().put(nextId(), plaintext);
    const object = await s3.raw.get(key);
    expect(object.subarray(0, 4).toString()).toBe('LMR1');
    expect(object.length).toBe(4 + 12 + plaintext.length + 16);
    expect(object.includes(Buffer.from('529.982.247-25'))).toBe(false);
    expect(object.includes(Buffer.from('João Pedro'))).toBe(false);
    const onDisk = fs.readdirSync(s3.directory, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(s3.directory, f)).isFile());
    expect(onDisk.length).toBeGreaterThan(0);
    for (const f of onDisk) expect(fs.readFileSync(path.join(s3.directory, f)).includes(Buffer.from('529.982.247-25')), f).toBe(false);
  });

  it('keeps the disk format and keys: an envelope written on disk reads back from the bucket under the same key, and back', async () => {
    const fileKey = randomBytes(32);
    const dir = fs.mkdtempSync(path.join(s3.directory, '..', 'limiar-disk-'));
    try {
      const disk = new EncryptedFileStorage(dir, fileKey);
      const bucket = storage({}, fileKey);
      const { key } = await disk.put(nextId(), plaintext);
      await bucket.store.put(key, (await disk.store.get(key))!);
      expect(await bucket.read(key)).toEqual(plaintext);
      const back = await bucket.put(nextId(), plaintext);
      await disk.store.put(back.key, (await bucket.store.get(back.key))!);
      expect(await disk.read(back.key)).toEqual(plaintext);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts every object under the configured prefix', async () => {
    const fileKey = randomBytes(32);
    const { key } = await storage({ prefix: 'clinica-a/' }, fileKey).put(nextId(), plaintext);
    expect(await s3.raw.keys()).toContain(`clinica-a/${key}`);
    expect(await storage({ prefix: 'clinica-a/' }, fileKey).read(key)).toEqual(plaintext);
    await expect(storage({}, fileKey).read(key)).rejects.toThrow(/não encontrado/);
  });

  it('refuses an object changed in the bucket, and one read with another file key', async () => {
    const fileKey = randomBytes(32);
    const { key } = await storage({}, fileKey).put(nextId(), plaintext);
    await expect(storage().read(key)).rejects.toThrow(/ilegível/);
    const object = await s3.raw.get(key);
    object[20] ^= 1;
    await s3.raw.put(key, object);
    await expect(storage({}, fileKey).read(key)).rejects.toThrow(/ilegível/);
  });

  it('refuses a key that is not a storage key, before any request', async () => {
    await expect(storage().read(`../${nextId()}.lmr`)).rejects.toThrow('Chave de arquivo inválida.');
    await expect(storage().delete(`${nextId()}/../../x.lmr`)).rejects.toThrow('Chave de arquivo inválida.');
  });
});

describe('encrypted file storage (S3): start-up check', () => {
  it('passes on a reachable bucket with good credentials', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
    await expect(storage({ bucket: 'outro-bucket' }).check()).resolves.toBeUndefined();
  });

  // s3rver checks the access key but not a SigV4 signature, so a wrong secret is not refused there (ADR 0022);
  // MinIO and S3 answer it with 403 SignatureDoesNotMatch, the same branch of describeS3Error
  it('says in pt-BR when the credentials are refused', async () => {
    await expect(storage({ credentials: { accessKeyId: 'ERRADO', secretAccessKey: 'S3RVER' } }).check())
      .rejects.toThrow(/^O S3 recusou as credenciais para o bucket "limiar" em http:\/\/127\.0\.0\.1:\d+ \(HTTP 403\)/);
  });

  it('says in pt-BR when the bucket does not exist', async () => {
    await expect(storage({ bucket: 'nao-existe' }).check()).rejects.toThrow('O bucket "nao-existe" não existe em');
  });

  it('says in pt-BR when nothing answers at the address', async () => {
    const closed = await startS3Server();
    const endpoint = closed.endpoint;
    await closed.close();
    await expect(storage({ endpoint }).check()).rejects.toThrow(/^Armazenamento S3 inacessível \(bucket "limiar" em http:\/\/127\.0\.0\.1:\d+\): ECONNREFUSED/);
  });
});
