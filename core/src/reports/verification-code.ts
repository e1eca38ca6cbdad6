/** Crockford base32: no I, L, O, U, so a code read aloud or typed from paper is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;

/**
 * The public verification code of a finalised laudo version (issue 20), printed on the PDF as text
 * and QR code: 12 Crockford base32 characters (60 bits) drawn from a fresh id of the IdGenerator (a
 * random UUID v4 in production; 122 random bits folded by FNV-1a 64, so any id shape gives a code),
 * shown in groups of four (`7K3M-QX2P-9D4T`). It names a document, never a person.
 */
export function verificationCodeFrom(freshId: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(freshId)) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    out = ALPHABET[Number(hash & 31n)] + out;
    hash >>= 5n;
  }
  return out;
}

/** `7K3MQX2P9D4T` → `7K3M-QX2P-9D4T`. */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * A code as typed or scanned: case, spaces and dashes ignored, Crockford's confusables read as
 * digits (O → 0, I/L → 1). Null when it cannot be a code (wrong length or character).
 */
export function normalizeVerificationCode(raw: string): string | null {
  const cleaned = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return cleaned.length === CODE_LENGTH && [...cleaned].every((c) => ALPHABET.includes(c)) ? cleaned : null;
}

/** "Maria Aparecida da Silva" → "M. A. S." (the verification page shows initials at most; particles skipped). */
export function nameInitials(name: string): string {
  const particles = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);
  return name.trim().split(/\s+/).filter((w) => w && !particles.has(w.toLowerCase())).map((w) => `${w[0]!.toUpperCase()}.`).join(' ');
}
