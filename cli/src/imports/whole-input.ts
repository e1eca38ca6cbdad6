import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';

/** The whole input as bytes (the point CSV and Noah XML are grouped or parsed as a whole: files of a clinic, not millions of rows). */
export async function readAll(input: Readable, onBytes?: (n: number) => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    onBytes?.(b.length);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** Valid UTF-8 (BOM removed), else Windows-1252 — what Excel pt-BR writes; the rule of `limiar import exams`. */
export function decodeSpreadsheetText(bytes: Buffer): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
  }
}

/** Lower case, no accents, trimmed: how cell words (OD, Aérea, Masculino…) are compared. */
export const plainWord = (s: string | undefined) => (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
