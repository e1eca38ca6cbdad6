import type { AudiometricExam, Ear, WorkerSex } from '../audiogram/audiogram';
import { summarizeStep } from '../analysis/comparison-summary';
import { DIAGNOSIS_NOTICE } from '../analysis/exam-evolution';
import { summarizeExam } from '../analysis/exam-summary';
import { toAudiometricExam, type Exam } from '../exams/exam';
import { formatDateBr } from '../rules/nr7/calendar';
import type { EarComparison } from '../rules/nr7/compare-with-reference';
import { walkReferenceHistory, type SequenceStep } from '../rules/nr7/reference-history';
import { citeRuleSet } from '../rules/nr7/rule-set';
import { RULES_VERSION } from '../rules/rules-version';

type ClassifiableExam = Pick<Exam, 'date' | 'right' | 'left' | 'acousticRestHours' | 'calibrationDate' | 'createdAt' | 'referenceDesignation'>;

const EAR_NAME: Record<Ear, string> = { right: 'orelha direita', left: 'orelha esquerda' };
const PORTARIA19_ITEM: Record<string, string> = { '5.3': '4.2.1', '5.3.1': '4.2.2', '5.4': '4.2.3' };

/** Same text as `buildExamEvolution`'s alert for one ear of one step (core/src/analysis/exam-evolution.ts). */
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

/**
 * The stored classification of every exam of one worker — the very output of
 * `classifyPatientExams` (same order, same documents), computed in one walk over the history
 * instead of one `analyzeHistory` per prefix (O(n) instead of O(n²)), for bulk imports.
 * The reference walk is a left fold, so the prefix of exam k is the first k-1 steps of the whole
 * walk; `tests/cli/import-classification.test.ts` checks the equality on random histories.
 * Returns the classification as JSON text (what is stored) next to each exam.
 */
export function classifyHistoryForImport<E extends ClassifiableExam>(exams: readonly E[], patient: { sex?: WorkerSex }): Array<{ exam: E; classificationJson: string; rulesVersion: string }> {
  const ordered = [...exams].sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
  const audiometric: AudiometricExam[] = ordered.map((e) => toAudiometricExam(e));
  const walk = walkReferenceHistory(audiometric);
  const out: Array<{ exam: E; classificationJson: string; rulesVersion: string }> = [];
  const stepAlerts: string[][] = [];
  let anyTrigger = false;
  // The document is {rules_version, …exam summary, role, …step summary (without sequential_date), alerts}:
  // serialised part by part (no 60-key object spread per exam — that dominated the bulk import).
  const head = `{"rules_version":${JSON.stringify(RULES_VERSION)},`;
  for (let k = 0; k < ordered.length; k++) {
    const entry = walk.entries[k];
    const current = entry.exam;
    const examJson = JSON.stringify(summarizeExam(current));
    let roleJson: string;
    let stepJson = '';
    const alerts: string[] = [];
    if (entry.step) {
      roleJson = `"exam_role":"sequencial"`;
      const step = entry.step;
      const summary = summarizeStep(step, current, patient.sex);
      summary.sequential_date = undefined;
      stepJson = JSON.stringify(summary);
      const own: string[] = [];
      for (const side of ['right', 'left'] as const) {
        const text = earAlert(step, side, step.comparison[side]);
        if (text) own.push(text);
      }
      stepAlerts.push(own);
      if (step.comparison.desencadeamento === true || step.comparison.agravamento === true) anyTrigger = true;
    } else {
      roleJson = JSON.stringify({
        exam_role: entry.role,
        reference_basis: entry.referenceBasis,
        reference_designation_reason: entry.role === 'referencia' ? current.designatedReference?.reason : undefined,
        new_reference_date: entry.referenceAfter?.date,
        new_reference_exam_id: entry.referenceAfter?.id,
        new_reference_basis: entry.referenceBasisAfter,
      }).slice(1, -1);
    }
    if (k > 0) {
      const prefix = `Exame de ${formatDateBr(current.date)}`;
      for (const list of stepAlerts) for (const a of list) if (a.startsWith(prefix)) alerts.push(a);
      const own = entry.step?.comparison;
      if (anyTrigger && own && (own.desencadeamento === true || own.agravamento === true)) alerts.push(DIAGNOSIS_NOTICE);
    }
    const body = `${head}${examJson.slice(1, -1)},${roleJson}${stepJson.length > 2 ? `,${stepJson.slice(1, -1)}` : ''},"alerts":${alerts.length ? JSON.stringify(alerts) : '[]'}}`;
    out.push({ exam: ordered[k], classificationJson: body, rulesVersion: RULES_VERSION });
  }
  return out;
}
