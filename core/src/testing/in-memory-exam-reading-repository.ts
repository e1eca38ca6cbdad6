import type { ExamReading, ExamReadingRepository } from '../ports/exam-reading-repository';

const copy = <T>(v: T): T => structuredClone(v);

/** Held readings in memory, stored as copies as a database would. */
export class InMemoryExamReadingRepository implements ExamReadingRepository {
  readonly rows: ExamReading[] = [];

  async save(reading: ExamReading) {
    const i = this.rows.findIndex((r) => r.id === reading.id);
    const row = { ...copy(reading), reviewedBy: copy(reading.reviewedBy ?? null) };
    if (i >= 0) this.rows[i] = row;
    else this.rows.push(row);
  }

  async findById(organizationId: string, id: string) {
    const found = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    return found ? copy(found) : undefined;
  }

  async listForExam(organizationId: string, examId: string) {
    return this.rows
      .filter((r) => r.organizationId === organizationId && r.examId === examId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map(copy);
  }
}
