import type { EarAudiogram } from '../audiogram/audiogram';
import { BONE_FREQUENCIES } from '../audiogram/frequencies';
import { isNoResponse } from '../audiogram/threshold';
import { NR7_ACCEPTABLE_LIMIT_DB } from './nr7/classify-nr7-ear';

/** CFFa (2009) type of loss (clinical-rules §5.5); 'indeterminado' when no category fits. */
export type LossType = 'normal' | 'condutiva' | 'sensorioneural' | 'mista' | 'indeterminado';

/** CFFa §5.5: bone conduction ≤ 15 dB is "normal" bone conduction for the type criteria. */
const BONE_NORMAL_DB = 15;
/** CFFa §5.5: air-bone gap ≥ 15 dB marks a conductive component. */
const GAP_CONDUCTIVE_DB = 15;
/** CFFa §5.5: gap ≤ 10 dB means air and bone are coupled (sensorineural). */
const GAP_COUPLED_DB = 10;

/**
 * Type of loss of one ear from air and bone conduction (CFFa criteria, clinical-rules §5.5), applied
 * to the means over the 500–4000 Hz frequencies where both are measured and air conduction is
 * altered (> 25 dB HL, NR-7 5.1): condutiva = BC ≤ 15 and gap ≥ 15; sensorioneural = BC > 15 and
 * gap ≤ 10; mista = BC > 15 and gap ≥ 15; gaps of 11–14 dB fit none → 'indeterminado'.
 * 'normal' when no such frequency is altered. A no-response at an altered frequency → 'indeterminado'.
 * null when bone conduction was not tested or no frequency has both measured.
 */
export function lossTypeOf(ear: EarAudiogram): LossType | null {
  if (!ear.bone) return null;
  let pairs = 0;
  let altered = 0;
  let acSum = 0;
  let bcSum = 0;
  for (const f of BONE_FREQUENCIES) {
    const ac = ear.air[f];
    const bc = ear.bone[f];
    if (ac == null || bc == null) continue;
    pairs++;
    if (isNoResponse(ac) || isNoResponse(bc)) {
      if (isNoResponse(ac) || ac > NR7_ACCEPTABLE_LIMIT_DB) return 'indeterminado';
      continue;
    }
    if (ac <= NR7_ACCEPTABLE_LIMIT_DB) continue;
    altered++;
    acSum += ac;
    bcSum += bc;
  }
  if (pairs === 0) return null;
  if (altered === 0) return 'normal';
  const bc = bcSum / altered;
  const gap = (acSum - bcSum) / altered;
  if (bc <= BONE_NORMAL_DB) return gap >= GAP_CONDUCTIVE_DB ? 'condutiva' : 'indeterminado';
  if (gap <= GAP_COUPLED_DB) return 'sensorioneural';
  if (gap >= GAP_CONDUCTIVE_DB) return 'mista';
  return 'indeterminado';
}
