import type { AudiometricExam, Ear } from '../audiogram/audiogram';
import type { DbBound } from '../rules/bounds';
import { mean346, mean346Bound, pta3 } from '../rules/degree/pure-tone-average';
import { daysBetween, formatDateBr } from '../rules/nr7/calendar';
import type { EarComparison } from '../rules/nr7/compare-with-reference';
import { walkReferenceHistory, type ExamRole, type SequenceStep } from '../rules/nr7/reference-history';
import { citeRuleSet, type RuleSet } from '../rules/nr7/rule-set';
import { RULES_VERSION } from '../rules/rules-version';

export interface EvolutionExam {
  readonly id?: string;
  readonly date: string;
  readonly role: ExamRole;
  readonly ptaRightEar: number | null;
  readonly ptaLeftEar: number | null;
  readonly mean346RightEar: number | null;
  readonly mean346LeftEar: number | null;
  readonly mean346RightBound: DbBound | null;
  readonly mean346LeftBound: DbBound | null;
}

/** One desencadeamento or agravamento found in the history, with the two exam dates (pt-BR title). */
export interface EvolutionEvent {
  readonly kind: 'desencadeamento' | 'agravamento';
  readonly ears: readonly Ear[];
  readonly examDate: string;
  readonly referenceDate: string;
  /** e.g. "Agravamento sugestivo de PAINPSE em 10/03/2026 (orelha direita), em relação ao exame de referência de 11/03/2025". */
  readonly title: string;
}

/** Spec §3 "Evolution response, exam-based", computed from the NR-7 rules (plus rulesVersion). */
export interface ExamEvolution {
  readonly hasMultipleExams: boolean;
  readonly message: string;
  readonly totalExams: number;
  /**
   * Per exam, in date order: PTA3 (500/1k/2k, spec §9) and the 3–6 kHz mean (NR-7 item 5.3 a) per
   * ear in dB HL, unrounded, null when not computable; a mean with a no-response is a lower bound
   * ('min', I11). `role`: referencia, sequencial or sem_limiares (no thresholds, never a reference).
   */
  readonly exams: readonly EvolutionExam[];
  /** The comparisons that triggered, titled by what happened (for the alert's heading). */
  readonly events: readonly EvolutionEvent[];
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

/**
 * The pt-BR alerts of one comparison (a triggering or indeterminate ear each), right ear first — the
 * texts of the evolution and of each exam's stored classification (core/src/analysis/classify-history.ts).
 */
export function stepAlerts(step: SequenceStep): string[] {
  const out: string[] = [];
  for (const side of ['right', 'left'] as const) {
    const text = earAlert(step, side, step.comparison[side]);
    if (text) out.push(text);
  }
  return out;
}

function earAlert(step: SequenceStep, side: Ear, c: EarComparison): string | undefined {
  return earAlertText({
    examDate: step.comparison.sequentialDate, referenceDate: step.comparison.referenceDate, ruleSet: step.ruleSet, ear: side,
    item: c.desencadeamento === true ? c.desencadeamentoItem : c.agravamento === true ? '5.4' : null,
    indeterminate: c.desencadeamento === null || c.agravamento === null, criteria: c.criteria,
  });
}

/** What one ear's alert says (the stored compact form of a comparison keeps exactly this, ADR 0025). */
export interface EarAlertFacts {
  readonly examDate: string;
  readonly referenceDate: string;
  readonly ruleSet: RuleSet;
  readonly ear: Ear;
  /** The NR-7 item that triggered ('5.3', '5.3.1' desencadeamento; '5.4' agravamento); null when none did. */
  readonly item: '5.3' | '5.3.1' | '5.4' | null;
  /** The comparison could not be decided (a frequency not measured or without response). */
  readonly indeterminate: boolean;
  readonly criteria: readonly string[];
}

/** THE pt-BR text of one ear's alert: a triggering item, or an indeterminate comparison; undefined otherwise. */
export function earAlertText(f: EarAlertFacts): string | undefined {
  const when = `Exame de ${formatDateBr(f.examDate)}, ${EAR_NAME[f.ear]}`;
  const ref = `em relação ao exame de referência de ${formatDateBr(f.referenceDate)}`;
  if (f.item) {
    const item = f.ruleSet === 'nr7_anexo_ii' ? f.item : PORTARIA19_ITEM[f.item];
    const what = f.item === '5.4' ? 'sugestivo de agravamento da PAINPSE' : 'sugestivo de desencadeamento de PAINPSE';
    return `${when}: ${what} ${ref} (${citeRuleSet(f.ruleSet)}, item ${item}, critério ${f.criteria.join('/')}).`;
  }
  if (f.indeterminate) return `${when}: comparação ${ref} indeterminada por frequência não medida ou sem resposta.`;
  return undefined;
}

/** Builds the exam-based evolution of a worker (spec §3) from the real 5.3/5.4 rules (any order in). */
export function buildExamEvolution(input: readonly AudiometricExam[]): ExamEvolution {
  const walk = walkReferenceHistory(input);
  const first = walk.exams[0];
  const last = walk.exams[walk.exams.length - 1];
  const alerts: string[] = [];
  const events: EvolutionEvent[] = [];
  let worsening = false;
  for (const step of walk.steps) {
    alerts.push(...stepAlerts(step));
    if (step.comparison.desencadeamento === true || step.comparison.agravamento === true) worsening = true;
    for (const kind of ['desencadeamento', 'agravamento'] as const) {
      const ears = (['right', 'left'] as const).filter((side) => step.comparison[side][kind] === true);
      if (!ears.length) continue;
      const what = kind === 'desencadeamento' ? 'Desencadeamento sugestivo de PAINPSE' : 'Agravamento sugestivo da PAINPSE';
      const where = ears.length === 2 ? 'ambas as orelhas' : EAR_NAME[ears[0]];
      events.push({
        kind, ears, examDate: step.comparison.sequentialDate, referenceDate: step.comparison.referenceDate,
        title: `${what} em ${formatDateBr(step.comparison.sequentialDate)} (${where}), em relação ao exame de referência de ${formatDateBr(step.comparison.referenceDate)}`,
      });
    }
  }
  if (worsening) alerts.push(DIAGNOSIS_NOTICE);
  const multiple = walk.exams.length >= 2;
  return {
    hasMultipleExams: multiple,
    message: multiple ? `Análise de evolução com ${walk.exams.length} exames.` : INSUFFICIENT_EXAMS_MESSAGE,
    totalExams: walk.exams.length,
    exams: walk.entries.map(({ exam: e, role }) => ({
      ...(e.id ? { id: e.id } : {}),
      date: e.date,
      role,
      ptaRightEar: pta3(e.right),
      ptaLeftEar: pta3(e.left),
      mean346RightEar: mean346(e.right),
      mean346LeftEar: mean346(e.left),
      mean346RightBound: mean346Bound(e.right) ?? null,
      mean346LeftBound: mean346Bound(e.left) ?? null,
    })),
    events,
    firstExamDate: first?.date ?? null,
    lastExamDate: last?.date ?? null,
    monitoringPeriodDays: first && last ? daysBetween(first.date, last.date) : 0,
    hasWorseningPortaria19: worsening,
    alerts,
    rulesVersion: RULES_VERSION,
  };
}
