import type { Nr7Classification } from '../rules/nr7/classify-nr7-ear';

/**
 * The audiometry of an S-2220 event (issue 21, docs/esocial.md §2): `procRealizado` 0281 (Tabela 27,
 * audiometria tonal ocupacional) with `ordExame` and `indResult` (leiaute S-1.3, evtMonit.xsd).
 */
export const AUDIOMETRY_PROCEDURE_CODE = '0281';

/** ordExame: 1 inicial (the reference exam), 2 sequencial. */
export type OrdExame = 1 | 2;
/** indResult: 1 normal, 2 alterado, 3 estável, 4 agravamento. */
export type IndResult = 1 | 2 | 3 | 4;

export const IND_RESULT_LABELS: Record<IndResult, string> = { 1: 'Normal', 2: 'Alterado', 3: 'Estável', 4: 'Agravamento' };
export const ORD_EXAME_LABELS: Record<OrdExame, string> = { 1: 'Inicial (referência)', 2: 'Sequencial' };

/** What the mapping reads of an exam's stored classification (the rules engine's output, clinical-rules §10). */
export interface AudiometryFacts {
  /** The exam's role in the worker's history (reference walk, NR-7 Anexo II 5.5 / 5.5.1, Portaria 19 4.2.4). */
  role: 'referencia' | 'sequencial' | 'sem_limiares';
  classificationRight: Nr7Classification | null;
  classificationLeft: Nr7Classification | null;
  /** Worker flags of the comparison with the reference in force (OR of the ears, three-valued); null for a reference exam. */
  desencadeamento: boolean | null;
  agravamento: boolean | null;
  /** Date of the reference exam it was compared with (sequential exams). */
  referenceDate: string | null;
  missingRight: readonly number[];
  missingLeft: readonly number[];
}

export interface EsocialAudiometry {
  ordExame: OrdExame;
  /** null = undetermined (never guessed): the event leaves `indResult` out (the leiaute allows it; docs/esocial.md §2.3). */
  indResult: IndResult | null;
  /** pt-BR reasons, with the NR-7 items, shown beside the result. */
  reasons: string[];
}

const CLASS_TEXT: Record<Nr7Classification, string> = {
  aceitavel: 'dentro dos limites aceitáveis (NR-7 Anexo II item 5.1)',
  sugestivo_painpse: 'sugestiva de PAINPSE (item 5.2)',
  nao_sugestivo: 'alterada, não sugestiva de PAINPSE (item 5.2.1)',
};

const isAltered = (c: Nr7Classification | null) => c === 'sugestivo_painpse' || c === 'nao_sugestivo';
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * ordExame and indResult of an audiometry, from the NR-7 classification of its ears and its comparison
 * with the reference exam in force (docs/esocial.md §2, with the reasons and citations):
 * - reference exam (ordExame 1): any ear altered (sugestivo or não sugestivo, items 5.2 / 5.2.1) → 2
 *   alterado; both ears within limits (5.1) → 1 normal; an ear without thresholds → undetermined;
 * - sequential exam (ordExame 2): desencadeamento (5.3 / 5.3.1) or agravamento (5.4) in either ear → 4
 *   agravamento; a criterion undetermined for a missing threshold (and none met) → undetermined;
 *   neither, with an ear altered → 3 estável; neither, both ears within limits → 1 normal.
 * Missing frequencies do not change the classification (item 5.1 reads "frequências examinadas"), but
 * are listed among the reasons. Undefined for an exam without thresholds (no audiometry to inform).
 */
export function esocialAudiometry(f: AudiometryFacts): EsocialAudiometry | undefined {
  if (f.role === 'sem_limiares') return undefined;
  const reasons: string[] = [];
  const ears: Array<[string, Nr7Classification | null]> = [['Orelha direita', f.classificationRight], ['Orelha esquerda', f.classificationLeft]];
  const earReasons = () => {
    for (const [ear, c] of ears) reasons.push(c ? `${ear} ${CLASS_TEXT[c]}.` : `${ear} sem limiares neste exame.`);
  };
  const missing = [...f.missingRight.map((hz) => `${hz} Hz (OD)`), ...f.missingLeft.map((hz) => `${hz} Hz (OE)`)];
  const missingNote = () => {
    if (missing.length) reasons.push(`Exame incompleto: faltam ${missing.join(', ')}; a classificação considera as frequências examinadas (item 5.1).`);
  };
  const anyAltered = isAltered(f.classificationRight) || isAltered(f.classificationLeft);
  const anyUntested = f.classificationRight === null || f.classificationLeft === null;

  if (f.role === 'referencia') {
    reasons.push('Exame de referência (NR-7 Anexo II item 4.3.1): ordExame 1 — inicial.');
    earReasons();
    missingNote();
    if (anyAltered) {
      reasons.push('Exame de referência com orelha alterada: indResult 2 — alterado.');
      return { ordExame: 1, indResult: 2, reasons };
    }
    if (anyUntested) {
      reasons.push('Uma orelha sem limiares: o resultado não é indicado (indResult omitido no evento).');
      return { ordExame: 1, indResult: null, reasons };
    }
    reasons.push('Exame de referência dentro dos limites aceitáveis nas duas orelhas: indResult 1 — normal.');
    return { ordExame: 1, indResult: 1, reasons };
  }

  const against = f.referenceDate ? ` de ${br(f.referenceDate)}` : '';
  reasons.push(`Exame sequencial, comparado com o exame de referência${against} (item 5.5): ordExame 2 — sequencial.`);
  earReasons();
  missingNote();
  if (f.desencadeamento === true || f.agravamento === true) {
    const what = [f.desencadeamento === true ? 'desencadeamento (item 5.3)' : null, f.agravamento === true ? 'agravamento (item 5.4)' : null].filter(Boolean).join(' e ');
    reasons.push(`Sugestivo de ${what} de PAINPSE em relação à referência: indResult 4 — agravamento.`);
    return { ordExame: 2, indResult: 4, reasons };
  }
  if (f.desencadeamento === null || f.agravamento === null || anyUntested) {
    reasons.push('Comparação com a referência indeterminada por falta de limiar necessário: o resultado não é indicado (indResult omitido no evento). Complete o exame para indicá-lo.');
    return { ordExame: 2, indResult: null, reasons };
  }
  if (anyAltered) {
    reasons.push('Sem desencadeamento nem agravamento em relação à referência, com limiares alterados: indResult 3 — estável.');
    return { ordExame: 2, indResult: 3, reasons };
  }
  reasons.push('Sem desencadeamento nem agravamento, dentro dos limites aceitáveis nas duas orelhas: indResult 1 — normal.');
  return { ordExame: 2, indResult: 1, reasons };
}

const CLASSES: readonly string[] = ['aceitavel', 'sugestivo_painpse', 'nao_sugestivo'];
const classOf = (v: unknown): Nr7Classification | null => (typeof v === 'string' && CLASSES.includes(v) ? (v as Nr7Classification) : null);
const flag = (v: unknown): boolean | null => (v === true ? true : v === false ? false : null);
const hzList = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The facts of an exam's stored classification document (exam.classification, classifyHistory's output). */
export function audiometryFactsOf(classification: Record<string, unknown>): AudiometryFacts {
  const role = classification.exam_role === 'referencia' || classification.exam_role === 'sequencial' ? classification.exam_role : 'sem_limiares';
  return {
    role,
    classificationRight: classOf(classification.classification_right),
    classificationLeft: classOf(classification.classification_left),
    desencadeamento: role === 'sequencial' ? flag(classification.desencadeamento) : null,
    agravamento: role === 'sequencial' ? flag(classification.agravamento) : null,
    referenceDate: role === 'sequencial' && typeof classification.reference_date === 'string' ? classification.reference_date : null,
    missingRight: hzList(classification.missing_mandatory_frequencies_right),
    missingLeft: hzList(classification.missing_mandatory_frequencies_left),
  };
}
