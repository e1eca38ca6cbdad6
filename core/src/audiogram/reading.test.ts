import { describe, expect, it } from 'vitest';
import { buildAudiogramReading, overallConfidence, snapThreshold, type ReadingCandidate } from './reading';
import { noResponse } from './threshold';

const MANDATORY = [500, 1000, 2000, 3000, 4000, 6000, 8000];
const point = (p: Partial<ReadingCandidate> & Pick<ReadingCandidate, 'frequencyHz'>): ReadingCandidate => ({
  ear: 'right', conduction: 'air', value: 20, noResponse: false, confidence: 'high', ...p,
});
const bothEarsAt = (value: number, extra: ReadingCandidate[] = []): ReadingCandidate[] => [
  ...MANDATORY.flatMap((hz) => [point({ frequencyHz: hz, value }), point({ ear: 'left', frequencyHz: hz, value })]),
  ...extra,
];

describe('snapThreshold (spec §5/§9 grid -10..120 step 5)', () => {
  it.each([
    [-10, { kind: 'kept', value: -10 }],
    [120, { kind: 'kept', value: 120 }],
    [24, { kind: 'snapped', value: 25, from: 24, confidence: 'medium' }],
    [23, { kind: 'snapped', value: 25, from: 23, confidence: 'low' }],
    [22.5, { kind: 'snapped', value: 25, from: 22.5, confidence: 'low' }],
    [-12, { kind: 'clamped', value: -10, from: -12 }],
    [125, { kind: 'clamped', value: 120, from: 125 }],
    [-15.5, { kind: 'rejected', from: -15.5 }],
    [126, { kind: 'rejected', from: 126 }],
    [Number.NaN, { kind: 'rejected', from: Number.NaN }],
  ])('%d dB → %o', (value, decision) => {
    expect(snapThreshold(value)).toEqual(decision);
  });
});

describe('overallConfidence', () => {
  it.each([
    [['high', 'high'], 'high'],
    [['high', 'medium'], 'medium'],
    [['medium', 'low', 'high'], 'low'],
    [[], 'low'],
  ] as const)('%o → %s', (points, expected) => expect(overallConfidence(points)).toBe(expected));
});

describe('buildAudiogramReading', () => {
  it('keeps grid values at the reader confidence and reports high overall', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ conduction: 'bone', frequencyHz: 500, value: 10 })]), 'pdf-text');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.right.air[4000]).toBe(20);
    expect(r.value.right.bone).toEqual({ 500: 10 });
    expect(r.value.left.bone).toBeUndefined();
    expect(r.value.confidence).toBe('high');
    expect(r.value.pointConfidence.right.bone[500]).toBe('high');
    expect(r.value.observations).toEqual([]);
    expect(r.value.source).toBe('pdf-text');
  });

  it('snaps off-grid values, flags them and notes it in pt-BR', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ ear: 'left', frequencyHz: 250, value: 23 })]), 'x');
    expect(r.ok && r.value.left.air[250]).toBe(25);
    expect(r.ok && r.value.pointConfidence.left.air[250]).toBe('low');
    expect(r.ok && r.value.confidence).toBe('low');
    expect(r.ok && r.value.observations).toContain('orelha esquerda, via aérea, 250 Hz: 23 dB ajustado para 25 dB (grade de 5 dB).');
  });

  it('stores a no-response without level at 120 dB HL, flagged medium', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 250, value: null, noResponse: true })]), 'x');
    expect(r.ok && r.value.right.air[250]).toEqual(noResponse(120));
    expect(r.ok && r.value.pointConfidence.right.air[250]).toBe('medium');
    expect(r.ok && r.value.confidence).toBe('medium');
  });

  it('keeps the level of a no-response when given', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 250, value: 110, noResponse: true })]), 'x');
    expect(r.ok && r.value.right.air[250]).toEqual(noResponse(110));
    expect(r.ok && r.value.confidence).toBe('high');
  });

  it('rejects the whole reading when a value is far out of range', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 250, value: 150 })]), 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('AUDIOGRAM.READING_REJECTED');
      expect(r.error.message).toContain('150 dB fora da faixa');
    }
  });

  it('rejects a reading with an ear without air conduction', () => {
    const r = buildAudiogramReading(MANDATORY.map((hz) => point({ frequencyHz: hz })), 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('orelha esquerda');
  });

  it('ignores frequencies outside the exam, and bone at 8000 Hz', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 1500 }), point({ conduction: 'bone', frequencyHz: 8000 })]), 'x');
    expect(r.ok && r.value.right.air).not.toHaveProperty('1500');
    expect(r.ok && r.value.right.bone).toBeUndefined();
    expect(r.ok && r.value.observations.join(' ')).toContain('via aérea 1500 Hz, via óssea 8000 Hz');
  });

  it('caps the confidence at medium when mandatory frequencies are missing', () => {
    const r = buildAudiogramReading(bothEarsAt(20).filter((c) => !(c.ear === 'left' && c.frequencyHz === 6000)), 'x');
    expect(r.ok && r.value.confidence).toBe('medium');
    expect(r.ok && r.value.observations).toContain('Frequências obrigatórias não lidas na orelha esquerda (via aérea): 6000 Hz.');
  });

  it('keeps the first of two different values for one point and flags it low', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 500, value: 40 })]), 'x');
    expect(r.ok && r.value.right.air[500]).toBe(20);
    expect(r.ok && r.value.pointConfidence.right.air[500]).toBe('low');
  });

  it('skips values marked not measured', () => {
    const r = buildAudiogramReading(bothEarsAt(20, [point({ frequencyHz: 250, value: null })]), 'x');
    expect(r.ok && r.value.right.air).not.toHaveProperty('250');
  });
});

describe('buildAudiogramReading positions (the review overlay, issue 17)', () => {
  it('keeps the kept value’s symbol position; no positions when no candidate has one', () => {
    const withPositions = buildAudiogramReading(
      bothEarsAt(20, [point({ frequencyHz: 250, value: 15, position: { x: 0.1, y: 0.3 } }), point({ frequencyHz: 250, value: 15, position: { x: 0.9, y: 0.9 } }), point({ ear: 'left', conduction: 'bone', frequencyHz: 1000, value: 10, position: { x: 0.4, y: 0.2 } })]),
      'chart-image',
    );
    expect(withPositions.ok && withPositions.value.positions).toEqual({ right: { air: { 250: { x: 0.1, y: 0.3 } }, bone: {} }, left: { air: {}, bone: { 1000: { x: 0.4, y: 0.2 } } } });
    const without = buildAudiogramReading(bothEarsAt(20), 'pdf-text');
    expect(without.ok && 'positions' in without.value).toBe(false);
  });
});
