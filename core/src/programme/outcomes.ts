import { EXAM_TYPES, type ExamType } from '../exams/exam-type';

/**
 * The result of one audiometry for the programme's statistics (issue 19): the worse ear by NR-7 Anexo II
 * item 5 — *sugestivo de PAINPSE* (5.2) over *não sugestivo* (5.2.1, an alteration of another kind) over
 * *dentro dos limites aceitáveis* (5.1, both ears); null when the exam has no classification (no air
 * thresholds). `desencadeamento`/`agravamento` are the worker flags of the comparison with the reference
 * (items 5.3, 5.4); null (undetermined) counts as not shown.
 */
export const EXAM_RESULTS = ['dentro_limites', 'sugestivo', 'nao_sugestivo'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];

export const EXAM_RESULT_LABELS: Record<ExamResult, string> = {
  dentro_limites: 'Dentro dos limites aceitáveis',
  sugestivo: 'Sugestivo de PAINPSE',
  nao_sugestivo: 'Não sugestivo de PAINPSE',
};

export interface ExamOutcome {
  patientId: string;
  /** ISO YYYY-MM-DD. */
  date: string;
  examType: ExamType | null;
  result: ExamResult | null;
  desencadeamento: boolean;
  agravamento: boolean;
}

/** The result of an exam from its stored classification document (keys of the `limiar analyze` output). */
export function resultOf(classification: Record<string, unknown>): Pick<ExamOutcome, 'result' | 'desencadeamento' | 'agravamento'> {
  const ears = [classification.classification_right, classification.classification_left];
  const result: ExamResult | null = ears.includes('sugestivo_painpse') ? 'sugestivo'
    : ears.includes('nao_sugestivo') ? 'nao_sugestivo'
    : ears.includes('aceitavel') ? 'dentro_limites' : null;
  return { result, desencadeamento: classification.desencadeamento === true, agravamento: classification.agravamento === true };
}

/** Worker-level figures of a window: each worker examined counts once. */
export interface Prevalence {
  /** Workers with at least one audiometry in the window. */
  workersExamined: number;
  /** Workers whose latest audiometry in the window is sugestivo de PAINPSE. */
  sugestivo: number;
  /** Workers with at least one audiometry in the window showing desencadeamento. */
  desencadeamento: number;
  /** … showing agravamento. */
  agravamento: number;
}

const inWindow = (o: ExamOutcome, from: string, to: string) => o.date >= from && o.date <= to;

/** Prevalence among the workers examined between `from` and `to` (ISO dates, inclusive). */
export function prevalence(outcomes: readonly ExamOutcome[], from: string, to: string): Prevalence {
  const latest = new Map<string, ExamOutcome>();
  const triggered = new Set<string>();
  const worsened = new Set<string>();
  for (const o of outcomes) {
    if (!inWindow(o, from, to)) continue;
    const seen = latest.get(o.patientId);
    if (!seen || o.date > seen.date) latest.set(o.patientId, o);
    if (o.desencadeamento) triggered.add(o.patientId);
    if (o.agravamento) worsened.add(o.patientId);
  }
  let sugestivo = 0;
  for (const o of latest.values()) if (o.result === 'sugestivo') sugestivo++;
  return { workersExamined: latest.size, sugestivo, desencadeamento: triggered.size, agravamento: worsened.size };
}

/** Share in % with one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** Prevalence per calendar year, oldest first, for each year from `fromYear` to `toYear`. */
export function prevalenceByYear(outcomes: readonly ExamOutcome[], fromYear: number, toYear: number): Array<Prevalence & { year: number }> {
  const out: Array<Prevalence & { year: number }> = [];
  for (let y = fromYear; y <= toYear; y++) out.push({ year: y, ...prevalence(outcomes, `${y}-01-01`, `${y}-12-31`) });
  return out;
}

/**
 * The audiometry part of the NR-7 item 7.6.2 analytical report for a period: counts of audiometries by
 * exam type and by result, desencadeamentos and agravamentos (exams and workers), and the workers to
 * refer for specialised evaluation — those with an alteration not suggestive of PAINPSE (Anexo II item 10 b).
 */
export interface ReportFigures {
  audiometries: number;
  workersExamined: number;
  byType: Record<ExamType | 'nao_informado', number>;
  byResult: Record<ExamResult | 'sem_classificacao', number>;
  desencadeamentoExams: number;
  agravamentoExams: number;
  desencadeamentoWorkers: number;
  agravamentoWorkers: number;
  referredWorkers: number;
}

export function reportFigures(outcomes: readonly ExamOutcome[], from: string, to: string): ReportFigures {
  const byType = Object.fromEntries([...EXAM_TYPES, 'nao_informado'].map((t) => [t, 0])) as ReportFigures['byType'];
  const byResult = Object.fromEntries([...EXAM_RESULTS, 'sem_classificacao'].map((r) => [r, 0])) as ReportFigures['byResult'];
  const workers = new Set<string>();
  const triggered = new Set<string>();
  const worsened = new Set<string>();
  const referred = new Set<string>();
  let audiometries = 0;
  let desencadeamentoExams = 0;
  let agravamentoExams = 0;
  for (const o of outcomes) {
    if (!inWindow(o, from, to)) continue;
    audiometries++;
    workers.add(o.patientId);
    byType[o.examType ?? 'nao_informado']++;
    byResult[o.result ?? 'sem_classificacao']++;
    if (o.desencadeamento) { desencadeamentoExams++; triggered.add(o.patientId); }
    if (o.agravamento) { agravamentoExams++; worsened.add(o.patientId); }
    if (o.result === 'nao_sugestivo') referred.add(o.patientId);
  }
  return {
    audiometries, workersExamined: workers.size, byType, byResult, desencadeamentoExams, agravamentoExams,
    desencadeamentoWorkers: triggered.size, agravamentoWorkers: worsened.size, referredWorkers: referred.size,
  };
}
