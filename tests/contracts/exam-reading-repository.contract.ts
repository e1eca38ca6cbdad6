import { expect, it } from 'vitest';
import type { ExamReading, ExamReadingRepository } from '../../core/src';
import { aHeldReading } from '../support/builders';

export interface ExamReadingStores {
  readings: ExamReadingRepository;
  /** Makes an organisation with one exam (and a professional) exist, for stores with foreign keys. */
  addExam(organizationId: string, examId: string, professionalId: string): Promise<void>;
}

const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';
const EXAM = '00000000-0000-4000-8000-0000000000e1';
const PRO = '00000000-0000-4000-8000-0000000000f1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const reading = (n: number, at: string, over: Partial<ExamReading> = {}): ExamReading =>
  aHeldReading(ORG, EXAM, { id: id(n), fileName: `joao-${n}.pdf`, createdAt: new Date(at), ...over });

/** What every ExamReadingRepository must do (in memory and PostgreSQL alike). */
export function examReadingRepositoryContract(make: () => Promise<ExamReadingStores>) {
  it('stores a held reading and reads it back whole, scoped to its organisation', async () => {
    const s = await make();
    await s.addExam(ORG, EXAM, PRO);
    const r = reading(1, '2026-11-24T10:00:00Z');
    await s.readings.save(r);
    expect(await s.readings.findById(ORG, r.id)).toEqual(r);
    expect(await s.readings.findById(OTHER_ORG, r.id)).toBeUndefined();
    expect(await s.readings.findById(ORG, id(99))).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.readings.findById(ORG, malformed)).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.readings.listForExam(ORG, malformed)).toEqual([]);
  });

  it('replaces a reading saved again (decided), and lists the exam readings newest first', async () => {
    const s = await make();
    await s.addExam(ORG, EXAM, PRO);
    await s.readings.save(reading(1, '2026-11-24T10:00:00Z'));
    await s.readings.save(reading(2, '2026-11-24T11:00:00Z'));
    const reviewedBy = { memberId: null, userId: PRO, name: 'Bruno Técnico', registry: null, at: '2026-11-24T12:00:00.000Z' };
    const decided = reading(1, '2026-11-24T10:00:00Z', { status: 'applied', decidedAt: new Date('2026-11-24T12:00:00Z'), decidedBy: PRO, reviewedBy });
    await s.readings.save(decided);
    const list = await s.readings.listForExam(ORG, EXAM);
    expect(list.map((r) => [r.id, r.status])).toEqual([[id(2), 'pending'], [id(1), 'applied']]);
    expect(list[1]).toEqual(decided);
    expect(await s.readings.listForExam(OTHER_ORG, EXAM)).toEqual([]);
  });
}
