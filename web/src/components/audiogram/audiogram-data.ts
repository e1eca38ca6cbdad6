import type { WireThreshold } from '../../../../adapters/src/http/contract/exams';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../../../core/src/index';

export { AIR_FREQUENCIES, BONE_FREQUENCIES };
export type { WireThreshold };

/** One ear pair at one frequency, as the API reads it (`re`/`le`). */
export interface EarPair {
  re?: WireThreshold;
  le?: WireThreshold;
}

/** What the audiogram chart draws: air and bone maps keyed by frequency in Hz ("250" … "8000"). */
export interface AudiogramValues {
  air: Record<string, EarPair | undefined>;
  bone?: Record<string, EarPair | undefined> | null;
}

export const isNr = (t: WireThreshold | undefined): t is { nr: number } => typeof t === 'object' && t !== null;

/** A threshold as text: "25", "NR 90" (no response at the level tested) or "—" (not measured). */
export function thresholdText(t: WireThreshold | undefined): string {
  if (t === null || t === undefined) return '—';
  if (isNr(t)) return `NR ${t.nr}`;
  return String(t);
}

/** Frequency label: 250, 500, 1k … 8k. */
export const frequencyLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));
