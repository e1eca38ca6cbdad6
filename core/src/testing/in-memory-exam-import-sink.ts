import { fromWireAudiogram, toWireAudiogram } from '../exams/audiogram-wire';
import { DEFAULT_TRANSDUCER, type Exam } from '../exams/exam';
import type {
  ClassificationUpdate,
  ExamImportBatch, ExamImportSink, ImportPatientRequest, ImportProgrammeRefs, NewImportedExam, ResolvedImportPatient, ResolvedProgrammeRefs, StoredExamForImport, NaturalKeyOf,
} from '../ports/exam-import-sink';
import type { EmploymentPlan, ImportedPeriod } from '../imports/import-employment';
import { importNameKey } from '../imports/import-row';
import { programmeToday } from '../programme/schedule';
import { isCurrentPeriod } from '../use-cases/programme/manage-employment';
import type { Patient } from '../patients/patient';
import { searchText, type inMemoryPatientExamStores } from './in-memory-patient-exam-adapters';

type Stores = ReturnType<typeof inMemoryPatientExamStores>;

/** One batch at a time over the same stores, as the adapter's per-organisation advisory lock serialises them. */
const queues = new WeakMap<Stores, Promise<unknown>>();
/** Natural key → exam id per stores (an exam deleted through ExamRepository takes its key with it). */
const naturalKeys = new WeakMap<Stores, Map<string, string>>();

/** What the import wrote of the programme (companies' CNPJ, sectors, GHEs, employment periods), per stores. */
export interface ImportedProgramme {
  cnpjOf: Map<string, string>;
  sectors: Array<{ id: string; companyId: string; name: string }>;
  ghes: Array<{ id: string; companyId: string; sectorId: string | null; name: string }>;
  periods: Array<ImportedPeriod & { organizationId: string }>;
}
const programmes = new WeakMap<Stores, ImportedProgramme>();
/** The programme records the in-memory import wrote over these stores. */
export function importedProgramme(stores: Stores): ImportedProgramme {
  let p = programmes.get(stores);
  if (!p) programmes.set(stores, (p = { cnpjOf: new Map(), sectors: [], ghes: [], periods: [] }));
  return p;
}

/**
 * The import's bulk writer over the in-memory worker and exam twins: what `PgExamImportSink` does with
 * set-based SQL and COPY, row by row, with the same transaction (a failed batch leaves nothing) and
 * the same one-batch-at-a-time rule. Held to tests/contracts/exam-import-sink.contract.ts with PostgreSQL.
 */
export class InMemoryExamImportSink implements ExamImportSink {
  constructor(private readonly stores: Stores, private readonly organizationId: string, private readonly now: () => Date = () => new Date()) {}

  /** Hex of the UTF-8 bytes: stable and collision-free (the adapter's SHA-256 is shorter, not different in kind). */
  /** The in-memory double keeps whole exams, classification document included. */
  readonly storesClassificationDocument = true;

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
    const programme = importedProgramme(this.stores);
    const saved = {
      patients: new Map(patients.rows), exams: new Map(exams.rows), companies: [...companies.rows], keys: new Map(keys), programme: structuredClone(programme),
    };
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
      Object.assign(programme, saved.programme);
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

  async existingNaturalKeys(keys: readonly NaturalKeyOf[]): Promise<Set<string>> {
    return new Set(keys.filter((k) => this.stored(k.patientId, k.naturalKey)).map((k) => k.naturalKey));
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
      if (this.stored(e.patientId, e.naturalKey)) continue;
      await this.s.exams.insert(toExam(this.org, e));
      this.keys.set(`${this.org}:${e.patientId}:${e.naturalKey}`, e.id);
      inserted++;
    }
    return inserted;
  }

  async updateClassifications(updates: ReadonlyArray<ClassificationUpdate>): Promise<void> {
    await this.s.exams.saveClassifications(this.org, updates.map((u) => ({ id: u.id, classification: JSON.parse(u.classificationJson), rulesVersion: u.rulesVersion })));
  }

  async resolveProgrammeRefs(refs: ImportProgrammeRefs): Promise<ResolvedProgrammeRefs> {
    const prog = importedProgramme(this.s);
    const mine = () => this.s.companies.rows.filter((c) => c.organizationId === this.org);
    const companies = new Map<string, string>();
    let companiesCreated = 0;
    let ghesCreated = 0;
    for (const c of refs.companies) {
      let id = c.cnpj ? mine().find((x) => prog.cnpjOf.get(x.id) === c.cnpj)?.id : undefined;
      if (!id && c.name) {
        const byName = mine().filter((x) => searchText(x.name) === searchText(c.name!));
        id = (c.cnpj ? byName.find((x) => !prog.cnpjOf.has(x.id)) : byName[0])?.id;
        if (id && c.cnpj) prog.cnpjOf.set(id, c.cnpj);
      }
      if (!id) {
        id = crypto.randomUUID();
        this.s.companies.rows.push({ id, organizationId: this.org, name: c.name ?? `Empresa CNPJ ${c.cnpj}` });
        if (c.cnpj) prog.cnpjOf.set(id, c.cnpj);
        companiesCreated++;
      }
      companies.set(c.key, id);
    }
    const sectors = new Map<string, string>();
    for (const x of refs.sectors) {
      const companyId = companies.get(x.company)!;
      let row = prog.sectors.find((r) => r.companyId === companyId && importNameKey(r.name) === importNameKey(x.name));
      if (!row) prog.sectors.push((row = { id: crypto.randomUUID(), companyId, name: x.name }));
      sectors.set(`${x.company}|${importNameKey(x.name)}`, row.id);
    }
    const ghes = new Map<string, string>();
    for (const x of refs.ghes) {
      const companyId = companies.get(x.company)!;
      let row = prog.ghes.find((r) => r.companyId === companyId && importNameKey(r.name) === importNameKey(x.name));
      if (!row) {
        prog.ghes.push((row = { id: crypto.randomUUID(), companyId, name: x.name, sectorId: x.sector ? sectors.get(`${x.company}|${importNameKey(x.sector)}`) ?? null : null }));
        ghesCreated++;
      }
      ghes.set(`${x.company}|${importNameKey(x.name)}`, row.id);
    }
    return { companies, sectors, ghes, companiesCreated, ghesCreated };
  }

  async loadEmployments(patientIds: readonly string[]): Promise<ImportedPeriod[]> {
    const wanted = new Set(patientIds);
    return importedProgramme(this.s).periods.filter((p) => p.organizationId === this.org && wanted.has(p.patientId)).map(({ organizationId: _, ...p }) => p);
  }

  async applyEmployments(plan: EmploymentPlan, patientIds: readonly string[]): Promise<void> {
    const periods = importedProgramme(this.s).periods;
    const mine = (id: string) => periods.find((p) => p.id === id && p.organizationId === this.org)!;
    for (const c of plan.closes) Object.assign(mine(c.id), { endDate: c.endDate });
    for (const f of plan.fills) Object.assign(mine(f.id), { registration: f.registration, jobTitle: f.jobTitle, sectorId: f.sectorId, gheId: f.gheId });
    periods.push(...plan.inserts.map((p) => ({ ...p, organizationId: this.org })));
    // today in Brazil's calendar, as the PostgreSQL sink and the worker forms decide it
    const today = programmeToday(this.now());
    for (const id of patientIds) {
      const current = periods.filter((p) => p.patientId === id && isCurrentPeriod(p, today))
        .sort((a, b) => (a.admissionDate > b.admissionDate ? -1 : 1))[0];
      const worker = this.s.patients.rows.get(id);
      const company = current && this.s.companies.rows.find((c) => c.id === current.companyId);
      if (worker && company) this.s.patients.rows.set(id, { ...worker, companyId: company.id, companyName: company.name });
    }
  }

  /** A worker's exam of that natural key (PostgreSQL: unique per worker, date and key; the key names both). */
  private stored(patientId: string, naturalKey: string) {
    const id = this.keys.get(`${this.org}:${patientId}:${naturalKey}`);
    return id !== undefined && this.s.exams.rows.has(id);
  }
}

function toExam(organizationId: string, e: NewImportedExam): Exam {
  return {
    id: e.id, organizationId, patientId: e.patientId, date: e.date, operatorName: e.operatorName, operatorRegistration: e.operatorRegistration, operatorCrm: null,
    operatorCrmState: null, consultationType: null, consultationReason: e.consultationReason, examType: e.examType ?? null, ambientNoiseDb: e.ambientNoiseDb, calibrationDate: e.calibrationDate,
    transducer: e.transducer ?? DEFAULT_TRANSDUCER, acousticRestHours: e.acousticRestHours, observacoes: null, anamnese: null, meatoscopia: null, mascaramento: null,
    right: e.right, left: e.left, speechTest: null, ambienteJson: null, referenceDesignation: null, classification: JSON.parse(e.classificationJson),
    rulesVersion: e.rulesVersion, recordedBy: null, updatedBy: null, imported: true, createdAt: e.createdAt, updatedAt: e.createdAt,
  };
}
