import type { EarAudiogram } from '../../../core/src';

/** Air conduction of a mild high-frequency notch (dB HL per Hz). */
export const MILD_AIR = { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } as const;

/** Both ears: the right with no response at 8 kHz (NR at 120 dB), the left with bone conduction. */
export function anAudiogram(over: { right?: EarAudiogram; left?: EarAudiogram } = {}): { right: EarAudiogram; left: EarAudiogram } {
  return {
    right: { air: { ...MILD_AIR, 8000: { kind: 'no_response', level: 120 } } },
    left: { air: { ...MILD_AIR }, bone: { 500: 5, 1000: 10 } },
    ...over,
  };
}
