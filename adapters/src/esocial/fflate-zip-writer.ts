import { strToU8, zipSync } from 'fflate';
import type { ZipWriter } from '../../../core/src';

/** A zip of UTF-8 text files (the S-2220 batch), deflated, with a fixed date so equal content zips alike. */
export class FflateZipWriter implements ZipWriter {
  zip(files: ReadonlyArray<{ name: string; content: string }>): Uint8Array {
    const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
    for (const f of files) entries[f.name] = [strToU8(f.content), { mtime: new Date('2026-01-01T00:00:00Z') }];
    return zipSync(entries, { level: 6 });
  }
}
