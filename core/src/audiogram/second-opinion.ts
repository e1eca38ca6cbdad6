import type { Ear } from './audiogram';
import {
  type AudiogramReading,
  type Conduction,
  type EarPointConfidence,
  type ReadingConfidence,
  type ReadingDisagreement,
  type SecondOpinion,
} from './reading';
import { isNoResponse, type Threshold } from './threshold';

/** Two readers whose values differ by more than this (dB) disagree on the point (issue 17 item 4). */
export const SECOND_OPINION_TOLERANCE_DB = 5;

type Thresholds = Pick<AudiogramReading, 'right' | 'left'>;

const asValue = (t: Threshold | undefined) =>
  t === null || t === undefined ? undefined : isNoResponse(t) ? { value: t.level, noResponse: true } : { value: t, noResponse: false };

/**
 * The points both readers read where they disagree: the levels differ by more than
 * {@link SECOND_OPINION_TOLERANCE_DB}, or one heard no response where the other found a threshold.
 * A point only one of them read is not a disagreement (the first reader's value, or its absence, stands).
 */
export function compareReadings(primary: Thresholds, secondary: Thresholds): ReadingDisagreement[] {
  const out: ReadingDisagreement[] = [];
  for (const ear of ['right', 'left'] as const) {
    for (const conduction of ['air', 'bone'] as const) {
      const first: Record<string, Threshold> = primary[ear][conduction] ?? {};
      const second: Record<string, Threshold> = secondary[ear][conduction] ?? {};
      for (const hz of Object.keys(first).map(Number).sort((a, b) => a - b)) {
        const a = asValue(first[hz]);
        const b = asValue(second[hz]);
        if (!a || !b) continue;
        if (Math.abs(a.value - b.value) > SECOND_OPINION_TOLERANCE_DB || a.noResponse !== b.noResponse) {
          out.push({ ear, conduction, frequencyHz: hz, primary: a, secondary: b });
        }
      }
    }
  }
  return out;
}

/** The second reader's opinion of the first reading: agreed, or disagreed with the points. */
export function secondOpinionOf(primary: Thresholds, secondary: AudiogramReading): SecondOpinion {
  const disagreements = compareReadings(primary, secondary);
  return { status: disagreements.length ? 'disagreed' : 'agreed', source: secondary.source, disagreements };
}

const EAR_PT: Record<Ear, string> = { right: 'OD', left: 'OE' };
const CONDUCTION_PT: Record<Conduction, string> = { air: 'via aérea', bone: 'via óssea' };
const levelText = (v: { value: number; noResponse: boolean }) => (v.noResponse ? `NR ${v.value} dB` : `${v.value} dB`);

/** pt-BR line for the reviewer, e.g. "Segunda opinião (ollama:…): 2 ponto(s) divergem …: OD via aérea 1000 Hz (40 dB × 55 dB)". */
export function secondOpinionObservation(opinion: SecondOpinion, primarySource: string | undefined): string {
  const who = opinion.source ?? 'segundo leitor';
  const first = primarySource ?? 'primeiro leitor';
  if (opinion.status === 'pending') return `Segunda opinião (${who}) em andamento.`;
  if (opinion.status === 'failed') return `Segunda opinião (${who}) não disponível${opinion.reason ? ` — ${opinion.reason}` : ''}; mantida a leitura de ${first}.`;
  if (opinion.status === 'agreed') return `Segunda opinião (${who}) concorda com a leitura de ${first} (diferença de no máximo ${SECOND_OPINION_TOLERANCE_DB} dB em todos os pontos lidos por ambos).`;
  const points = opinion.disagreements
    .map((d) => `${EAR_PT[d.ear]} ${CONDUCTION_PT[d.conduction]} ${d.frequencyHz} Hz (${first}: ${levelText(d.primary)}; ${who}: ${levelText(d.secondary)})`)
    .join('; ');
  return `Segunda opinião (${who}): ${opinion.disagreements.length} ponto(s) divergem em mais de ${SECOND_OPINION_TOLERANCE_DB} dB, marcados com confiança baixa; mantidos os valores de ${first}: ${points}.`;
}

/** What a reading and a reading note share: per-point and overall confidence, observations. */
interface Opinionated {
  readonly pointConfidence?: Readonly<Record<Ear, EarPointConfidence>>;
  readonly confidence: ReadingConfidence | 'unknown';
  readonly source?: string;
  readonly observations: readonly string[];
  readonly secondOpinion?: SecondOpinion;
}

/**
 * A reading (or its note) with the second opinion recorded: the points it disagrees on become low
 * confidence (and so the whole reading), the values stay, a pt-BR observation says what happened.
 */
export function withSecondOpinion<T extends Opinionated>(target: T, opinion: SecondOpinion): T {
  const observations = [...target.observations, secondOpinionObservation(opinion, target.source)];
  if (!opinion.disagreements.length || !target.pointConfidence) return { ...target, secondOpinion: opinion, observations };
  const lowered = (ear: Ear): EarPointConfidence => {
    const pc = target.pointConfidence![ear];
    const air: Record<string, ReadingConfidence> = { ...pc.air };
    const bone: Record<string, ReadingConfidence> = { ...pc.bone };
    for (const d of opinion.disagreements) if (d.ear === ear) (d.conduction === 'air' ? air : bone)[d.frequencyHz] = 'low';
    return { air, bone };
  };
  // a disagreeing point is low, and so is the reading (its lowest point)
  return { ...target, pointConfidence: { right: lowered('right'), left: lowered('left') }, confidence: 'low', secondOpinion: opinion, observations };
}
