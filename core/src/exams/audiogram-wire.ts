import type { EarAudiogram } from '../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../audiogram/frequencies';
import { isNoResponse, noResponse, type Threshold } from '../audiogram/threshold';

/** A threshold as stored and sent: number (dB HL), null (not measured) or `{nr: level}` (no response). */
export type WireThreshold = number | null | { nr: number };
export interface WireAudiogram {
  air: Record<string, { re: WireThreshold; le: WireThreshold }>;
  bone: Record<string, { re: WireThreshold; le: WireThreshold }>;
}

const out = (t: Threshold | undefined): WireThreshold => (t === undefined || t === null ? null : isNoResponse(t) ? { nr: t.level } : t);
const back = (t: WireThreshold | undefined): Threshold => (t === undefined || t === null ? null : typeof t === 'object' ? noResponse(t.nr) : t);

/** Both ears → the spec's `audiogram` shape: every frequency present, keyed by Hz (spec §3). */
export function toWireAudiogram(right: EarAudiogram, left: EarAudiogram): WireAudiogram {
  const air: WireAudiogram['air'] = {};
  for (const hz of AIR_FREQUENCIES) air[hz] = { re: out(right.air[hz]), le: out(left.air[hz]) };
  const bone: WireAudiogram['bone'] = {};
  if (right.bone || left.bone) for (const hz of BONE_FREQUENCIES) bone[hz] = { re: out(right.bone?.[hz]), le: out(left.bone?.[hz]) };
  return { air, bone };
}

/** Stored (already validated) wire audiogram → both ears; null values are left out (not measured). */
export function fromWireAudiogram(wire: Partial<WireAudiogram>): { right: EarAudiogram; left: EarAudiogram } {
  const ear = (side: 're' | 'le'): EarAudiogram => {
    const air: Record<number, Threshold> = {};
    for (const [hz, pair] of Object.entries(wire.air ?? {})) {
      const t = back(pair[side]);
      if (t !== null) air[Number(hz)] = t;
    }
    const boneEntries = Object.entries(wire.bone ?? {});
    if (!boneEntries.length) return { air };
    const bone: Record<number, Threshold> = {};
    for (const [hz, pair] of boneEntries) {
      const t = back(pair[side]);
      if (t !== null) bone[Number(hz)] = t;
    }
    return Object.keys(bone).length ? { air, bone } : { air };
  };
  return { right: ear('re'), left: ear('le') };
}
