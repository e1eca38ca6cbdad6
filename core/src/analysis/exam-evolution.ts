import type { AudiometricExam, Ear } from '../audiogram/audiogram';
import { pta3 } from '../rules/degree/pure-tone-average';
import { daysBetween, formatDateBr } from '../rules/nr7/calendar';
import type { EarComparison } from '../rules/nr7/compare-with-reference';
import { walkReferenceHistory, type SequenceStep } from '../rules/nr7/reference-history';
import { citeRuleSet } from '../rules/nr7/rule-set';
import { RULES_VERSION } from '../rules/rules-version';

/** Spec §3 "Evolution response, exam-based", computed from the NR-7 rules (plus rulesVersion). */
export interface ExamEvolution {
  readonly hasMultipleExams: boolean;
  readonly message: string;
  readonly totalExams: number;
  /** PTA3 (500/1k/2k, spec §9) per ear in dB HL, unrounded; null when not computable. */
  readonly exams: readonly { readonly date: string; readonly ptaRightEar: number | null; readonly ptaLeftEar: number | null }[];
  readonly firstExamDate: string | null;
  readonly lastExamDate: string | null;
  /** Days from the first to the last exam (floor of the date difference). */
  readonly monitoringPeriodDays: number;
  /** True when any comparison with the reference in force shows desencadeamento or agravamento. */
  readonly hasWorseningPortaria19: boolean;
  /** pt-BR alert texts, one per triggering or indeterminate ear comparison, then the item 6 notice. */
  readonly alerts: readonly string[];
  readonly rulesVersion: string;
}

export const INSUFFICIENT_EXAMS_MESSAGE = 'Necessário pelo menos 2 exames para análise de evolução.';
export const DIAGNOSIS_NOTICE =
  'O diagnóstico conclusivo, o diagnóstico diferencial e a definição da aptidão são atribuições do médico do trabalho responsável pelo PCMSO (NR-7, Anexo II, item 6).';

const EAR_NAME: Record<Ear, string> = { right: 'orelha direita', left: 'orelha esquerda' };
/** Portaria 19 numbering of the same criteria (clinical-rules §3). */
const PORTARIA19_ITEM: Record<string, string> = { '5.3': '4.2.1', '5.3.1': '4.2.2', '5.4': '4.2.3' };

function earAlert(step: SequenceStep, side: Ear, c: EarComparison): string | undefined {
  const when = `Exame de ${formatDateBr(step.comparison.sequentialDate)}, ${EAR_NAME[side]}`;
  const ref = `em relação ao exame de referência de ${formatDateBr(step.comparison.referenceDate)}`;
  const criteria = c.criteria.join('/');
  const nr7Item = c.desencadeamento === true ? c.desencadeamentoItem : c.agravamento === true ? '5.4' : null;
  if (nr7Item) {
    const item = step.ruleSet === 'nr7_anexo_ii' ? nr7Item : PORTARIA19_ITEM[nr7Item];
    const what = c.desencadeamento === true ? 'sugestivo de desencadeamento de PAINPSE' : 'sugestivo de agravamento da PAINPSE';
    return `${when}: ${what} ${ref} (${citeRuleSet(step.ruleSet)}, item ${item}, critério ${criteria}).`;
  }
  if (c.desencadeamento === null || c.agravamento === null) {
    return `${when}: comparação ${ref} indeterminada por frequência não medida ou sem resposta.`;
  }
  return undefined;
}

/** Builds the exam-based evolution of a worker (spec §3) from the real 5.3/5.4 rules (any order in). */
export function buildExamEvolution(input: readonly AudiometricExam[]): ExamEvolution {
  const walk = walkReferenceHistory(input);
  const first = walk.exams[0];
  const last = walk.exams[walk.exams.length - 1];
  const alerts: string[] = [];
  let worsening = false;
  for (const step of walk.steps) {
    for (const side of ['right', 'left'] as const) {
      const text = earAlert(step, side, step.comparison[side]);
      if (text) alerts.push(text);
    }
    if (step.comparison.desencadeamento === true || step.comparison.agravamento === true) worsening = true;
  }
  if (worsening) alerts.push(DIAGNOSIS_NOTICE);
  const multiple = walk.exams.length >= 2;
  return {
    hasMultipleExams: multiple,
    message: multiple ? `Análise de evolução com ${walk.exams.length} exames.` : INSUFFICIENT_EXAMS_MESSAGE,
    totalExams: walk.exams.length,
    exams: walk.exams.map((e) => ({ date: e.date, ptaRightEar: pta3(e.right), ptaLeftEar: pta3(e.left) })),
    firstExamDate: first?.date ?? null,
    lastExamDate: last?.date ?? null,
    monitoringPeriodDays: first && last ? daysBetween(first.date, last.date) : 0,
    hasWorseningPortaria19: worsening,
    alerts,
    rulesVersion: RULES_VERSION,
  };
}
