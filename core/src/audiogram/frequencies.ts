/**
 * Test frequencies (Hz). NR-7 Anexo II item 3.6 makes air conduction at 500–8000 Hz mandatory
 * (250 Hz optional); item 3.6.1 asks for bone conduction at 500–4000 Hz when air conduction is altered.
 */
export const AIR_FREQUENCIES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
export type AirFrequency = (typeof AIR_FREQUENCIES)[number];

/** NR-7 Anexo II item 3.6: "500, 1.000, 2.000, 3.000, 4.000, 6.000 e 8.000 Hz". */
export const MANDATORY_AIR_FREQUENCIES = [500, 1000, 2000, 3000, 4000, 6000, 8000] as const;

/** NR-7 Anexo II item 3.6.1: bone conduction "nas freqüências de 500, 1.000, 2.000, 3.000 e 4.000 Hz". */
export const BONE_FREQUENCIES = [500, 1000, 2000, 3000, 4000] as const;
export type BoneFrequency = (typeof BONE_FREQUENCIES)[number];

/** NR-7 Anexo II items 5.2/5.3: the noise-sensitive group 3000, 4000, 6000 Hz. */
export const NOTCH_FREQUENCIES = [3000, 4000, 6000] as const;
/** PTA3 / NR-7 item 5.4 a): 500, 1000, 2000 Hz. */
export const LOW_FREQUENCIES = [500, 1000, 2000] as const;
/** PTA4 (WHO, BIAP): 500, 1000, 2000, 4000 Hz. */
export const PTA4_FREQUENCIES = [500, 1000, 2000, 4000] as const;
/** OSHA 29 CFR 1910.95(g)(10)(i): the STS uses 2000, 3000, 4000 Hz. */
export const OSHA_FREQUENCIES = [2000, 3000, 4000] as const;
/** NIOSH 96-110: a 15 dB shift at any of 500–6000 Hz. */
export const NIOSH_FREQUENCIES = [500, 1000, 2000, 3000, 4000, 6000] as const;

export function isAirFrequency(hz: number): hz is AirFrequency {
  return (AIR_FREQUENCIES as readonly number[]).includes(hz);
}

export function isBoneFrequency(hz: number): hz is BoneFrequency {
  return (BONE_FREQUENCIES as readonly number[]).includes(hz);
}
