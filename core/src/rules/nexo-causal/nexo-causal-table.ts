import type { LossType } from '../loss-type';
import type { Nr7Classification } from '../nr7/classify-nr7-ear';
import type { Tri } from '../tri';

/** The wizard's five causal-link answers (spec §2 step 3 / §3 "nexoCausalQuestions"). */
export interface NexoAnswers {
  /** 14 h noise pause / acoustic rest before the exam. */
  readonly pausaRuido: 'sim' | 'nao';
  /** Works, or worked, exposed to loud noise. */
  readonly volumeAlto: 'sim' | 'nao';
  /** Years of exposure (≥ 0, step 0.5). */
  readonly tempoExposicao: number;
  /** Job considered noisy, above 85 dB (spec §9; NR-15 Anexo 1 tolerance limit). */
  readonly funcaoRuidosa: 'sim' | 'nao';
  /** Correct use of hearing protection. */
  readonly usoEPI: 'sim' | 'nao' | 'nao-sei';
}

/** Audiogram facts the table reads, derived by `audiogramPatternOf` from the rules. */
export interface AudiogramPattern {
  readonly classification: { readonly right: Nr7Classification | null; readonly left: Nr7Classification | null };
  /** Worker-level flags of the last comparison with the reference in force (false with one exam). */
  readonly desencadeamento: Tri;
  readonly agravamento: Tri;
  /** ≥ 15 dB between ears at two adjacent frequencies; null = not comparable. */
  readonly asymmetric: boolean | null;
  readonly recovery8k: { readonly right: boolean | null; readonly left: boolean | null };
  readonly lossType: { readonly right: LossType | null; readonly left: LossType | null };
}

export type NexoLevel = 'provavel' | 'possivel' | 'indeterminado' | 'improvavel';

/** Facts computed once from answers + pattern, shared by every row. */
export interface NexoFacts {
  readonly exposed: boolean;
  readonly restDone: boolean;
  readonly years: number;
  readonly bothAcceptable: boolean;
  readonly triggered: boolean;
  readonly suggestiveEars: readonly ('right' | 'left')[];
  readonly indeterminateClass: boolean;
  readonly conductiveOnly: boolean;
  readonly conductiveComponent: boolean;
  /** Altered ears whose 8 kHz threshold is not better than the 3–6 kHz maximum. */
  readonly noRecoveryIn: readonly ('right' | 'left')[];
  readonly asymmetric: boolean;
}

/** One row of the table: evaluated in order, the first that matches sets the level. */
export interface NexoRule {
  readonly id: string;
  readonly level: NexoLevel;
  readonly when: (f: NexoFacts) => boolean;
  /** pt-BR ground(s) recorded when the row decides. */
  readonly grounds: (f: NexoFacts) => string[];
}

const EAR = { right: 'orelha direita', left: 'orelha esquerda' } as const;
const ears = (list: readonly ('right' | 'left')[]) => list.map((e) => EAR[e]).join(' e ');
const hasPattern = (f: NexoFacts) => f.suggestiveEars.length > 0 || f.triggered;
const atypical = (f: NexoFacts): string[] => [
  ...(f.asymmetric ? ['Assimetria entre as orelhas (≥ 15 dB em duas frequências adjacentes): a PAINPSE costuma ser bilateral e simétrica (ACOEM).'] : []),
  ...(f.noRecoveryIn.length ? [`Sem recuperação em 8 kHz na ${ears(f.noRecoveryIn)}, padrão mais próximo da presbiacusia (ACOEM).`] : []),
  ...(f.conductiveComponent ? ['Componente condutivo (perda mista): investigar causa concomitante (NR-7, Anexo II, item 10 a).'] : []),
  ...(f.years <= 0 ? ['Tempo de exposição referido igual a zero.'] : []),
];

/**
 * The nexo-causal rule table (docs/clinical-rules.md §"Nexo causal"). Order matters: exclusions
 * first, then conditions that make the exam uninterpretable, then the positive rows.
 */
export const NEXO_TABLE: readonly NexoRule[] = [
  {
    id: 'N1', level: 'improvavel', when: (f) => !f.exposed,
    grounds: () => ['Sem exposição ocupacional a ruído referida (trabalho exposto a ruído: não; função ruidosa: não).'],
  },
  {
    id: 'N2', level: 'improvavel', when: (f) => f.bothAcceptable && !f.triggered,
    grounds: () => ['Limiares auditivos dentro dos limites aceitáveis nas duas orelhas (NR-7, Anexo II, item 5.1), sem desencadeamento: não há perda auditiva a relacionar com o trabalho.'],
  },
  {
    id: 'N3', level: 'improvavel', when: (f) => f.conductiveOnly,
    grounds: () => ['Perda auditiva do tipo condutiva: a PAINPSE é do tipo sensorioneural (Portaria 19/98, item 2.1).'],
  },
  {
    id: 'N4', level: 'indeterminado', when: (f) => !f.restDone,
    grounds: () => ['Exame sem repouso auditivo de 14 horas (NR-7, Anexo II, item 3.4): não é possível afastar mudança temporária de limiar; repetir o exame.'],
  },
  {
    id: 'N5', level: 'indeterminado', when: (f) => f.indeterminateClass && !hasPattern(f),
    grounds: () => ['Classificação NR-7 indeterminada por frequência não medida ou sem resposta.'],
  },
  {
    id: 'N6', level: 'provavel', when: (f) => hasPattern(f) && atypical(f).length === 0,
    grounds: (f) => [
      ...(f.suggestiveEars.length ? [`Audiograma sugestivo de PAINPSE na ${ears(f.suggestiveEars)} (NR-7, Anexo II, item 5.2).`] : []),
      ...(f.triggered ? ['Desencadeamento ou agravamento em relação ao exame de referência (NR-7, Anexo II, itens 5.3/5.4).'] : []),
      'Padrão compatível com a história natural da PAINPSE (Portaria 19/98, item 2.1): entalhe em 3–6 kHz com recuperação em 8 kHz, bilateral e sem componente condutivo.',
    ],
  },
  {
    id: 'N7', level: 'possivel', when: (f) => hasPattern(f),
    grounds: (f) => [
      ...(f.suggestiveEars.length ? [`Audiograma sugestivo de PAINPSE na ${ears(f.suggestiveEars)} (NR-7, Anexo II, item 5.2).`] : []),
      ...(f.triggered ? ['Desencadeamento ou agravamento em relação ao exame de referência (NR-7, Anexo II, itens 5.3/5.4).'] : []),
      ...atypical(f),
    ],
  },
  {
    id: 'N8', level: 'possivel', when: (f) => !f.bothAcceptable && !f.indeterminateClass,
    grounds: () => ['Alteração auditiva não sugestiva de PAINPSE (NR-7, Anexo II, item 5.2.1): o ruído pode ser fator contributivo; investigar outras causas e encaminhar (item 10).'],
  },
  {
    id: 'N9', level: 'indeterminado', when: () => true,
    grounds: () => ['Dados insuficientes para sugerir o nexo causal.'],
  },
];
