import { createHash } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { FileStorage } from '../../core/src';
import { nextId } from '../support/builders';

const text = (s: string) => new TextEncoder().encode(s);

/** What every FileStorage must do (in memory, the encrypted files on disk and the S3 bucket alike). */
export function fileStorageContract(make: () => Promise<FileStorage>) {
  let files: FileStorage;
  let org: string;
  beforeEach(async () => void ([files, org] = [await make(), nextId()]));

  it('gives back the stored bytes and the SHA-256 of the plaintext', async () => {
    const { key, sha256 } = await files.put(org, text('abc'));
    expect(sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await files.read(key)).toEqual(text('abc'));
  });

  it('stores an empty file and a 1 MiB binary file whole', async () => {
    const big = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) & 0xff);
    const empty = await files.put(org, new Uint8Array(0));
    const stored = await files.put(org, big);
    expect(empty.sha256).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await files.read(empty.key)).toEqual(new Uint8Array(0));
    expect(Buffer.from(await files.read(stored.key)).equals(Buffer.from(big))).toBe(true);
  });

  it('puts the same bytes twice under two keys, each deleted on its own', async () => {
    const a = await files.put(org, text('laudo.pdf'));
    const b = await files.put(org, text('laudo.pdf'));
    const foreign = await files.put(nextId(), text('laudo.pdf'));
    expect(new Set([a.key, b.key, foreign.key]).size).toBe(3);
    expect([a.sha256, foreign.sha256]).toEqual([b.sha256, b.sha256]);
    await files.delete(a.key);
    await expect(files.read(a.key)).rejects.toThrow();
    expect(await files.read(b.key)).toEqual(text('laudo.pdf'));
  });

  it('refuses to read a deleted or never-stored key, and deletes twice without complaint', async () => {
    const { key } = await files.put(org, text('x'));
    await files.delete(key);
    await expect(files.delete(key)).resolves.toBeUndefined();
    await expect(files.read(key)).rejects.toThrow();
    await expect(files.read('')).rejects.toThrow();
  });

  it('refuses to read a well-formed key that was never stored, and deletes it without complaint', async () => {
    const never = `${org}/${nextId()}.lmr`;
    await expect(files.read(never)).rejects.toThrow();
    await expect(files.delete(never)).resolves.toBeUndefined();
    await expect(files.read(never)).rejects.toThrow();
  });

  it('stores a 10 MB file (the upload cap) whole', async () => {
    const big = Uint8Array.from({ length: 10 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
    const { key, sha256 } = await files.put(org, big);
    expect(sha256).toBe(createHash('sha256').update(big).digest('hex'));
    const back = await files.read(key);
    expect(back.length).toBe(big.length);
    expect(Buffer.from(back).equals(Buffer.from(big))).toBe(true);
  });

  it('takes 24 puts at once, each under its own key with its own bytes', async () => {
    const bodies = Array.from({ length: 24 }, (_, i) => Uint8Array.from({ length: 50_000 + i * 997 }, (_, j) => (i * 31 + j) & 0xff));
    const stored = await Promise.all(bodies.map((b) => files.put(org, b)));
    expect(new Set(stored.map((s) => s.key)).size).toBe(24);
    const back = await Promise.all(stored.map((s) => files.read(s.key)));
    back.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(bodies[i])), `file ${i}`).toBe(true));
    await Promise.all(stored.slice(0, 12).map((s) => files.delete(s.key)));
    for (const s of stored.slice(0, 12)) await expect(files.read(s.key)).rejects.toThrow();
    expect(Buffer.from(await files.read(stored[12].key)).equals(Buffer.from(bodies[12]))).toBe(true);
  });

  it('keeps its own copy: changing the bytes given or read back changes nothing stored', async () => {
    const given = text('original');
    const { key } = await files.put(org, given);
    given.fill(0);
    (await files.read(key)).fill(0);
    expect(await files.read(key)).toEqual(text('original'));
  });
}
