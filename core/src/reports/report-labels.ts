import type { Nr7Classification } from '../rules/nr7/classify-nr7-ear';
import type { NexoLevel } from '../rules/nexo-causal/nexo-causal-table';

/**
 * pt-BR wording of the computed outcomes, as the laudo prints them (shared clinical-rules §4
 * "Texts to show": always "sugestivo"; the norm is cited as "NR-7, Anexo II").
 */
export const NR7_CLASS_LABEL: Record<Nr7Classification, string> = {
  aceitavel: 'dentro dos limites aceitáveis',
  sugestivo_painpse: 'sugestivo de PAINPSE',
  nao_sugestivo: 'alteração auditiva não sugestiva de PAINPSE',
};

/** NR-7 Anexo II item that each ear outcome rests on. */
export const NR7_CLASS_ITEM: Record<Nr7Classification, string> = {
  aceitavel: '5.1',
  sugestivo_painpse: '5.2',
  nao_sugestivo: '5.2.1',
};

export const NEXO_LEVEL_LABEL: Record<NexoLevel, string> = {
  provavel: 'provável',
  possivel: 'possível',
  indeterminado: 'indeterminado',
  improvavel: 'improvável',
};

/** The report editor's exam classification options (spec §5): normal limits, PAIRO leve/moderado/severo. */
export type PairoGrade = 'normal' | 'leve' | 'moderado' | 'severo';

export const PAIRO_LABEL: Record<PairoGrade, string> = {
  normal: 'Dentro dos limites normais (até 25 dB), não sugestivo de PAIRO',
  leve: 'PAIRO leve',
  moderado: 'PAIRO moderado',
  severo: 'PAIRO severo',
};

export const EAR_LABEL = { right: 'orelha direita', left: 'orelha esquerda' } as const;
export const EAR_ABBR = { right: 'OD', left: 'OE' } as const;

/** "NR-7 Anexo II (antiga Portaria 19/98)", as product.md asks reports to cite the norm. */
export const NORM_CITATION = 'NR-7, Anexo II (antiga Portaria 19/98)';

/** The spec's disclaimer (spec §1) with NR-7 Anexo II item 6 (shared clinical-rules §2.7). */
export const LAUDO_DISCLAIMER =
  'Ferramenta informativa e de gestão: não substitui o julgamento clínico. Este laudo deve ser revisado e validado por profissional habilitado. ' +
  'O diagnóstico conclusivo, o diagnóstico diferencial e a definição da aptidão, na suspeita de PAINPSE, são atribuições do médico do trabalho responsável pelo PCMSO (NR-7, Anexo II, item 6).';

/**
 * How the physician marks each of the nine items of Resolução CFM n.º 2.323/2022 art. 2º in the
 * nexo laudo (clinical-rules §6.1): every item starts 'não avaliado'; the editor sets the others.
 */
export const CFM_ITEM_STATUSES = ['não avaliado', 'avaliado', 'não se aplica'] as const;
