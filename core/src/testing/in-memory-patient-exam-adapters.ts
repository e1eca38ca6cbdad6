import type { Attribution } from '../accounts/attribution';
import type { Exam } from '../exams/exam';
import type { Patient } from '../patients/patient';
import type {
  CompanyRepository, DashboardQueries, ExamDeletion, ExamDeletionLog, ExamFile, ExamFileRepository, ExamListQuery, ExamRepository, ExamView, Page,
  PatientListQuery, PatientRepository,
} from '../ports/patient-ports';

const copy = <T>(v: T): T => structuredClone(v);
/** As a database row: the optional clinical fields and attributions are stored as null when absent. */
const stored = (e: Exam): Exam => ({
  ...copy(e), examType: e.examType ?? null, anamnese: e.anamnese ?? null, meatoscopia: copy(e.meatoscopia ?? null), mascaramento: e.mascaramento ?? null,
  recordedBy: copy(e.recordedBy ?? null), updatedBy: copy(e.updatedBy ?? null), imported: e.imported ?? false,
});
/** The same normalisation as the database's `limiar_search_text`: lower case, accents removed. */
export const searchText = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export class InMemoryCompanyRepository implements CompanyRepository {
  readonly rows: Array<{ id: string; organizationId: string; name: string }> = [];
  private n = 0;
  async findOrCreate(organizationId: string, name: string) {
    const found = this.rows.find((c) => c.organizationId === organizationId && searchText(c.name) === searchText(name));
    if (found) return { id: found.id, name: found.name };
    const row = { id: `company-${++this.n}`, organizationId, name };
    this.rows.push(row);
    return { id: row.id, name };
  }

  async findById(organizationId: string, id: string) {
    const found = this.rows.find((c) => c.organizationId === organizationId && c.id === id);
    return found ? { id: found.id, name: found.name } : undefined;
  }
}

export class InMemoryExamRepository implements ExamRepository {
  readonly rows = new Map<string, Exam>();
  files?: InMemoryExamFileRepository;
  constructor(private readonly patients: InMemoryPatientRepository) {}

  async findById(organizationId: string, id: string) {
    const e = this.rows.get(id);
    return e && e.organizationId === organizationId ? this.view(e) : undefined;
  }
  async listAudiometryForPatient(organizationId: string, patientId: string) {
    return (await this.listForPatient(organizationId, patientId)).map((e) => ({
      id: e.id, date: e.date, right: e.right, left: e.left, acousticRestHours: e.acousticRestHours, calibrationDate: e.calibrationDate, createdAt: e.createdAt,
      referenceDesignation: e.referenceDesignation ?? null,
    }));
  }
  async listForPatient(organizationId: string, patientId: string) {
    return [...this.rows.values()].filter((e) => e.organizationId === organizationId && e.patientId === patientId)
      .sort((a, b) => (a.date === b.date ? +a.createdAt - +b.createdAt : a.date < b.date ? -1 : 1)).map(copy);
  }
  async list(q: ExamListQuery): Promise<Page<ExamView>> {
    const needle = q.q ? searchText(q.q) : undefined;
    const all = (await Promise.all([...this.rows.values()].filter((e) => e.organizationId === q.organizationId && (!q.patientId || e.patientId === q.patientId)).map((e) => this.view(e))))
      .filter((v): v is ExamView => !!v)
      .filter((v) => q.patientId || !this.patients.rows.get(v.patient.id)?.archivedAt)
      .filter((v) => !needle || [v.patient.name, v.exam.operatorName ?? '', v.patient.companyName ?? ''].some((s) => searchText(s).includes(needle)))
      .sort((a, b) => (a.exam.date === b.exam.date ? (a.exam.id < b.exam.id ? -1 : 1) : a.exam.date > b.exam.date ? -1 : 1));
    return { items: all.slice(q.offset, q.offset + q.limit), total: all.length };
  }
  async insert(exam: Exam) {
    this.rows.set(exam.id, stored(exam));
  }
  async update(exam: Exam) {
    const current = this.rows.get(exam.id);
    // as the database: who recorded it is written once; an update without `updatedBy` keeps the last one
    if (current && current.organizationId === exam.organizationId) {
      this.rows.set(exam.id, {
        ...stored(exam), createdAt: current.createdAt, recordedBy: current.recordedBy, imported: current.imported,
        updatedBy: exam.updatedBy === undefined ? current.updatedBy : copy(exam.updatedBy),
      });
    }
  }
  async delete(organizationId: string, id: string) {
    const e = this.rows.get(id);
    if (!e || e.organizationId !== organizationId) return false;
    this.rows.delete(id);
    this.files?.rows.splice(0, this.files.rows.length, ...this.files.rows.filter((f) => f.examId !== id));
    return true;
  }
  async listPatientsWithStaleRules(rulesVersion: string, limit: number) {
    const seen = new Map<string, { organizationId: string; patientId: string }>();
    for (const e of this.rows.values()) if (e.rulesVersion !== rulesVersion && seen.size < limit) seen.set(e.patientId, { organizationId: e.organizationId, patientId: e.patientId });
    return [...seen.values()];
  }
  async saveClassifications(organizationId: string, updates: ReadonlyArray<Pick<Exam, 'id' | 'classification' | 'rulesVersion'>>) {
    for (const u of updates) {
      const e = this.rows.get(u.id);
      if (e && e.organizationId === organizationId) this.rows.set(u.id, { ...e, classification: copy(u.classification), rulesVersion: u.rulesVersion });
    }
  }
  deleteForPatient(patientId: string) {
    for (const [id, e] of this.rows) if (e.patientId === patientId) this.rows.delete(id);
  }
  private async view(e: Exam): Promise<ExamView | undefined> {
    const p = await this.patients.findById(e.organizationId, e.patientId);
    if (!p) return undefined;
    return { exam: copy(e), patient: { id: p.id, name: p.name, sex: p.sex, age: p.age, birthDate: p.birthDate, companyName: p.companyName, createdAt: p.createdAt } };
  }
}

export class InMemoryPatientRepository implements PatientRepository {
  readonly rows = new Map<string, Patient>();
  exams?: InMemoryExamRepository;
  constructor(private readonly companies?: InMemoryCompanyRepository) {}

  async findById(organizationId: string, id: string) {
    const p = this.rows.get(id);
    return p && p.organizationId === organizationId ? this.read(p) : undefined;
  }
  async findByCpf(organizationId: string, cpf: string) {
    const p = [...this.rows.values()].find((r) => r.organizationId === organizationId && r.cpf === cpf);
    return p && this.read(p);
  }
  async list(q: PatientListQuery) {
    const needle = q.q ? searchText(q.q) : undefined;
    const digits = q.q?.replace(/\D/g, '') ?? '';
    const byCpf = !!q.q && digits.length >= 3 && digits.length === q.q.replace(/[.\-\s]/g, '').length;
    const all = [...this.rows.values()].filter((p) => p.organizationId === q.organizationId && !!p.archivedAt === !!q.archived)
      .filter((p) => !q.q || (byCpf ? (p.cpf ?? '').startsWith(digits) : searchText(p.name).includes(needle!)))
      .sort((a, b) => (q.q && !byCpf ? (searchText(a.name) < searchText(b.name) ? -1 : searchText(a.name) > searchText(b.name) ? 1 : a.id < b.id ? -1 : 1) : +b.createdAt - +a.createdAt || (a.id < b.id ? -1 : 1)));
    const items = await Promise.all(all.slice(q.offset, q.offset + q.limit).map(async (p) => ({ ...this.read(p), examCount: this.exams ? (await this.exams.listForPatient(p.organizationId, p.id)).length : 0 })));
    return { items, total: all.length };
  }
  async insert(p: Patient) {
    if (p.cpf && [...this.rows.values()].some((r) => r.organizationId === p.organizationId && r.cpf === p.cpf)) return 'duplicate-cpf' as const;
    this.rows.set(p.id, { ...copy(p), archivedAt: p.archivedAt ?? null, archivedBy: p.archivedBy ?? null });
    return 'inserted' as const;
  }
  async update(p: Patient) {
    if (p.cpf && [...this.rows.values()].some((r) => r.organizationId === p.organizationId && r.cpf === p.cpf && r.id !== p.id)) return 'duplicate-cpf' as const;
    const current = this.rows.get(p.id);
    if (current && current.organizationId === p.organizationId) this.rows.set(p.id, { ...copy(p), createdAt: current.createdAt, archivedAt: current.archivedAt ?? null, archivedBy: current.archivedBy ?? null });
    return 'updated' as const;
  }
  async setArchived(organizationId: string, id: string, archivedAt: Date | null, archivedBy: Attribution | null = null) {
    const p = this.rows.get(id);
    if (!p || p.organizationId !== organizationId) return false;
    this.rows.set(id, { ...p, archivedAt, archivedBy: archivedAt ? copy(archivedBy) : null });
    return true;
  }
  async delete(organizationId: string, id: string) {
    const p = this.rows.get(id);
    if (!p || p.organizationId !== organizationId) return false;
    this.rows.delete(id);
    this.exams?.deleteForPatient(id);
    return true;
  }
  private read(p: Patient): Patient {
    const company = p.companyId ? this.companies?.rows.find((c) => c.id === p.companyId) : undefined;
    return { ...copy(p), companyName: company?.name ?? p.companyName, archivedAt: p.archivedAt ?? null, archivedBy: p.archivedBy ?? null };
  }
}

export class InMemoryExamFileRepository implements ExamFileRepository {
  readonly rows: Array<ExamFile & { organizationId: string }> = [];
  async listForExam(organizationId: string, examId: string) {
    return this.rows.filter((f) => f.organizationId === organizationId && f.examId === examId)
      .sort((a, b) => +a.createdAt - +b.createdAt).map(({ organizationId: _o, ...f }) => copy(f));
  }
}

export class InMemoryDashboardQueries implements DashboardQueries {
  constructor(private readonly patients: InMemoryPatientRepository, private readonly exams: InMemoryExamRepository) {}
  async counts(organizationId: string, monthStart: string) {
    const active = (patientId: string) => !this.patients.rows.get(patientId)?.archivedAt;
    const exams = [...this.exams.rows.values()].filter((e) => e.organizationId === organizationId && active(e.patientId));
    return {
      patients: [...this.patients.rows.values()].filter((p) => p.organizationId === organizationId && !p.archivedAt).length,
      exams: exams.length, reports: 0, examsThisMonth: exams.filter((e) => e.date >= monthStart).length,
    };
  }
}

export class InMemoryExamDeletionLog implements ExamDeletionLog {
  readonly rows: ExamDeletion[] = [];
  async record(deletion: ExamDeletion) {
    this.rows.push(copy(deletion));
  }
  async listForPatient(organizationId: string, patientId: string) {
    return this.rows.filter((d) => d.organizationId === organizationId && d.patientId === patientId)
      .sort((a, b) => +b.deletedAt - +a.deletedAt).map(copy);
  }
}

/** Patients, companies, exams and files wired together, as the database links them. */
export function inMemoryPatientExamStores() {
  const companies = new InMemoryCompanyRepository();
  const patients = new InMemoryPatientRepository(companies);
  const exams = new InMemoryExamRepository(patients);
  const files = new InMemoryExamFileRepository();
  patients.exams = exams;
  exams.files = files;
  return { companies, patients, exams, files, deletions: new InMemoryExamDeletionLog(), dashboard: new InMemoryDashboardQueries(patients, exams) };
}
