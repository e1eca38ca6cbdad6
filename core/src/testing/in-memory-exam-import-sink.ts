import { fromWireAudiogram, toWireAudiogram } from '../exams/audiogram-wire';
import { DEFAULT_TRANSDUCER, type Exam } from '../exams/exam';
import type { ExamImportBatch, ExamImportSink, ImportPatientRequest, NewImportedExam, ResolvedImportPatient, StoredExamForImport } from '../ports/exam-import-sink';
import type { Patient } from '../patients/patient';
import { searchText, type inMemoryPatientExamStores } from './in-memory-patient-exam-adapters';

type Stores = ReturnType<typeof inMemoryPatientExamStores>;

/** One batch at a time over the same stores, as the adapter's per-organisation advisory lock serialises them. */
const queues = new WeakMap<Stores, Promise<unknown>>();
/** Natural key → exam id per stores (an exam deleted through ExamRepository takes its key with it). */
const naturalKeys = new WeakMap<Stores, Map<string, string>>();

/**
 * The import's bulk writer over the in-memory worker and exam twins: what `PgExamImportSink` does with
 * set-based SQL and COPY, row by row, with the same transaction (a failed batch leaves nothing) and
 * the same one-batch-at-a-time rule. Held to tests/contracts/exam-import-sink.contract.ts with PostgreSQL.
 */
export class InMemoryExamImportSink implements ExamImportSink {
  constructor(private readonly stores: Stores, private readonly organizationId: string, private readonly now: () => Date = () => new Date()) {}

  /** Hex of the UTF-8 bytes: stable and collision-free (the adapter's SHA-256 is shorter, not different in kind). */
  digest(text: string): string {
    return [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }

  batch<T>(work: (batch: ExamImportBatch) => Promise<T>): Promise<T> {
    const run = (queues.get(this.stores) ?? Promise.resolve()).then(() => this.transaction(work));
    queues.set(this.stores, run.catch(() => {}));
    return run;
  }

  private async transaction<T>(work: (batch: ExamImportBatch) => Promise<T>): Promise<T> {
    const { patients, exams, companies } = this.stores;
    const keys = naturalKeys.get(this.stores) ?? new Map<string, string>();
    naturalKeys.set(this.stores, keys);
    const saved = { patients: new Map(patients.rows), exams: new Map(exams.rows), companies: [...companies.rows], keys: new Map(keys) };
    try {
      return await work(new InMemoryImportBatch(this.stores, this.organizationId, keys, this.now));
    } catch (error) {
      const restore = <K, V>(target: Map<K, V>, from: Map<K, V>) => {
        target.clear();
        for (const [k, v] of from) target.set(k, v);
      };
      restore(patients.rows, saved.patients);
      restore(exams.rows, saved.exams);
      restore(keys, saved.keys);
      companies.rows.splice(0, companies.rows.length, ...saved.companies);
      throw error;
    }
  }
}

class InMemoryImportBatch implements ExamImportBatch {
  constructor(private readonly s: Stores, private readonly org: string, private readonly keys: Map<string, string>, private readonly now: () => Date) {}

  async resolvePatients(requests: readonly ImportPatientRequest[]): Promise<Map<string, ResolvedImportPatient>> {
    const out = new Map<string, ResolvedImportPatient>();
    const mine = () => [...this.s.patients.rows.values()].filter((p) => p.organizationId === this.org);
    for (const r of requests) {
      const found = r.cpf
        ? mine().find((p) => p.cpf === r.cpf)
        : mine().filter((p) => r.birthDate !== null && p.birthDate === r.birthDate && searchText(p.name) === searchText(r.name))
          .sort((a, b) => +a.createdAt - +b.createdAt || (a.id < b.id ? -1 : 1))[0];
      if (found) {
        out.set(r.key, { id: found.id, sex: found.sex, created: false });
        continue;
      }
      const company = r.company ? await this.s.companies.findOrCreate(this.org, r.company) : null;
      const at = this.now();
      const worker: Patient = {
        id: crypto.randomUUID(), organizationId: this.org, name: r.name, age: r.age, sex: r.sex, birthDate: r.birthDate, cpf: r.cpf, phone: null, email: null,
        address: null, companyId: company?.id ?? null, companyName: company?.name ?? null, jobTitle: r.jobTitle, archivedAt: null, createdAt: at, updatedAt: at,
      };
      await this.s.patients.insert(worker);
      out.set(r.key, { id: worker.id, sex: worker.sex, created: true });
    }
    return out;
  }

  async existingNaturalKeys(keys: readonly string[]): Promise<Set<string>> {
    return new Set(keys.filter((k) => this.stored(k)));
  }

  async loadExams(patientIds: readonly string[]): Promise<StoredExamForImport[]> {
    const wanted = new Set(patientIds);
    return [...this.s.exams.rows.values()].filter((e) => e.organizationId === this.org && wanted.has(e.patientId))
      .sort((a, b) => (a.patientId !== b.patientId ? (a.patientId < b.patientId ? -1 : 1) : a.date !== b.date ? (a.date < b.date ? -1 : 1) : +a.createdAt - +b.createdAt))
      .map((e) => ({
        id: e.id, patientId: e.patientId, date: e.date, ...fromWireAudiogram(toWireAudiogram(e.right, e.left)), acousticRestHours: e.acousticRestHours,
        calibrationDate: e.calibrationDate, referenceDesignation: structuredClone(e.referenceDesignation ?? null), createdAt: new Date(e.createdAt),
      }));
  }

  async insertExams(exams: readonly NewImportedExam[]): Promise<number> {
    let inserted = 0;
    for (const e of exams) {
      if (this.stored(e.naturalKey)) continue;
      await this.s.exams.insert(toExam(this.org, e));
      this.keys.set(`${this.org}:${e.naturalKey}`, e.id);
      inserted++;
    }
    return inserted;
  }

  async updateClassifications(updates: ReadonlyArray<{ id: string; classificationJson: string; rulesVersion: string }>): Promise<void> {
    await this.s.exams.saveClassifications(this.org, updates.map((u) => ({ id: u.id, classification: JSON.parse(u.classificationJson), rulesVersion: u.rulesVersion })));
  }

  private stored(naturalKey: string) {
    const id = this.keys.get(`${this.org}:${naturalKey}`);
    return id !== undefined && this.s.exams.rows.has(id);
  }
}

function toExam(organizationId: string, e: NewImportedExam): Exam {
  return {
    id: e.id, organizationId, patientId: e.patientId, date: e.date, operatorName: e.operatorName, operatorRegistration: e.operatorRegistration, operatorCrm: null,
    operatorCrmState: null, consultationType: null, consultationReason: e.consultationReason, ambientNoiseDb: e.ambientNoiseDb, calibrationDate: e.calibrationDate,
    transducer: e.transducer ?? DEFAULT_TRANSDUCER, acousticRestHours: e.acousticRestHours, observacoes: null, anamnese: null, meatoscopia: null, mascaramento: null,
    right: e.right, left: e.left, speechTest: null, ambienteJson: null, referenceDesignation: null, classification: JSON.parse(e.classificationJson),
    rulesVersion: e.rulesVersion, recordedBy: null, updatedBy: null, imported: true, createdAt: e.createdAt, updatedAt: e.createdAt,
  };
}
