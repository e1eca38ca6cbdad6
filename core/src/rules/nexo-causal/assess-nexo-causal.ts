import { invariant } from '../../shared/domain-error';
import type { AudiometricExam } from '../../audiogram/audiogram';
import { hasRecoveryAt8k, isAsymmetric } from '../clinical-pattern';
import { lossTypeOf } from '../loss-type';
import { classifyNr7Ear } from '../nr7/classify-nr7-ear';
import { walkReferenceHistory } from '../nr7/reference-history';
import { RULES_VERSION } from '../rules-version';
import { NEXO_TABLE, type AudiogramPattern, type NexoAnswers, type NexoFacts, type NexoLevel } from './nexo-causal-table';

/** Resolução CFM n.º 2.323/2022 art. 2º: what the physician must consider (clinical-rules §6.1). */
export const CFM_2323_ART2_CHECKLIST = [
  'História clínica e ocupacional atual e pregressa',
  'Estudo do local de trabalho',
  'Estudo da organização do trabalho',
  'Dados epidemiológicos',
  'Literatura científica',
  'Ocorrência de quadro clínico ou subclínico em trabalhadores expostos a riscos semelhantes',
  'Identificação de riscos físicos, químicos, biológicos, mecânicos, estressantes e outros',
  'Depoimento e experiência dos trabalhadores',
  'Conhecimentos e práticas de outras disciplinas e de seus profissionais',
] as const;

export const NEXO_FRAME =
  'Sugestão calculada por tabela de regras, a confirmar pelo profissional à luz do art. 2º da Resolução CFM n.º 2.323/2022; o diagnóstico e a aptidão são atribuições do médico do trabalho (NR-7, Anexo II, item 6).';

export interface NexoAssessment {
  readonly classificacao: NexoLevel;
  /** pt-BR grounds: the deciding row's, then the context answers. */
  readonly fundamentos: readonly string[];
  /** Id of the table row that decided (N1–N9). */
  readonly regra: string;
  readonly moldura: string;
  readonly checklistCfm: readonly { readonly item: string; readonly status: 'não avaliado' }[];
  readonly sugestao: true;
  readonly rulesVersion: string;
}

/** Audiogram facts for the nexo table from a worker's exams (last exam, last comparison); needs ≥ 1 exam. */
export function audiogramPatternOf(exams: readonly AudiometricExam[]): AudiogramPattern {
  const walk = walkReferenceHistory(exams);
  const last = walk.exams[walk.exams.length - 1];
  const step = walk.entries[walk.entries.length - 1]?.step;
  invariant(last, 'audiogramPatternOf needs at least one exam');
  return {
    classification: { right: classifyNr7Ear(last.right), left: classifyNr7Ear(last.left) },
    desencadeamento: step ? step.comparison.desencadeamento : false,
    agravamento: step ? step.comparison.agravamento : false,
    asymmetric: isAsymmetric(last.right, last.left),
    recovery8k: { right: hasRecoveryAt8k(last.right), left: hasRecoveryAt8k(last.left) },
    lossType: { right: lossTypeOf(last.right), left: lossTypeOf(last.left) },
  };
}

function factsOf(a: NexoAnswers, p: AudiogramPattern): NexoFacts {
  const sides = ['right', 'left'] as const;
  const suggestiveEars = sides.filter((s) => p.classification[s] === 'sugestivo_painpse');
  const alteredEars = sides.filter((s) => p.classification[s] !== 'aceitavel');
  const types = alteredEars.map((s) => p.lossType[s]);
  return {
    exposed: a.volumeAlto === 'sim' || a.funcaoRuidosa === 'sim',
    restDone: a.pausaRuido === 'sim',
    years: a.tempoExposicao,
    bothAcceptable: alteredEars.length === 0,
    triggered: p.desencadeamento === true || p.agravamento === true,
    suggestiveEars,
    indeterminateClass: sides.some((s) => p.classification[s] === null),
    conductiveOnly: types.length > 0 && types.every((t) => t === 'condutiva'),
    conductiveComponent: types.some((t) => t === 'condutiva' || t === 'mista'),
    noRecoveryIn: alteredEars.filter((s) => p.recovery8k[s] === false),
    asymmetric: p.asymmetric === true,
  };
}

function contextGrounds(a: NexoAnswers): string[] {
  const out: string[] = [`Tempo de exposição referido: ${a.tempoExposicao} ano(s).`];
  if (a.funcaoRuidosa === 'sim') out.push('Função considerada ruidosa (acima de 85 dB(A), limite de tolerância da NR-15, Anexo 1).');
  if (a.usoEPI === 'sim') out.push('Uso correto de protetor auditivo referido; o EPI não afasta a exposição (NR-7, Anexo II, item 2).');
  else if (a.usoEPI === 'nao') out.push('Uso correto de protetor auditivo não referido.');
  else out.push('Uso de protetor auditivo desconhecido.');
  return out;
}

/**
 * Suggests a nexo-causal level from the wizard answers and the audiogram pattern with the rule
 * table NEXO_TABLE (first matching row decides). A suggestion the professional confirms, framed
 * by CFM Resolução 2.323/2022 art. 2 — never a conclusion.
 */
export function assessNexoCausal(answers: NexoAnswers, pattern: AudiogramPattern): NexoAssessment {
  const facts = factsOf(answers, pattern);
  const rule = NEXO_TABLE.find((r) => r.when(facts)) ?? NEXO_TABLE[NEXO_TABLE.length - 1];
  return {
    classificacao: rule.level,
    fundamentos: [...rule.grounds(facts), ...(facts.exposed ? contextGrounds(answers) : [])],
    regra: rule.id,
    moldura: NEXO_FRAME,
    checklistCfm: CFM_2323_ART2_CHECKLIST.map((item) => ({ item, status: 'não avaliado' as const })),
    sugestao: true,
    rulesVersion: RULES_VERSION,
  };
}
