import type { Aso, AsoView } from '../esocial/aso';
import type { AsoListFilter, AsoRepository } from '../ports/esocial-ports';
import type { CompanyRecords, EmploymentRepository } from '../ports/programme-ports';
import type { ExamRepository, PatientRepository } from '../ports/patient-ports';

const copy = <T>(v: T): T => structuredClone(v);

/**
 * In-memory twin of the ASO repository (tests/contracts/aso-repository.contract.ts): the ASOs as stored,
 * read with the worker, company, contract and exam of the other twins, like the SQL joins.
 */
export class InMemoryAsoRepository implements AsoRepository {
  readonly rows = new Map<string, Aso>();
  /** Every event Id ever stored, and its ASO. */
  readonly issued = new Map<string, string>();

  constructor(private readonly d: {
    patients: Pick<PatientRepository, 'findById'>;
    companies: Pick<CompanyRecords, 'get'>;
    employments: EmploymentRepository & { rows: readonly { id: string; organizationId: string; registration: string | null }[] };
    exams: Pick<ExamRepository, 'findById'>;
  }) {}

  private async view(a: Aso): Promise<AsoView | undefined> {
    const [patient, company, exam] = await Promise.all([
      this.d.patients.findById(a.organizationId, a.patientId), this.d.companies.get(a.organizationId, a.companyId), this.d.exams.findById(a.organizationId, a.examId),
    ]);
    const employment = this.d.employments.rows.find((e) => e.id === a.employmentId && e.organizationId === a.organizationId);
    if (!patient || !company || !exam || !employment) return undefined;
    return {
      ...copy(a), patientName: patient.name, cpf: patient.cpf, companyName: company.name, companyCnpj: company.cnpj, registration: employment.registration,
      examDate: exam.exam.date, examClassification: copy(exam.exam.classification),
    };
  }

  private async views(organizationId: string, keep: (a: Aso) => boolean): Promise<AsoView[]> {
    const rows = [...this.rows.values()].filter((a) => a.organizationId === organizationId && keep(a))
      .sort((x, y) => (x.asoDate !== y.asoDate ? (x.asoDate < y.asoDate ? -1 : 1) : x.createdAt.getTime() !== y.createdAt.getTime() ? x.createdAt.getTime() - y.createdAt.getTime() : x.id < y.id ? -1 : 1));
    return (await Promise.all(rows.map((a) => this.view(a)))).filter((v): v is AsoView => !!v);
  }

  async get(organizationId: string, id: string) {
    const a = this.rows.get(id);
    return a && a.organizationId === organizationId ? this.view(a) : undefined;
  }

  listForExam(organizationId: string, examId: string) {
    return this.views(organizationId, (a) => a.examId === examId);
  }

  async list(organizationId: string, f: AsoListFilter) {
    const all = await this.views(organizationId, (a) => (!f.companyId || a.companyId === f.companyId) && (!f.from || a.asoDate >= f.from) && (!f.to || a.asoDate <= f.to)
      && (!f.statuses?.length || f.statuses.includes(a.event.status)));
    return { total: all.length, items: all.slice(f.offset, f.offset + f.limit) };
  }

  async insert(a: Aso) {
    this.rows.set(a.id, copy(a));
    if (a.event.eventId) this.issued.set(a.event.eventId, a.id);
  }

  async update(a: Aso) {
    const held = a.event.eventId ? this.issued.get(a.event.eventId) : undefined;
    if (held !== undefined && held !== a.id) return 'duplicate-event-id' as const;
    const current = this.rows.get(a.id);
    if (current && current.organizationId === a.organizationId) {
      this.rows.set(a.id, { ...copy(a), createdAt: current.createdAt });
      if (a.event.eventId) this.issued.set(a.event.eventId, a.id);
    }
    return 'updated' as const;
  }

  async lastEventSequence(prefix: string) {
    const seqs = [...this.issued.keys()].filter((id) => id.startsWith(prefix)).map((id) => Number(id.slice(31, 36)));
    return seqs.length ? Math.max(...seqs) : 0;
  }
}
