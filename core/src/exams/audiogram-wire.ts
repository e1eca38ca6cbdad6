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

/**
 * Both ears → the spec's `audiogram` shape: every frequency present, keyed by Hz (spec §3).
 * Maps keyed by Hz are filled from the highest frequency down: ascending integer keys up to 8000
 * make V8 grow a sparse array backing store several times; key order is numeric either way.
 */
export function toWireAudiogram(right: EarAudiogram, left: EarAudiogram): WireAudiogram {
  const air: WireAudiogram['air'] = {};
  for (let i = AIR_FREQUENCIES.length - 1; i >= 0; i--) {
    const hz = AIR_FREQUENCIES[i];
    air[hz] = { re: out(right.air[hz]), le: out(left.air[hz]) };
  }
  const bone: WireAudiogram['bone'] = {};
  if (right.bone || left.bone) {
    for (let i = BONE_FREQUENCIES.length - 1; i >= 0; i--) {
      const hz = BONE_FREQUENCIES[i];
      bone[hz] = { re: out(right.bone?.[hz]), le: out(left.bone?.[hz]) };
    }
  }
  return { air, bone };
}

/** Stored (already validated) wire audiogram → both ears; null values are left out (not measured). */
export function fromWireAudiogram(wire: Partial<WireAudiogram>): { right: EarAudiogram; left: EarAudiogram } {
  const ear = (side: 're' | 'le'): EarAudiogram => {
    const air: Record<number, Threshold> = {};
    for (const [hz, pair] of Object.entries(wire.air ?? {}).reverse()) {
      const t = back(pair[side]);
      if (t !== null) air[Number(hz)] = t;
    }
    const boneEntries = Object.entries(wire.bone ?? {});
    if (!boneEntries.length) return { air };
    const bone: Record<number, Threshold> = {};
    for (const [hz, pair] of boneEntries.reverse()) {
      const t = back(pair[side]);
      if (t !== null) bone[Number(hz)] = t;
    }
    return Object.keys(bone).length ? { air, bone } : { air };
  };
  return { right: ear('re'), left: ear('le') };
}
