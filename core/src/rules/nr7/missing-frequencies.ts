import type { AudiometricExam, EarAudiogram } from '../../audiogram/audiogram';
import { MANDATORY_AIR_FREQUENCIES } from '../../audiogram/frequencies';
import { isTested } from '../../audiogram/threshold';

/**
 * Mandatory air-conduction frequencies (NR-7 Anexo II item 3.6: 500–8000 Hz) that were not
 * measured, in Hz ascending. A no-response counts as tested (the frequency was presented).
 */
export function missingMandatoryFrequencies(ear: EarAudiogram): number[] {
  return MANDATORY_AIR_FREQUENCIES.filter((f) => !isTested(ear.air[f]));
}

