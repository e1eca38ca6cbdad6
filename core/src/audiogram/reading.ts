import { DomainError } from '../shared/domain-error';
import { err, ok, type Result } from '../shared/result';
import type { Ear, EarAudiogram } from './audiogram';
import { MAX_THRESHOLD_DB, MIN_THRESHOLD_DB, THRESHOLD_STEP_DB } from './entry-grid';
import {
  isAirFrequency,
  isBoneFrequency,
  MANDATORY_AIR_FREQUENCIES,
  type AirFrequency,
  type BoneFrequency,
} from './frequencies';
import { noResponse, type Threshold } from './threshold';

/** How much a reader trusts one value or a whole reading (spec §4: high, medium, low). */
export type ReadingConfidence = 'high' | 'medium' | 'low';
export type Conduction = 'air' | 'bone';

/** Confidence of each value that was read, keyed like the audiogram itself. */
export interface EarPointConfidence {
  readonly air: Readonly<Partial<Record<AirFrequency, ReadingConfidence>>>;
  readonly bone: Readonly<Partial<Record<BoneFrequency, ReadingConfidence>>>;
}

/** Where a symbol sits on the uploaded picture: fractions 0..1 of its width (x) and height (y). */
export interface ImagePoint {
  readonly x: number;
  readonly y: number;
}

/** The image position of each value read, keyed like the audiogram (only readers of pictures fill it). */
export interface EarPointPositions {
  readonly air: Readonly<Partial<Record<AirFrequency, ImagePoint>>>;
  readonly bone: Readonly<Partial<Record<BoneFrequency, ImagePoint>>>;
}

/** The symbols' positions on the picture read (`page`: 0-based page of a PDF whose rendering was read). */
export interface ReadingPositions {
  readonly page?: number;
  readonly right: EarPointPositions;
  readonly left: EarPointPositions;
}

/** One point where a second reader disagrees with the first by more than the tolerance (values in dB HL). */
export interface ReadingDisagreement {
  readonly ear: Ear;
  readonly conduction: Conduction;
  readonly frequencyHz: number;
  readonly primary: { readonly value: number; readonly noResponse: boolean };
  readonly secondary: { readonly value: number; readonly noResponse: boolean };
}

/**
 * A second reader's opinion on a picture's reading (issue 17 item 4): `pending` while its job runs,
 * `agreed` / `disagreed` once compared point by point, `failed` when it did not read (the first
 * reading stands). The values kept are always the first reader's.
 */
export interface SecondOpinion {
  readonly status: 'pending' | 'agreed' | 'disagreed' | 'failed';
  /** The second reader, e.g. 'ollama:qwen2.5vl:7b' (absent while pending). */
  readonly source?: string;
  readonly disagreements: readonly ReadingDisagreement[];
  /** pt-BR: why the second reader did not read (status failed). */
  readonly reason?: string;
}

/**
 * The patient a file names, as written in it (name as printed, CPF digits, birth date ISO
 * YYYY-MM-DD); each field only when the file states it.
 */
export interface StatedIdentity {
  readonly name?: string;
  readonly cpf?: string;
  readonly birthDate?: string;
}

/** An audiogram read from a file by a machine, with how far to trust it. */
export interface AudiogramReading {
  readonly right: EarAudiogram;
  readonly left: EarAudiogram;
  readonly pointConfidence: Readonly<Record<Ear, EarPointConfidence>>;
  /** The lowest point confidence, lowered further when mandatory frequencies are missing. */
  readonly confidence: ReadingConfidence;
  /** Which reader produced it, e.g. 'pdf-text' or 'ollama:qwen2.5vl:7b'. */
  readonly source: string;
  /** pt-BR notes for the reviewer (values snapped, points flagged, frequencies ignored). */
  readonly observations: readonly string[];
  /** Who the file says the patient is, when it says so (checked against the worker before applying). */
  readonly identity?: StatedIdentity;
  /** Where each value's symbol sits on the picture (readers of pictures only). */
  readonly positions?: ReadingPositions;
  /** What a second reader thought of it (issue 17 item 4). */
  readonly secondOpinion?: SecondOpinion;
}

/**
 * One value as a reader found it, before any checking: `value` in dB HL (null = not measured;
 * for a no-response, the level presented or null when the source gave none).
 */
export interface ReadingCandidate {
  readonly ear: Ear;
  readonly conduction: Conduction;
  readonly frequencyHz: number;
  readonly value: number | null;
  readonly noResponse: boolean;
  /** What the reader itself thinks of the value before snapping (text layer: high; vision: medium). */
  readonly confidence: ReadingConfidence;
  /** Centre of the symbol on the picture, as fractions of its width and height (readers of pictures). */
  readonly position?: ImagePoint;
}

/** The reading broke a rule that makes the whole of it untrustworthy (value far out of range, ear missing). */
export class AudiogramReadingRejectedError extends DomainError {
  readonly code = 'AUDIOGRAM.READING_REJECTED';
}

/**
 * A no-response written without its level ("NR", "↓") is stored at the top of the entry range
 * (spec §9: 120 dB HL), the same convention as the NHANES loader, and flagged medium.
 */
export const DEFAULT_NO_RESPONSE_LEVEL_DB = MAX_THRESHOLD_DB;
/** Values at most this far outside -10..120 dB HL are clamped to the limit (flagged low); further out, rejected. */
export const CLAMP_TOLERANCE_DB = 5;

export type SnapDecision =
  | { readonly kind: 'kept'; readonly value: number }
  | { readonly kind: 'snapped'; readonly value: number; readonly from: number; readonly confidence: ReadingConfidence }
  | { readonly kind: 'clamped'; readonly value: number; readonly from: number }
  | { readonly kind: 'rejected'; readonly from: number };

/**
 * Brings a read value (dB HL) onto the entry grid (spec §5/§9: -10..120, step 5):
 * on the grid → kept; in range but off the grid → nearest multiple of 5, medium confidence when
 * within 1 dB of it, low otherwise (2.5 dB off is a coin toss, rounded up to the worse hearing);
 * at most {@link CLAMP_TOLERANCE_DB} outside the range → clamped (low); further out or not finite → rejected.
 */
export function snapThreshold(value: number): SnapDecision {
  if (!Number.isFinite(value)) return { kind: 'rejected', from: value };
  if (value < MIN_THRESHOLD_DB - CLAMP_TOLERANCE_DB || value > MAX_THRESHOLD_DB + CLAMP_TOLERANCE_DB) {
    return { kind: 'rejected', from: value };
  }
  if (value < MIN_THRESHOLD_DB) return { kind: 'clamped', value: MIN_THRESHOLD_DB, from: value };
  if (value > MAX_THRESHOLD_DB) return { kind: 'clamped', value: MAX_THRESHOLD_DB, from: value };
  const snapped = Math.round(value / THRESHOLD_STEP_DB) * THRESHOLD_STEP_DB;
  if (snapped === value) return { kind: 'kept', value };
  return { kind: 'snapped', value: snapped, from: value, confidence: Math.abs(snapped - value) <= 1 ? 'medium' : 'low' };
}

const RANK: Record<ReadingConfidence, number> = { low: 0, medium: 1, high: 2 };

/** The lower of two confidences. */
export function lowerConfidence(a: ReadingConfidence, b: ReadingConfidence): ReadingConfidence {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Overall confidence: the lowest point confidence (low when there is no point at all). */
export function overallConfidence(points: Iterable<ReadingConfidence>): ReadingConfidence {
  let worst: ReadingConfidence | undefined;
  for (const c of points) worst = worst ? lowerConfidence(worst, c) : c;
  return worst ?? 'low';
}

const EAR_PT: Record<Ear, string> = { right: 'orelha direita', left: 'orelha esquerda' };
const CONDUCTION_PT: Record<Conduction, string> = { air: 'via aérea', bone: 'via óssea' };
const where = (c: ReadingCandidate) => `${EAR_PT[c.ear]}, ${CONDUCTION_PT[c.conduction]}, ${c.frequencyHz} Hz`;

interface MutableEar {
  air: Record<number, Threshold>;
  bone: Record<number, Threshold>;
  airConfidence: Record<number, ReadingConfidence>;
  boneConfidence: Record<number, ReadingConfidence>;
  airPosition: Record<number, ImagePoint>;
  bonePosition: Record<number, ImagePoint>;
}
const emptyEar = (): MutableEar => ({ air: {}, bone: {}, airConfidence: {}, boneConfidence: {}, airPosition: {}, bonePosition: {} });

/**
 * Turns what a reader found into an {@link AudiogramReading}, applying one policy for every reader:
 * frequencies outside the exam's set are ignored (noted); values are snapped with {@link snapThreshold};
 * a value rejected by it rejects the whole reading (a reader that sees 150 dB misread the axis, so its
 * other values are not trusted either); a repeated point keeps the first value and is flagged low;
 * each ear needs at least one air-conduction value, else the reading is rejected; missing mandatory
 * air frequencies (NR-7 Anexo II item 3.6) cap the overall confidence at medium. Candidates with a
 * `position` give the reading its `positions` (the kept value's symbol).
 * Returns the reading or an {@link AudiogramReadingRejectedError} with a pt-BR message.
 */
export function buildAudiogramReading(
  candidates: readonly ReadingCandidate[],
  source: string,
): Result<AudiogramReading, AudiogramReadingRejectedError> {
  const ears: Record<Ear, MutableEar> = { right: emptyEar(), left: emptyEar() };
  const observations: string[] = [];
  const ignored = new Set<string>();
  let defaultedNr = 0;

  for (const c of candidates) {
    const known = c.conduction === 'air' ? isAirFrequency(c.frequencyHz) : isBoneFrequency(c.frequencyHz);
    if (!known) {
      ignored.add(`${CONDUCTION_PT[c.conduction]} ${c.frequencyHz} Hz`);
      continue;
    }
    if (c.value === null && !c.noResponse) continue;
    const raw = c.value ?? DEFAULT_NO_RESPONSE_LEVEL_DB;
    let confidence = c.confidence;
    if (c.noResponse && c.value === null) {
      defaultedNr++;
      confidence = lowerConfidence(confidence, 'medium');
    }
    const snap = snapThreshold(raw);
    if (snap.kind === 'rejected') {
      return err(new AudiogramReadingRejectedError(`Valor ${raw} dB fora da faixa de ${MIN_THRESHOLD_DB} a ${MAX_THRESHOLD_DB} dB NA (${where(c)}); leitura descartada.`));
    }
    if (snap.kind === 'snapped') {
      confidence = lowerConfidence(confidence, snap.confidence);
      observations.push(`${where(c)}: ${snap.from} dB ajustado para ${snap.value} dB (grade de 5 dB).`);
    } else if (snap.kind === 'clamped') {
      confidence = 'low';
      observations.push(`${where(c)}: ${snap.from} dB fora da faixa, limitado a ${snap.value} dB.`);
    }
    const ear = ears[c.ear];
    const values = c.conduction === 'air' ? ear.air : ear.bone;
    const confidences = c.conduction === 'air' ? ear.airConfidence : ear.boneConfidence;
    const threshold: Threshold = c.noResponse ? noResponse(snap.value) : snap.value;
    if (c.frequencyHz in values) {
      if (!sameThreshold(values[c.frequencyHz], threshold)) {
        confidences[c.frequencyHz] = 'low';
        observations.push(`${where(c)}: valores divergentes encontrados; mantido o primeiro.`);
      }
      continue;
    }
    values[c.frequencyHz] = threshold;
    confidences[c.frequencyHz] = confidence;
    if (c.position) (c.conduction === 'air' ? ear.airPosition : ear.bonePosition)[c.frequencyHz] = { x: c.position.x, y: c.position.y };
  }

  if (ignored.size) observations.push(`Frequências ignoradas (fora do exame): ${[...ignored].join(', ')}.`);
  if (defaultedNr) {
    observations.push(`${defaultedNr} ausência(s) de resposta sem nível informado registrada(s) em ${DEFAULT_NO_RESPONSE_LEVEL_DB} dB NA.`);
  }
  for (const side of ['right', 'left'] as const) {
    if (!Object.keys(ears[side].air).length) {
      return err(new AudiogramReadingRejectedError(`Nenhum limiar de via aérea na ${EAR_PT[side]}; leitura descartada.`));
    }
  }

  let confidence = overallConfidence(
    [ears.right, ears.left].flatMap((e) => [...Object.values(e.airConfidence), ...Object.values(e.boneConfidence)]),
  );
  for (const side of ['right', 'left'] as const) {
    const missing = MANDATORY_AIR_FREQUENCIES.filter((hz) => !(hz in ears[side].air));
    if (missing.length) {
      confidence = lowerConfidence(confidence, 'medium');
      observations.push(`Frequências obrigatórias não lidas na ${EAR_PT[side]} (via aérea): ${missing.join(', ')} Hz.`);
    }
  }

  const toEar = (e: MutableEar): EarAudiogram => (Object.keys(e.bone).length ? { air: e.air, bone: e.bone } : { air: e.air });
  const toConfidence = (e: MutableEar): EarPointConfidence => ({ air: e.airConfidence, bone: e.boneConfidence });
  const toPositions = (e: MutableEar): EarPointPositions => ({ air: e.airPosition, bone: e.bonePosition });
  const positioned = candidates.some((c) => c.position);
  return ok({
    right: toEar(ears.right),
    left: toEar(ears.left),
    pointConfidence: { right: toConfidence(ears.right), left: toConfidence(ears.left) },
    confidence,
    source,
    observations,
    ...(positioned ? { positions: { right: toPositions(ears.right), left: toPositions(ears.left) } } : {}),
  });
}

function sameThreshold(a: Threshold | undefined, b: Threshold): boolean {
  if (typeof a === 'number' || typeof b === 'number' || a === null || a === undefined || b === null) return a === b;
  return a.level === b.level;
}
