import { describe, expect, it } from 'vitest';
import { directionFromLabelWidths, levelAxisFromRows } from '../../adapters/src/ai/chart-image/calibration';

/** An ink mask with a label block of the given width (px) ending 4 px left of the frame on each 10 dB row. */
function labelled(widths: readonly number[], spacing: { first: number; step: number; count: number }, frameLeft: number): { ink: Uint8Array; width: number } {
  const width = 200;
  const ink = new Uint8Array(width * 320);
  widths.forEach((w, row) => {
    const y = Math.round(spacing.first + row * spacing.step);
    for (let yy = y - 4; yy <= y + 4; yy++) for (let x = frameLeft - 4 - w; x < frameLeft - 4; x++) ink[yy * width + x] = 1;
  });
  return { ink, width };
}

describe('the dB axis direction from the labels’ widths (no label read by OCR)', () => {
  const spacing = { first: 20, step: 20, count: 14 };
  const frameLeft = 60;
  // −10 … 120: one digit is 6 px, a minus 4 px.
  const down = [10, 6, 12, 12, 12, 12, 12, 12, 12, 12, 12, 18, 18, 18];
  const up = [...down].reverse();

  it('says down when the labels near the top are the short ones ("0", "10")', () => {
    const { ink, width } = labelled(down, spacing, frameLeft);
    expect(directionFromLabelWidths(ink, width, frameLeft, spacing)).toBe('down');
  });

  it('says up when they are the long ones ("110", "100"), and the axis from the rows then runs upwards', () => {
    const { ink, width } = labelled(up, spacing, frameLeft);
    expect(directionFromLabelWidths(ink, width, frameLeft, spacing)).toBe('up');
    const axis = levelAxisFromRows(spacing, 'up');
    expect(axis.c + axis.d * spacing.first).toBeCloseTo(120);
    expect(axis.c + axis.d * (spacing.first + 13 * spacing.step)).toBeCloseTo(-10);
  });

  it('is not misled by speckle left of the frame (a noisy photograph: every column held a few ink pixels)', () => {
    const { ink, width } = labelled(up, spacing, frameLeft);
    // One ink pixel in five, seeded: about five per column in a label's band, more than the three that
    // made a column count (the bench's case 167, upwards, read upside down: 100 against 81 columns).
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let y = 0; y < 320; y++) for (let x = 0; x < frameLeft - 2; x++) if (rand() < 0.2) ink[y * width + x] = 1;
    expect(directionFromLabelWidths(ink, width, frameLeft, spacing)).toBe('up');
    const other = labelled(down, spacing, frameLeft);
    for (let y = 0; y < 320; y++) for (let x = 0; x < frameLeft - 2; x++) if (rand() < 0.2) other.ink[y * width + x] = 1;
    expect(directionFromLabelWidths(other.ink, other.width, frameLeft, spacing)).toBe('down');
  });

  it('says nothing without labels, on a grid that is not standard, or when the widths are alike', () => {
    expect(directionFromLabelWidths(new Uint8Array(200 * 320), 200, frameLeft, spacing)).toBeNull();
    const { ink, width } = labelled(down, spacing, frameLeft);
    expect(directionFromLabelWidths(ink, width, frameLeft, { ...spacing, count: 12 })).toBeNull();
    const even = labelled(down.map(() => 12), spacing, frameLeft);
    expect(directionFromLabelWidths(even.ink, even.width, frameLeft, spacing)).toBeNull();
  });
});
