/** Rounds a dB value to 2 decimals for display (clinical-rules §10); comparisons never use it. */
export function round2(value: number | null): number | null {
  if (value === null) return null;
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r;
}
