import type { ReadingConfidence } from '../../../../core/src';
import { HALF_OCTAVE_HZ, hzAt, OCTAVE_HZ, xOfHz, type FrequencyAxis, type LevelAxis } from './calibration';
import { conductionOfKind, type FoundSymbol } from './symbols';

/** A symbol placed on the audiogram: ear, conduction, frequency, level snapped to 5 dB, confidence. */
export interface MappedPoint {
  readonly ear: 'right' | 'left';
  readonly conduction: 'air' | 'bone';
  readonly frequencyHz: number;
  readonly value: number;
  readonly noResponse: boolean;
  readonly confidence: ReadingConfidence;
  /** Symbol score in [0, 1] and the residuals behind the confidence. */
  readonly score: number;
  readonly levelResidual: number;
  readonly columnResidual: number;
  readonly x: number;
  readonly y: number;
  /** The symbol drawn (the review overlay and the tests say what was seen). */
  readonly kind: FoundSymbol['kind'];
}

const ALL_HZ = [...OCTAVE_HZ, ...HALF_OCTAVE_HZ].sort((a, b) => a - b);

/**
 * The frequency column a symbol belongs to. Air symbols sit on their column; bone symbols may sit
 * beside it, outside the air symbol: `<` and `[` (right ear) to the left of the column, `>` and `]`
 * (left ear) to the right. Returns the column and the distance in octaves, or null when none is near.
 */
export function columnOf(sym: Pick<FoundSymbol, 'x' | 's' | 'kind'>, freq: FrequencyAxis): { hz: number; residual: number } | null {
  const bone = conductionOfKind(sym.kind) === 'bone';
  let best: { hz: number; residual: number } | null = null;
  for (const hz of ALL_HZ) {
    const dx = xOfHz(freq, hz) - sym.x; // > 0: column to the right of the symbol
    let dist = Math.abs(dx);
    if (bone) {
      const towards = sym.kind === '<' || sym.kind === '[' ? dx : -dx;
      // Beside the column on the expected side (up to ~3 symbol half-sizes), or on it.
      dist = towards >= -0.6 * sym.s ? Math.max(0, Math.abs(dx) - Math.min(Math.abs(dx), 2.6 * sym.s)) : Math.abs(dx) + sym.s;
    }
    const residual = dist / freq.b;
    if (!best || residual < best.residual) best = { hz, residual };
  }
  return best && best.residual <= 0.2 ? best : null;
}

/** dB HL of a y, snapped to 5 dB, with the residual in 5 dB steps (0 = on the grid, 0.5 = half-way). */
export function levelOf(y: number, level: LevelAxis): { value: number; residual: number } {
  const db = level.c + level.d * y;
  const value = Math.round(db / 5) * 5;
  return { value, residual: Math.abs(db - value) / 5 };
}

/**
 * Point confidence from the symbol score, its ambiguity with another symbol of the same family, the
 * distance to the 5 dB grid and to the column, and whether the dB axis was certain.
 */
export function pointConfidence(score: number, runnerUp: number, levelResidual: number, columnResidual: number, certainAxis: boolean): ReadingConfidence {
  if (score < 0.86 || levelResidual > 0.25 || columnResidual > 0.1 || runnerUp > score - 0.1) return 'low';
  if (score >= 0.92 && levelResidual <= 0.2 && columnResidual <= 0.06 && runnerUp <= score - 0.2 && certainAxis) return 'high';
  return 'medium';
}

export function mapSymbol(
  sym: FoundSymbol, panel: { freq: FrequencyAxis; level: LevelAxis }, ear: 'right' | 'left', noResponse: boolean,
): MappedPoint | null {
  const column = columnOf(sym, panel.freq);
  if (!column) return null;
  const { value, residual } = levelOf(sym.y, panel.level);
  if (value < -10 || value > 120) return null;
  void hzAt;
  return {
    ear, conduction: conductionOfKind(sym.kind), frequencyHz: column.hz, value, noResponse,
    confidence: pointConfidence(sym.score, sym.runnerUp, residual, column.residual, panel.level.certain),
    score: sym.score, levelResidual: residual, columnResidual: column.residual, x: sym.x, y: sym.y, kind: sym.kind,
  };
}

/**
 * A symbol centre of the working picture as fractions of the picture as uploaded (the review overlay):
 * the straightening rotation (`-skewDeg` about the centre, same size) is undone; the uniform scaling of
 * the decoder does not change fractions.
 */
export function positionOnPicture(p: { x: number; y: number }, picture: { width: number; height: number; skewDeg: number; straightened: boolean }): { x: number; y: number } {
  const [cx, cy] = [picture.width / 2, picture.height / 2];
  const t = picture.straightened ? (picture.skewDeg * Math.PI) / 180 : 0;
  const [dx, dy] = [p.x - cx, p.y - cy];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp((cx + dx * Math.cos(t) - dy * Math.sin(t)) / picture.width), y: clamp((cy + dx * Math.sin(t) + dy * Math.cos(t)) / picture.height) };
}
