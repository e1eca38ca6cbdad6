import type { Exam } from '../../exams/exam';
import { classifyPatientExams } from '../../exams/classify-exams';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';

/**
 * Stores `changed` (an exam of the worker, already edited) and recomputes the stored rules output of
 * every exam of the worker from `fromDate` on — order and reference exam depend on dates, thresholds
 * and conditions (NR-7 Anexo II 5.5.1). With `changed` null, only the others are recomputed (after a
 * deletion). Returns the stored `changed`, classified. Call inside a unit of work.
 */
export async function reclassifyHistory(
  deps: { exams: ExamRepository; patients: PatientRepository },
  organizationId: string,
  patientId: string,
  changed: Exam | null,
  fromDate: string,
): Promise<Exam | undefined> {
  const patient = await deps.patients.findById(organizationId, patientId);
  const history = (await deps.exams.listForPatient(organizationId, patientId)).map((e) => (changed && e.id === changed.id ? changed : e));
  const classified = classifyPatientExams(history, { sex: patient?.sex });
  const mine = changed ? classified.find((e) => e.id === changed.id) : undefined;
  if (mine) await deps.exams.update(mine);
  const others = classified.filter((e) => e.id !== changed?.id && e.date >= fromDate);
  if (others.length) await deps.exams.saveClassifications(organizationId, others);
  return mine;
}
