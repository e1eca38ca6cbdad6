import { describe, expect, it } from 'vitest';
import { parseThresholdForEntry } from './entry-grid';
import { noResponse } from './threshold';

describe('parseThresholdForEntry (spec §5: -10..120 dB HL, step 5)', () => {
  it.each([-10, 0, 25, 120])('accepts %d dB on the grid', (v) => {
    expect(parseThresholdForEntry(v, 'x')).toEqual({ ok: true, value: v });
  });
  it('accepts null (not measured) and a no-response on the grid', () => {
    expect(parseThresholdForEntry(null, 'x')).toEqual({ ok: true, value: null });
    expect(parseThresholdForEntry({ nr: 120 }, 'x')).toEqual({ ok: true, value: noResponse(120) });
  });
  it.each([
    [-15, 'fora da faixa'],
    [125, 'fora da faixa'],
    [23, 'grade de 5 em 5 dB'],
    [25.5, 'grade de 5 em 5 dB'],
    [Number.NaN, 'número'],
  ])('refuses %d with a pt-BR message naming the field', (v, fragment) => {
    const r = parseThresholdForEntry(v, 'exams[1].right.4000');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('AUDIOGRAM.INVALID_THRESHOLD');
      expect(r.error.message).toContain('exams[1].right.4000');
      expect(r.error.message).toContain(fragment);
      expect(r.error.issues[0].path).toBe('exams[1].right.4000');
    }
  });
  it('refuses an off-grid no-response level', () => {
    expect(parseThresholdForEntry({ nr: 117 }, 'p').ok).toBe(false);
  });
});
