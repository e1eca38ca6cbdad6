import { randomUUID } from 'node:crypto';
import { AIR_FREQUENCIES, noResponse, type Threshold } from '../../core/src';

/**
 * A worker's history for tests of stored classifications: eight yearly exams whose 3–6 kHz thresholds
 * drift from a baseline (so references, desencadeamento, agravamento and indeterminate comparisons
 * occur), some frequencies not measured or without response, up to three exams on one date, an exam
 * without thresholds for every seventh worker, bone conduction for every fourth, a designated reference
 * for every fifth, rest and calibration conditions varying. Deterministic per `worker`.
 */
export function driftingHistory(worker: number) {
  // exams 3 and 4 share a date, and exam 6 too for every third worker
  const dates = Array.from({ length: 8 }, (_, k) => `${2010 + (k === 4 || (k === 6 && worker % 3 === 0) ? 3 : k)}-0${1 + (worker % 9)}-15`);
  const ear = (k: number, side: number) => {
    const air: Record<number, Threshold> = {};
    if (worker % 7 === 3 && k === 5) return { air }; // typed without thresholds (sem_limiares)
    AIR_FREQUENCIES.forEach((hz, i) => {
      const base = ((worker * 5 + i * 3 + side) % 6) * 5 - 10;
      const shift = hz >= 3000 && hz <= 6000 ? k * ((worker + side + i) % 4) * 5 : 0;
      if ((worker + k + i) % 13 === 0) return;
      air[hz] = (worker * 3 + k * i) % 17 === 0 ? noResponse(Math.min(120, base + shift + 70)) : Math.min(120, base + shift);
    });
    if (worker % 4 !== 1) return { air };
    const bone: Record<number, Threshold> = {};
    for (const hz of [500, 1000, 2000, 3000, 4000] as const) if (typeof air[hz] === 'number') bone[hz] = Math.max(-10, (air[hz] as number) - 10);
    // an exam stores bone conduction only when a value was given (the wire audiogram cannot say "tested, nothing found")
    return Object.keys(bone).length ? { air, bone } : { air };
  };
  const designated = { reason: 'Exame de referência refeito após repouso de 14 h', designatedBy: 'Dra. Ana (CRM 1/SP)', designatedAt: '2026-01-01T00:00:00.000Z' };
  return dates.map((date, k) => ({
    id: randomUUID(), date, right: ear(k, 0), left: ear(k, 1), acousticRestHours: k % 3 ? 14 : 10, calibrationDate: k % 2 ? '2009-05-01' : null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, k)), referenceDesignation: worker % 5 === 0 && k === 2 ? designated : null,
  }));
}
