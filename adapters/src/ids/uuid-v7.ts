import { randomFillSync } from 'node:crypto';

/**
 * Time-ordered identifiers (RFC 9562 UUID version 7, ADR 0026): 48 bits of Unix milliseconds, a 12-bit
 * counter that keeps ids of one millisecond in creation order, then 62 random bits. Rows created
 * together (an import's workers and exams) land side by side in the primary-key and per-worker
 * indexes instead of at random pages: ~30 % smaller indexes after a bulk load, and fewer pages
 * touched per insert. The creation time is readable from an id; ids are not secrets (every route
 * checks the organisation and the permission).
 */
const pool = Buffer.allocUnsafe(8 * 1024);
let offset = pool.length;
let lastMs = 0;
let counter = 0;

function random8(): Buffer {
  if (offset + 8 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = pool.subarray(offset, offset + 8);
  offset += 8;
  return out;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function uuidV7(now: number = Date.now()): string {
  let ms = now;
  if (ms <= lastMs) {
    ms = lastMs;
    if (++counter > 0xfff) {
      ms = ++lastMs;
      counter = 0;
    }
  } else {
    lastMs = ms;
    counter = 0;
  }
  const r = random8();
  const b = new Array<string>(16);
  // 48-bit timestamp, big-endian
  b[0] = HEX[Math.floor(ms / 2 ** 40) & 0xff];
  b[1] = HEX[Math.floor(ms / 2 ** 32) & 0xff];
  b[2] = HEX[(ms >>> 24) & 0xff];
  b[3] = HEX[(ms >>> 16) & 0xff];
  b[4] = HEX[(ms >>> 8) & 0xff];
  b[5] = HEX[ms & 0xff];
  // version 7 and the 12-bit counter
  b[6] = HEX[0x70 | (counter >>> 8)];
  b[7] = HEX[counter & 0xff];
  // variant 10, then random
  b[8] = HEX[0x80 | (r[0] & 0x3f)];
  for (let i = 1; i < 8; i++) b[8 + i] = HEX[r[i]];
  return `${b[0]}${b[1]}${b[2]}${b[3]}-${b[4]}${b[5]}-${b[6]}${b[7]}-${b[8]}${b[9]}-${b[10]}${b[11]}${b[12]}${b[13]}${b[14]}${b[15]}`;
}
