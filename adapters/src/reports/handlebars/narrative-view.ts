import {
  EAR_LABEL, formatDateBr, formatDb, formatHz, joinPt, NEXO_LEVEL_LABEL, NR7_CLASS_LABEL, PAIRO_LABEL,
  type EarComparisonFacts, type EarFacts, type ReportFacts, type Side, type ThresholdPoint,
} from '../../../../core/src';
import { formatBoundDb, formatBoundDelta } from './laudo-format';

/** Pre-formatted pt-BR pieces the narrative templates print (every number from the facts). */
export interface EarView {
  readonly label: string;
  readonly Label: string;
  readonly classText: string;
  readonly reason: string;
  readonly mean346: string;
  readonly pta3: string;
  readonly comparison: string | null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function classText(e: EarFacts): string {
  if (e.nr7Class === null) return 'classificação NR-7 indeterminada (frequência sem resposta ou não medida)';
  const label = NR7_CLASS_LABEL[e.nr7Class];
  const grade = e.nr7Class === 'sugestivo_painpse' && e.pairoGrade ? `, ${PAIRO_LABEL[e.pairoGrade]}` : '';
  return `${e.nr7Class === 'aceitavel' ? 'limiares auditivos ' : 'audiograma '}${label}${grade} (NR-7, Anexo II, item ${e.nr7Item})`;
}

/** The value the rules use: the threshold, or L + 5 for a no-response at L (clinical-rules I11). */
const lowerBound = (p: ThresholdPoint) => (p.value === null ? -1 : p.noResponse ? p.value + 5 : p.value);

function reason(e: EarFacts): string {
  const measured = e.air.filter((p) => p.value !== null);
  if (e.nr7Class === 'aceitavel') return 'todos os limiares auditivos testados menores ou iguais a 25 dB NA';
  if (e.nr7Class === 'sugestivo_painpse') {
    const notch = measured.filter((p) => [3000, 4000, 6000].includes(p.frequency));
    const worst = notch.reduce((a, b) => (lowerBound(b) > lowerBound(a) ? b : a), notch[0]);
    if (!worst) return 'limiares em 3.000, 4.000 ou 6.000 Hz acima de 25 dB NA e mais elevados do que nas demais frequências testadas';
    const at = `em ${formatHz(worst.frequency)} Hz`;
    const level = worst.noResponse ? `ausência de resposta a ${formatDb(worst.value, 0)} dB NA ${at} (limiar ≥ ${formatDb(lowerBound(worst), 0)} dB NA)` : `limiar de ${formatDb(worst.value, 0)} dB NA ${at}`;
    return `${level}, acima de 25 dB NA e mais elevado do que nas demais frequências testadas`;
  }
  if (e.nr7Class === 'nao_sugestivo') return 'limiares acima de 25 dB NA sem o padrão descrito no item 5.2 (elevação predominante em 3.000, 4.000 ou 6.000 Hz)';
  return 'não foi possível decidir a classificação com os limiares registrados';
}

function comparisonText(side: Side, c: EarComparisonFacts, referenceDate: string): string {
  const ear = cap(EAR_LABEL[side]);
  const ref = formatDateBr(referenceDate);
  const numbers = `diferença entre as médias em 3.000, 4.000 e 6.000 Hz de ${formatBoundDelta(c.deltaMean346, c.deltaMean346Bound)} dB e maior piora isolada em 3.000, 4.000 ou 6.000 Hz de ${formatBoundDelta(c.maxShift346, c.maxShift346Bound)} dB`;
  const criteria = c.criteria.length ? `, critério ${joinPt(c.criteria)}` : '';
  if (c.desencadeamento === true) return `${ear}: sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de ${ref} (NR-7, Anexo II, item ${c.item}${criteria}); ${numbers}.`;
  if (c.agravamento === true) {
    return `${ear}: sugestivo de agravamento da PAINPSE em relação ao exame de referência de ${ref} (NR-7, Anexo II, item 5.4${criteria}); diferença entre as médias em 500, 1.000 e 2.000 Hz de ${formatBoundDelta(c.deltaMean0512, c.deltaMean0512Bound)} dB e ${numbers.replace('diferença', 'entre as médias')}.`;
  }
  if (c.desencadeamento === null || c.agravamento === null) return `${ear}: comparação com o exame de referência de ${ref} indeterminada (frequência sem resposta ou não medida).`;
  const item10 = c.referenceClass === 'nao_sugestivo' ? ' Referência com alteração não sugestiva de PAINPSE: conduta conforme o item 10 da NR-7, Anexo II.' : '';
  return `${ear}: sem desencadeamento ou agravamento em relação ao exame de referência de ${ref}; ${numbers}.${item10}`;
}

function earView(facts: ReportFacts, side: Side): EarView {
  const e = facts.ears[side];
  const c = facts.comparison;
  return {
    label: EAR_LABEL[side],
    Label: cap(EAR_LABEL[side]),
    classText: classText(e),
    reason: reason(e),
    mean346: formatBoundDb(e.mean346, e.mean346Bound),
    pta3: formatBoundDb(e.pta3, e.pta3Bound),
    comparison: c ? comparisonText(side, c[side], c.referenceDate) : null,
  };
}

function recommendations(facts: ReportFacts): string[] {
  const out: string[] = [];
  const classes = [facts.ears.right.nr7Class, facts.ears.left.nr7Class];
  const c = facts.comparison;
  const triggered = c !== null && (c.desencadeamento === true || c.agravamento === true);
  if (classes.includes('sugestivo_painpse') || triggered) {
    out.push('Encaminhar ao médico do trabalho responsável pelo PCMSO para o diagnóstico conclusivo e a definição da aptidão para a função (NR-7, Anexo II, itens 6 e 9 a).');
    out.push('Incluir o caso no Relatório Analítico do PCMSO (NR-7, Anexo II, item 9 b).');
    out.push('Reforçar o programa de conservação auditiva, com orientação sobre o uso correto do protetor auditivo (NR-7, Anexo II, item 9 c).');
    out.push('Disponibilizar ao empregado cópia dos exames audiométricos (NR-7, Anexo II, item 9 d).');
  }
  if (classes.includes('nao_sugestivo')) {
    out.push('Verificar a possibilidade de outros agravos ao sistema auditivo e encaminhar para avaliação especializada (NR-7, Anexo II, item 10).');
  }
  if (c && triggered && !c.newReferenceExamRequired && c.newReferenceDate === facts.exam.date) {
    out.push(`O exame de ${formatDateBr(facts.exam.date)} passa a ser o exame de referência para as próximas comparações (NR-7, Anexo II, item 5.5.1).`);
  }
  if (c?.newReferenceExamRequired) out.push('Realizar novo exame audiométrico nas condições do exame de referência (Portaria 19/98, item 4.2.4).');
  if (facts.validity.restSource !== 'none' && !facts.validity.restOk) out.push('Repetir o exame após repouso auditivo mínimo de 14 horas (NR-7, Anexo II, item 3.4).');
  if (facts.missing.length) out.push('Completar os dados críticos faltantes antes de validar o laudo.');
  if (!out.length || classes.every((k) => k === 'aceitavel')) {
    out.push('Manter o monitoramento audiométrico conforme a periodicidade da NR-7, Anexo II, item 4, e as medidas de proteção auditiva.');
  }
  return out;
}

/** What the interpretation says instead of a comparison when the exam is not a sequential one (no user text: the designation reason is printed apart). */
function referenceSentence(facts: ReportFacts): string | null {
  if (facts.comparison) return null;
  if (facts.exam.withoutThresholds) return 'Exame sem limiares de via aérea registrados: não é classificado nem comparado e não serve de exame de referência (NR-7, Anexo II, item 4.3.1).';
  if (facts.exam.referenceBasis === 'designado') return 'Este exame foi designado pelo profissional como exame de referência para as próximas comparações, com o motivo registrado no laudo.';
  return 'Este é o primeiro exame com limiares registrado do trabalhador e constitui o exame de referência (NR-7, Anexo II, item 4.3.1 a).';
}

/** The view the narrative templates receive. */
export function narrativeView(facts: ReportFacts) {
  const c = facts.comparison;
  const nexo = facts.nexo;
  const triggered = c !== null && (c.desencadeamento === true || c.agravamento === true);
  const triggerWord = c?.agravamento === true ? 'agravamento da PAINPSE' : 'desencadeamento de PAINPSE';
  return {
    isNexoType: facts.audiometryType === 'nexo-causal',
    examDate: formatDateBr(facts.exam.date),
    referenceSentence: referenceSentence(facts),
    referenceDate: c ? formatDateBr(c.referenceDate) : null,
    right: earView(facts, 'right'),
    left: earView(facts, 'left'),
    triggerSentence: triggered ? `Sugestivo de ${triggerWord} em relação ao exame de referência de ${formatDateBr(c.referenceDate)}.` : null,
    findings: facts.validity.findings.map((f) => f.message),
    missingCount: facts.missing.length,
    nexo: nexo && {
      levelLabel: NEXO_LEVEL_LABEL[nexo.level],
      rule: nexo.rule,
      grounds: nexo.grounds,
      frame: nexo.frame,
    },
    recommendations: recommendations(facts),
  };
}

export type NarrativeView = ReturnType<typeof narrativeView>;
