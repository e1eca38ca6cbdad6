import { DEFAULT_NOTIFICATION_PREFERENCES, type Professional } from '../accounts/professional';
import type { Exam } from '../exams/exam';
import { ManagePatients } from '../use-cases/patients/manage-patients';
import { RecordExam } from '../use-cases/exams/record-exam';
import { fixedClock, immediateUnitOfWork, InMemoryProfessionalRepository, sequentialIds } from './in-memory-account-adapters';
import { inMemoryPatientExamStores } from './in-memory-patient-exam-adapters';

/** The organisation and session of the exam use-case tests. */
export const TEST_ORG = 'org-1';
export const testAuth = { userId: 'u-1', organizationId: TEST_ORG, sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
export const testClock = fixedClock('2026-11-24T12:00:00Z');

/** A professional of the test organisation (a physician unless `over` says otherwise). */
export function aTestProfessional(over: Partial<Professional> = {}): Professional {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    id: 'u-1', organizationId: TEST_ORG, organizationName: 'Clínica Teste', name: 'Dra. Ana Lima', email: `${over.id ?? 'u-1'}@limiar.test`, passwordHash: null,
    googleSubject: null, professionalType: 'Medico', crm: '12345', crmState: 'SP', crfa: null, crfaRegion: null, crea: null, creaState: null,
    specialization: 'Medicina do Trabalho', phoneNumber: null, notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES, createdAt: at, updatedAt: at, ...over,
  };
}

/** The logins of the exam use-case tests: u-1 the physician of `testAuth`, u-2 a technician without a registry. */
export function testProfessionals(): InMemoryProfessionalRepository {
  const repo = new InMemoryProfessionalRepository();
  void repo.insert(aTestProfessional());
  void repo.insert(aTestProfessional({ id: 'u-2', name: 'Carlos Souza', professionalType: null, crm: null, crmState: null, specialization: null }));
  return repo;
}

/** Air thresholds of both ears: 10 dB everywhere but 4 kHz. */
export const airWith4k = (t4k: number) =>
  Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: hz === 4000 ? t4k : 10, le: hz === 4000 ? t4k : 10 }]));

const LENIENT_PATHS = { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' };

/** A worker registered in in-memory stores with one exam per `[date, threshold at 4 kHz]`, recorded through RecordExam. */
export async function recordedWorker(dates: Array<[string, number]>) {
  const s = inMemoryPatientExamStores();
  const ids = sequentialIds();
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, testClock, testProfessionals());
  const patient = await manage.register(testAuth, { name: 'Ana Paula', age: 40, sex: 'F' });
  if (!patient.ok) throw patient.error;
  const professionals = testProfessionals();
  const record = new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, testClock, professionals);
  const exams: Exam[] = [];
  for (const [date, t4k] of dates) {
    const r = await record.forPatient(testAuth, patient.value.id, { date, air: airWith4k(t4k) }, { strict: false, paths: LENIENT_PATHS });
    if (!r.ok) throw r.error;
    exams.push(r.value);
  }
  return { s, ids, manage, professionals, patient: patient.value, exams };
}
