import type { AudiometricExam, EarAudiogram } from '../audiogram/audiogram';
import { round2 } from '../analysis/round';
import { hasRecoveryAt8k, isAsymmetric } from '../rules/clinical-pattern';
import { mean346, mean346Bound } from '../rules/degree/pure-tone-average';
import { lossTypeOf } from '../rules/loss-type';
import { assessNexoCausal } from '../rules/nexo-causal/assess-nexo-causal';
import type { AudiogramPattern } from '../rules/nexo-causal/nexo-causal-table';
import { classifyNr7Ear } from '../rules/nr7/classify-nr7-ear';
import { compareWithReference, type EarComparison } from '../rules/nr7/compare-with-reference';
import { walkReferenceHistory } from '../rules/nr7/reference-history';
import { ruleSetOn } from '../rules/nr7/rule-set';
import type { ComparisonFacts, EarComparisonFacts, NexoAnswersInput, NexoFactsOfReport } from './report-facts-types';

type Confirmed = { readonly right?: boolean; readonly left?: boolean };

function earComparison(c: EarComparison, referenceEar: EarAudiogram, confirmed: boolean | undefined): EarComparisonFacts {
  return {
    referenceClass: c.referenceClassification,
    referenceMean346: round2(mean346(referenceEar)),
    referenceMean346Bound: mean346Bound(referenceEar) ?? null,
    deltaMean346: round2(c.deltaMean346),
    deltaMean346Bound: c.deltaMean346Bound ?? null,
    deltaMean0512: round2(c.deltaMean0512),
    deltaMean0512Bound: c.deltaMean0512Bound ?? null,
    maxShift346: round2(c.maxShift346),
    maxShift346Bound: c.maxShift346Bound ?? null,
    maxShiftAny: round2(c.maxShiftAny),
    maxShiftAnyBound: c.maxShiftAnyBound ?? null,
    desencadeamento: c.desencadeamento,
    agravamento: c.agravamento,
    item: c.desencadeamento === true ? c.desencadeamentoItem : c.agravamento === true ? '5.4' : null,
    criteria: c.criteria,
    confirmedByProfessional: confirmed !== undefined,
  };
}

/**
 * The last exam of `ordered` (date order) against the reference in force after the earlier ones
 * (NR-7 Anexo II 5.5.1; Portaria 19 4.2.4; a designated reference, I12 — as walkReferenceHistory
 * applies them), with the physician's per-ear confirmation for 5.4. null when the last exam is not a
 * sequential exam (it is the reference, or has no thresholds).
 */
export function comparisonFacts(ordered: readonly AudiometricExam[], confirmed: Confirmed): ComparisonFacts | null {
  const walk = walkReferenceHistory(ordered);
  const last = walk.entries[walk.entries.length - 1];
  const step = last?.step;
  if (!step) return null;
  const current = last.exam;
  const reference = step.reference;
  const c = compareWithReference(reference, current, confirmed);
  const triggered = c.desencadeamento === true || c.agravamento === true;
  const nr7 = ruleSetOn(current.date) === 'nr7_anexo_ii';
  const before = walk.entries[walk.entries.length - 2];
  const pending = before?.step?.newReferenceExamRequired === true && before.referenceAfter === reference;
  return {
    referenceDate: reference.date,
    referenceBasis: step.referenceBasis,
    referenceDesignationReason: reference.designatedReference?.reason ?? null,
    right: earComparison(c.right, reference.right, confirmed.right),
    left: earComparison(c.left, reference.left, confirmed.left),
    desencadeamento: c.desencadeamento,
    agravamento: c.agravamento,
    newReferenceDate: pending || (triggered && nr7) ? current.date : reference.date,
    newReferenceExamRequired: !pending && triggered && !nr7,
  };
}

/**
 * Nexo-causal suggestion (docs/clinical-rules.md §5 table) for the last exam of `ordered`. The
 * audiogram pattern uses the same comparison as the laudo, so a "já confirmado" also drives it.
 */
export function nexoFacts(answers: NexoAnswersInput, ordered: readonly AudiometricExam[], comparison: ComparisonFacts | null): NexoFactsOfReport {
  const last = ordered[ordered.length - 1];
  const pattern: AudiogramPattern = {
    classification: { right: classifyNr7Ear(last.right), left: classifyNr7Ear(last.left) },
    desencadeamento: comparison ? comparison.desencadeamento : false,
    agravamento: comparison ? comparison.agravamento : false,
    asymmetric: isAsymmetric(last.right, last.left),
    recovery8k: { right: hasRecoveryAt8k(last.right), left: hasRecoveryAt8k(last.left) },
    lossType: { right: lossTypeOf(last.right), left: lossTypeOf(last.left) },
  };
  const a = assessNexoCausal(
    {
      pausaRuido: answers.repousoAuditivo14h,
      volumeAlto: answers.trabalhouExpostoRuido,
      tempoExposicao: answers.tempoExposicaoAnos,
      funcaoRuidosa: answers.funcaoRuidosa,
      usoEPI: answers.usoEPI,
    },
    pattern,
  );
  return { level: a.classificacao, rule: a.regra, grounds: a.fundamentos, frame: a.moldura, checklist: a.checklistCfm, answers };
}
