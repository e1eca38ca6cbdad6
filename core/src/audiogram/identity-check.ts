import type { ReadingConfidence, StatedIdentity } from './reading';

/** A field of the patient identity a file can state. */
export type IdentityField = 'name' | 'cpf' | 'birthDate';

/**
 * How the identity a file states compares with the worker's record:
 * - `match`: every field both sides have agrees (at least one such field);
 * - `mismatch`: at least one such field disagrees (`mismatched` names them);
 * - `not_stated`: the file states no field the record also has.
 */
export interface IdentityCheck {
  readonly status: 'match' | 'mismatch' | 'not_stated';
  readonly matched: readonly IdentityField[];
  readonly mismatched: readonly IdentityField[];
  /** What the file stated (CPF as 11 digits; a CPF of another length is left out). */
  readonly stated: StatedIdentity;
}

export interface WorkerIdentity {
  readonly name: string;
  /** 11 digits. */
  readonly cpf: string | null;
  /** ISO YYYY-MM-DD. */
  readonly birthDate: string | null;
}

/** Why a reading waits for the professional instead of being applied to the exam. */
export type ReadingReviewReason = 'identity_mismatch' | 'confidence' | 'existing_thresholds';

const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'di', 'du', 'e']);

/** Lower case, accents and punctuation removed, "SURNAME, Given names" turned round, particles dropped. */
function nameTokens(name: string): string[] {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const [before, ...after] = plain.split(',');
  const ordered = after.length ? `${after.join(' ')} ${before}` : plain;
  return ordered
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter((t) => t && !PARTICLES.has(t));
}

/** Same token, or one is the other's initial ("P." for "Paula"). */
const compatible = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/** Every token of `short` appears in `long`, in order, with the same first and last names. */
function omitsOnlyMiddleNames(long: readonly string[], short: readonly string[]): boolean {
  if (short.length < 2 || short.length > long.length) return false;
  if (!compatible(long[0], short[0]) || !compatible(long.at(-1)!, short.at(-1)!)) return false;
  let i = 1;
  for (const token of short.slice(1, -1)) {
    while (i < long.length - 1 && !compatible(long[i], token)) i++;
    if (i >= long.length - 1) return false;
    i++;
  }
  return true;
}

/**
 * Whether two written names are the same person's: accents, case, punctuation and particles
 * ("da", "dos") do not count; "SOBRENOME, Nome" and the same names in another order match; middle
 * names may be left out or abbreviated, but the first and last names must agree.
 */
export function namesMatch(a: string, b: string): boolean {
  const x = nameTokens(a);
  const y = nameTokens(b);
  if (!x.length || !y.length) return false;
  if (x.length === y.length && [...x].sort().join(' ') === [...y].sort().join(' ')) return true;
  return omitsOnlyMiddleNames(x, y) || omitsOnlyMiddleNames(y, x);
}

/** Compares the identity a file states (name, CPF, birth date) with the worker the exam belongs to. */
export function checkReadingIdentity(stated: StatedIdentity | undefined, worker: WorkerIdentity): IdentityCheck {
  const cpf = stated?.cpf?.replace(/\D/g, '');
  const clean: StatedIdentity = {
    ...(stated?.name?.trim() ? { name: stated.name.trim() } : {}),
    ...(cpf && cpf.length === 11 ? { cpf } : {}),
    ...(stated?.birthDate ? { birthDate: stated.birthDate } : {}),
  };
  const matched: IdentityField[] = [];
  const mismatched: IdentityField[] = [];
  const compare = (field: IdentityField, same: boolean) => (same ? matched : mismatched).push(field);
  if (clean.name) compare('name', namesMatch(worker.name, clean.name));
  if (clean.cpf && worker.cpf) compare('cpf', clean.cpf === worker.cpf);
  if (clean.birthDate && worker.birthDate) compare('birthDate', clean.birthDate === worker.birthDate);
  const status = mismatched.length ? 'mismatch' : matched.length ? 'match' : 'not_stated';
  return { status, matched, mismatched, stated: clean };
}

/**
 * Why a reading must wait for the professional (empty: apply it now, today's automatic behaviour):
 * the file names another person, the reading is not of high confidence, or the exam already has
 * thresholds that a reading must never overwrite on its own.
 */
export function readingNeedsReview(input: { confidence: ReadingConfidence; identity: IdentityCheck; examHasThresholds: boolean }): ReadingReviewReason[] {
  const reasons: ReadingReviewReason[] = [];
  if (input.identity.status === 'mismatch') reasons.push('identity_mismatch');
  if (input.confidence !== 'high') reasons.push('confidence');
  if (input.examHasThresholds) reasons.push('existing_thresholds');
  return reasons;
}
