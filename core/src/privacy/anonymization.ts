/**
 * Anonymisation of a worker (LGPD art. 18 VI, issue 20, docs/lgpd.md): what replaces his identity and
 * how his identifiers are found in free text and JSON documents copied from his record (laudo drafts,
 * readings of uploaded files, exam notes). Pure: the persistence adapter reads the rows, applies these
 * functions and writes the result back, in one transaction.
 */

/** The label that replaces the name: "Titular anonimizado (LGPD) 1a2b3c4d" (the id's first 8 characters). */
export const ANONYMIZED_NAME_PREFIX = 'Titular anonimizado (LGPD)';
export const anonymizedName = (patientId: string) => `${ANONYMIZED_NAME_PREFIX} ${patientId.replace(/-/g, '').slice(0, 8)}`;

/** What replaces a removed identifier inside a text (a note, a laudo's narrative). */
export const REDACTED = '[removido (LGPD)]';
/** What replaces the original name of an uploaded file whose bytes were deleted. */
export const REMOVED_FILE_NAME = 'arquivo removido (LGPD)';

/** The identifiers of the worker as they were before the anonymisation. */
export interface WorkerIdentifiers {
  readonly name: string;
  /** 11 digits, or null. */
  readonly cpf: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  /** ISO YYYY-MM-DD, or null. */
  readonly birthDate: string | null;
  readonly address: string | null;
  /** Registration numbers (matrícula) of his employment periods. */
  readonly registrations: readonly string[];
}

const ACCENTS: Record<string, string> = {
  a: 'aàáâãäå', e: 'eèéêë', i: 'iìíîï', o: 'oòóôõö', u: 'uùúûü', c: 'cç', n: 'nñ', y: 'yýÿ',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A letter of a name matching its accented and unaccented forms ("joão" matches "JOAO", "João", "joao"). */
function letterClass(ch: string): string {
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const variants = ACCENTS[base];
  if (!variants) return escape(ch);
  return `[${variants}${variants.toUpperCase()}]`;
}

/** The name, ignoring case, accents and the spacing between its words. */
function namePattern(name: string): string | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || name.trim().length < 3) return null;
  return `(?<![\\p{L}\\p{N}])${words.map((w) => [...w].map(letterClass).join('')).join('[\\s.,-]+')}(?![\\p{L}\\p{N}])`;
}

/** Particles of Portuguese names, never searched alone ("da", "dos", "e"). */
const NAME_PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'di', 'du', 'van', 'von', 'del', 'la', 'le']);

/**
 * Each word of the name alone (3 letters or more, particles excepted), as a whole word: a note says
 * "Cleudivaldo refere zumbido", a file "PERPETUO, C.". Over-matching a common word in his own records
 * costs a word of free text; under-matching would leave him identifiable.
 */
function namePartPatterns(name: string): string[] {
  return [...new Set(name.trim().split(/\s+/).filter((w) => w.length >= 3 && !NAME_PARTICLES.has(w.toLowerCase())))]
    .map((w) => `(?<![\\p{L}\\p{N}])${[...w].map(letterClass).join('')}(?![\\p{L}\\p{N}])`);
}

/** The CPF with or without its separators (529.982.247-25, 52998224725, 529 982 247 25). */
function cpfPattern(cpf: string): string | null {
  const d = cpf.replace(/\D/g, '');
  if (d.length !== 11) return null;
  return `(?<!\\d)${d.slice(0, 3)}[.\\s]?${d.slice(3, 6)}[.\\s]?${d.slice(6, 9)}[-.\\s]?${d.slice(9)}(?!\\d)`;
}

/** The phone's digits with any separators between them (at least 8 digits, else not searched). */
function digitsPattern(value: string, min: number): string | null {
  const d = value.replace(/\D/g, '');
  if (d.length < min) return null;
  return `(?<!\\d)${[...d].join('[\\s().-]*')}(?!\\d)`;
}

/** A birth date as ISO and as dd/mm/aaaa. */
function birthDatePatterns(iso: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return [];
  return [escape(iso), `(?<!\\d)${m[3]}[/.-]${m[2]}[/.-]${m[1]}(?!\\d)`];
}

/** One regular expression finding any of the worker's identifiers in a text. */
export function identifierRegExp(id: WorkerIdentifiers): RegExp | null {
  const parts = [
    namePattern(id.name),
    ...namePartPatterns(id.name),
    id.cpf ? cpfPattern(id.cpf) : null,
    id.email && id.email.trim().length >= 3 ? `(?:${[...id.email.trim()].map(letterClass).join('')})` : null,
    id.phone ? digitsPattern(id.phone, 8) : null,
    ...(id.birthDate ? birthDatePatterns(id.birthDate) : []),
    id.address && id.address.trim().length >= 6 ? escape(id.address.trim()) : null,
    ...id.registrations.filter((r) => r.trim().length >= 3).map((r) => `(?<![\\w])${escape(r.trim())}(?![\\w])`),
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return new RegExp(parts.map((p) => `(?:${p})`).join('|'), 'giu');
}

/** The text with every identifier of the worker replaced by `replacement`. */
export function scrubText(text: string, id: WorkerIdentifiers, replacement = REDACTED): string {
  const re = identifierRegExp(id);
  return re ? text.replace(re, replacement) : text;
}

/** Keys of an identity stated by a file (a reading's `identity`, an identity check's `stated`). */
const STATED_IDENTITY_KEYS = new Set(['identity', 'stated']);

/**
 * A JSON document with every string scrubbed (keys untouched) and every identity a file stated
 * (`identity`, `stated`) emptied: such an identity may spell the name differently from the record
 * (an OCR reading, a name abbreviated by the audiometer's software), so it is removed, not matched.
 */
export function scrubJson(value: unknown, id: WorkerIdentifiers): unknown {
  const re = identifierRegExp(id);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return re ? v.replace(re, REDACTED) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = STATED_IDENTITY_KEYS.has(k) && x && typeof x === 'object' && !Array.isArray(x) ? {} : walk(x);
      return out;
    }
    return v;
  };
  return walk(value);
}

/**
 * A laudo's draft (report.draft_json) with the patient's identity replaced: facts.patient.name → the
 * anonymised label, cpf and birthDate → null, and every other copy of an identifier scrubbed (the
 * narrative). The clinical content (age on the exam date, sex, thresholds, conclusions) stays.
 * A draft that is not JSON is scrubbed as text.
 */
export function anonymizeDraftJson(draftJson: string, id: WorkerIdentifiers, label: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(draftJson);
  } catch {
    return scrubText(draftJson, id);
  }
  const scrubbed = scrubJson(doc, id) as Record<string, unknown>;
  const fix = (patient: unknown) => {
    if (patient && typeof patient === 'object' && !Array.isArray(patient)) {
      const p = patient as Record<string, unknown>;
      if ('name' in p) p.name = label;
      if ('cpf' in p) p.cpf = null;
      if ('birthDate' in p) p.birthDate = null;
    }
  };
  const facts = (scrubbed as { facts?: { patient?: unknown } } | null)?.facts;
  fix(facts?.patient);
  fix((scrubbed as { patient?: unknown } | null)?.patient);
  return JSON.stringify(scrubbed);
}

/**
 * The age kept in place of the birth date: the age in whole years on `onDate` (his last exam), so the
 * clinical reading of his audiograms (age-related hearing loss) keeps its meaning without the date,
 * which with sex and company would re-identify him. Null without a birth date (the recorded age stays).
 */
export function ageKeptOnAnonymization(birthDate: string | null, onDate: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age >= 0 && age <= 150 ? age : null;
}
