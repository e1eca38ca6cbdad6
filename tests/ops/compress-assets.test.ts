import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets.mjs';

/** scripts/compress-assets.mjs, run by `npm run build` and by ensureWebBuild (issue 14). */
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
};
const exists = (name: string) => fs.existsSync(path.join(dir, name));

describe('compressAssets', () => {
  it('writes .br and .gz next to text assets of 1 kB or more, and only those', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-compress-'));
    const js = 'export const a = 1;\n'.repeat(200);
    write('assets/app-abc12345.js', js);
    write('index.html', `<!doctype html>${'<p>Limiar</p>'.repeat(100)}`);
    write('assets/tiny.js', 'x()');
    write('assets/logo.png', Buffer.alloc(4096, 7));
    const totals = compressAssets(dir);
    expect(totals.written).toBe(4);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app-abc12345.js.br'))).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-abc12345.js.gz'))).toString()).toBe(js);
    expect(exists('index.html.br') && exists('index.html.gz')).toBe(true);
    expect(exists('assets/tiny.js.br') || exists('assets/logo.png.br') || exists('assets/logo.png.gz')).toBe(false);
  });

  it('does nothing the second time, and refreshes what a rebuild made newer', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-compress-'));
    write('index.html', `<!doctype html>${'<p>v1</p>'.repeat(200)}`);
    compressAssets(dir);
    expect(compressAssets(dir).written).toBe(0);
    const later = new Date(Date.now() + 5_000);
    write('index.html', `<!doctype html>${'<p>v2</p>'.repeat(200)}`);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    expect(compressAssets(dir).written).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.html.br'))).toString()).toContain('<p>v2</p>');
  });

  it('answers zeros for a folder that does not exist (no build yet)', () => {
    dir = path.join(os.tmpdir(), 'limiar-compress-missing');
    expect(compressAssets(dir)).toEqual({ files: 0, written: 0, raw: 0, br: 0, gz: 0 });
  });
});
