import type { WorkerSex } from '../audiogram/audiogram';
import { analyzeHistory } from '../analysis/analyze-history';
import { buildExamEvolution } from '../analysis/exam-evolution';
import { formatDateBr } from '../rules/nr7/calendar';
import { RULES_VERSION } from '../rules/rules-version';
import { toAudiometricExam, type Exam } from './exam';

/**
 * Classifies every exam of one patient against the reference in force at its date (NR-7 Anexo II
 * 5.5.1): the stored `classification` of exam k is `analyzeHistory(exams 1..k)` (section-10 keys)
 * plus the pt-BR alerts of its own comparison. Exams are ordered by date, then creation.
 * Returns the exams with classification and rulesVersion set (new objects).
 */
export function classifyPatientExams<E extends Pick<Exam, 'date' | 'right' | 'left' | 'acousticRestHours' | 'calibrationDate' | 'createdAt' | 'referenceDesignation'>>(
  exams: readonly E[],
  patient: { sex?: WorkerSex; age?: number | null },
): Array<E & { classification: Record<string, unknown>; rulesVersion: string }> {
  const ordered = [...exams].sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
  const audiometric = ordered.map((e) => toAudiometricExam(e));
  return ordered.map((exam, k) => {
    const prefix = audiometric.slice(0, k + 1);
    const analysis = analyzeHistory({ worker: patient.sex ? { sex: patient.sex } : undefined, exams: prefix }) as Record<string, unknown>;
    const own = `Exame de ${formatDateBr(exam.date)}`;
    const alerts = k === 0 ? [] : buildExamEvolution(prefix).alerts.filter((a) => a.startsWith(own) || (!a.startsWith('Exame de') && hasTrigger(analysis)));
    const { sequence: _sequence, ...flat } = analysis;
    return { ...exam, classification: { ...JSON.parse(JSON.stringify(flat)), alerts }, rulesVersion: RULES_VERSION };
  });
}

const hasTrigger = (a: Record<string, unknown>) => a.desencadeamento === true || a.agravamento === true;
