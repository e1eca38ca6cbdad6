import type { ExamType } from '../exams/exam-type';
import type { ProgrammeOutcome, ProgrammeOutcomeSource } from '../ports/programme-ports';
import type { AnnualReportCompanies } from '../use-cases/programme/annual-report';
import type { Company, Ghe, Sector } from '../programme/company';
import { periodOn, type Employment } from '../programme/employment';
import { resultOf } from '../programme/outcomes';

/** One stored exam as the outcome source sees it: the worker, the date, the type and the classification document. */
export interface InMemoryProgrammeExam {
  id: string;
  organizationId: string;
  patientId: string;
  date: string;
  examType: ExamType | null;
  classification: Record<string, unknown>;
}

/**
 * The analytical report's outcome source over plain arrays, with the rule stated once in core: an exam
 * belongs to the company of the worker's employment period in force on the exam date (`periodOn`).
 */
export class InMemoryProgrammeOutcomes implements ProgrammeOutcomeSource, AnnualReportCompanies {
  companies: Company[] = [];
  sectors: Sector[] = [];
  ghes: Ghe[] = [];
  employments: Employment[] = [];
  exams: InMemoryProgrammeExam[] = [];
  workers = new Map<string, { name: string; archived?: boolean }>();

  async get(organizationId: string, id: string) {
    return this.companies.find((c) => c.organizationId === organizationId && c.id === id);
  }

  async findByCnpj(organizationId: string, cnpj: string) {
    return this.companies.find((c) => c.organizationId === organizationId && c.cnpj === cnpj);
  }

  async outcomesForCompany(organizationId: string, companyId: string, from: string, to: string): Promise<ProgrammeOutcome[]> {
    const out: ProgrammeOutcome[] = [];
    for (const e of this.exams) {
      if (e.organizationId !== organizationId || e.date < from || e.date > to) continue;
      const worker = this.workers.get(e.patientId);
      if (!worker || worker.archived) continue;
      const period = periodOn(this.employments.filter((p) => p.organizationId === organizationId && p.patientId === e.patientId), e.date);
      if (!period || period.companyId !== companyId) continue;
      const sector = this.sectors.find((s) => s.id === period.sectorId);
      const ghe = this.ghes.find((g) => g.id === period.gheId);
      out.push({
        examId: e.id, patientId: e.patientId, date: e.date, examType: e.examType, ...resultOf(e.classification),
        workerName: worker.name, registration: period.registration,
        sectorId: sector?.id ?? null, sectorName: sector?.name ?? null, gheId: ghe?.id ?? null, gheName: ghe?.name ?? null,
      });
    }
    return out.sort((a, b) => a.date.localeCompare(b.date) || a.workerName.localeCompare(b.workerName));
  }
}
