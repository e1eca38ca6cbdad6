import type { Exam } from '../exams/exam';
import { ManagePatients } from '../use-cases/patients/manage-patients';
import { RecordExam } from '../use-cases/exams/record-exam';
import { fixedClock, immediateUnitOfWork, sequentialIds } from './in-memory-account-adapters';
import { inMemoryPatientExamStores } from './in-memory-patient-exam-adapters';

/** The organisation and session of the exam use-case tests. */
export const TEST_ORG = 'org-1';
export const testAuth = { userId: 'u-1', organizationId: TEST_ORG, sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
export const testClock = fixedClock('2026-11-24T12:00:00Z');

/** Air thresholds of both ears: 10 dB everywhere but 4 kHz. */
export const airWith4k = (t4k: number) =>
  Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: hz === 4000 ? t4k : 10, le: hz === 4000 ? t4k : 10 }]));

const LENIENT_PATHS = { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' };

/** A worker registered in in-memory stores with one exam per `[date, threshold at 4 kHz]`, recorded through RecordExam. */
export async function recordedWorker(dates: Array<[string, number]>) {
  const s = inMemoryPatientExamStores();
  const ids = sequentialIds();
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, testClock);
  const patient = await manage.register(testAuth, { name: 'Ana Paula', age: 40, sex: 'F' });
  if (!patient.ok) throw patient.error;
  const record = new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, testClock);
  const exams: Exam[] = [];
  for (const [date, t4k] of dates) {
    const r = await record.forPatient(testAuth, patient.value.id, { date, air: airWith4k(t4k) }, { strict: false, paths: LENIENT_PATHS });
    if (!r.ok) throw r.error;
    exams.push(r.value);
  }
  return { s, ids, manage, patient: patient.value, exams };
}
