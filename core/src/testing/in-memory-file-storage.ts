import type { FileStorage } from '../ports/file-storage';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Stored files in memory under keys shaped as the disk adapter's (`<organisation>/<uuid>.lmr`), with the
 * plaintext's SHA-256 from the platform's Web Crypto. Held to tests/contracts/file-storage.contract.ts
 * with adapters/src/files/encrypted-file-storage.ts.
 */
export class InMemoryFileStorage implements FileStorage {
  readonly files = new Map<string, Uint8Array>();

  async put(organizationId: string, bytes: Uint8Array) {
    const key = `${organizationId}/${crypto.randomUUID()}.lmr`;
    const copy = bytes.slice();
    this.files.set(key, copy);
    return { key, sha256: hex(await crypto.subtle.digest('SHA-256', copy)) };
  }

  async read(key: string) {
    const bytes = this.files.get(key);
    if (!bytes) throw new Error(`no stored file ${key}`);
    return bytes.slice();
  }

  async delete(key: string) {
    this.files.delete(key);
  }
}
