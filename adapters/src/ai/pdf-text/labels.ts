import type { Ear, Conduction } from '../../../../core/src';

/** Lower case, accents removed, unicode dashes and minus unified, spaces collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Frequencies an audiometer exports (conventional and inter-octave; 125 Hz and extended high too). */
const AUDIOMETRIC_HZ = new Set([125, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 16000]);

/**
 * Reads a frequency label: "250", "250 Hz", "1.000" (pt-BR thousands), "1 kHz", "0,5" / "0.5" (kHz),
 * "1k", "1,5 kHz". Numbers under 20 without a unit are kHz. Returns Hz, or undefined when the text
 * is not an audiometric frequency.
 */
export function parseFrequencyLabel(text: string): number | undefined {
  const m = /^(\d{1,2}(?:[.,]\d{3})+|\d+(?:[.,]\d+)?)\s*(khz|k|hz)?$/.exec(normalise(text));
  if (!m) return undefined;
  const [, number, unit] = m;
  let hz: number;
  if (/^\d{1,2}(?:[.,]\d{3})+$/.test(number) && unit !== 'khz' && unit !== 'k') hz = Number(number.replace(/[.,]/g, ''));
  else {
    const value = Number(number.replace(',', '.'));
    hz = unit === 'khz' || unit === 'k' || (unit === undefined && value < 20) ? value * 1000 : value;
  }
  hz = Math.round(hz);
  return AUDIOMETRIC_HZ.has(hz) ? hz : undefined;
}

const RIGHT = new Set(['od', 'direita', 'direito', 'right', 're', 'dir', 'ad']);
const LEFT = new Set(['oe', 'esquerda', 'esquerdo', 'left', 'le', 'esq', 'ae']);
const AIR = new Set(['aerea', 'aereo', 'va', 'ac', 'air']);
const BONE = new Set(['ossea', 'osseo', 'vo', 'bc', 'bone']);
const MASKED = new Set(['masked', 'mask', 'mascarado', 'mascarada', 'masc', 'mkd', 'mascaramento']);

/** What a row or column label says: an ear, a conduction, both or neither (conflicting words → neither); masked thresholds. */
export interface LabelMeaning {
  readonly ear?: Ear;
  readonly conduction?: Conduction;
  readonly masked?: true;
}

/**
 * "OD Via Aérea" → right/air; "Left BC" → left/bone; "R AC masked", "VA OD mascarada" → right/air, masked; "Orelha Esquerda" → left; "VA" → air.
 * Single letters R/L count only in short labels ("R AC"), and text of more than five words is no label,
 * so addresses and sentences do not match.
 */
export function classifyLabel(text: string): LabelMeaning {
  // "A.C." / "B.C." are AC / BC.
  const tokens = normalise(text).replace(/\b([ab])\.\s?c\b\.?/g, '$1c').split(/[^a-z0-9]+/).filter(Boolean);
  // Labels are short; a sentence ("apartamento do lado esquerdo") is not a label.
  if (!tokens.length || tokens.length > 5 || tokens.some((t) => /^\d/.test(t) && !/^\d+(hz|khz)?$/.test(t))) return {};
  const short = tokens.length <= 3;
  const right = tokens.some((t) => RIGHT.has(t) || (short && t === 'r'));
  const left = tokens.some((t) => LEFT.has(t) || (short && t === 'l'));
  const air = tokens.some((t) => AIR.has(t));
  const bone = tokens.some((t) => BONE.has(t));
  // "(M)" after a short label ("Right Air (M)") marks masking too.
  const masked = tokens.some((t) => MASKED.has(t)) || (tokens.length <= 4 && tokens.includes('m'));
  return {
    ...(right !== left ? { ear: right ? ('right' as const) : ('left' as const) } : {}),
    ...(air !== bone ? { conduction: air ? ('air' as const) : ('bone' as const) } : {}),
    ...(masked ? { masked: true as const } : {}),
  };
}

/** A table cell read as a threshold. */
export type CellValue =
  | { readonly kind: 'value'; readonly value: number }
  | { readonly kind: 'no_response'; readonly level: number | null }
  | { readonly kind: 'not_measured' }
  | { readonly kind: 'unreadable'; readonly text: string };

const NR_WORDS = '(?:nr|sr|s/r|aus|ausente|ausencia|no response|sem resposta|↓)';
const NUMBER = '(-?\\d+(?:[.,]\\d+)?)';
const NR_PATTERN = new RegExp(`^(?:${NUMBER}\\s*(?:db)?\\s*)?${NR_WORDS}(?:\\s*\\(?\\s*${NUMBER}\\s*(?:db)?\\s*\\)?)?$`);
/** A value, with its unit or a masked mark ("35*", "35M") after it. */
const VALUE_PATTERN = /^(-?\d+(?:[.,]\d+)?)\s*(?:db ?(?:na|hl)?)?\s*(?:\*|m)?$/;
/** ">110": no response at the audiometer's maximum, written as a bound. */
const BOUND_PATTERN = /^>\s*(\d+)\s*(?:db ?(?:na|hl)?)?$/;
const NOT_MEASURED = new Set(['', '-', '--', 'nt', 'n/t', 'na', 'n/a', 'nm', 'x']);

/**
 * "25", "-10", "–5", "22,5", "25 dB" → value; "NR", "SR", "AUS", "Ausente", "No response", "↓",
 * "NR 110", "110 NR", "NR (110)", "↓110", ">110" → no response (with its level when written);
 * "-", "—", "NT", "N/A" → not measured; anything else → unreadable.
 */
export function parseCellValue(text: string): CellValue {
  const t = normalise(text).replace(/\.(?=\s|$)/g, '').replace(/^n\.r$/, 'nr');
  if (NOT_MEASURED.has(t)) return { kind: 'not_measured' };
  const value = VALUE_PATTERN.exec(t);
  if (value) return { kind: 'value', value: Number(value[1].replace(',', '.')) };
  const bound = BOUND_PATTERN.exec(t);
  if (bound) return { kind: 'no_response', level: Number(bound[1]) };
  const nr = NR_PATTERN.exec(t);
  if (nr) {
    const level = nr[1] ?? nr[2];
    return { kind: 'no_response', level: level === undefined ? null : Number(level.replace(',', '.')) };
  }
  return { kind: 'unreadable', text };
}
