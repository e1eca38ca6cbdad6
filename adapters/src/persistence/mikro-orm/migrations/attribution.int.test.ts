import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { MikroOrmExamReadingRepository } from '../repositories/mikro-orm-exam-reading-repository';
import { MikroOrmExamDeletionLog, MikroOrmExamRepository } from '../repositories/mikro-orm-patient-exam-repositories';
import { MikroOrmReportRepository } from '../repositories/mikro-orm-report-repository';

// Issue 18 attribution: rows written before teams (one professional per organisation) get who did
// what from what was stored — the laudo's doctor, the reading's decider, the organisation's only
// professional for its exams — except the exams of the CLI import, which no member recorded.
const BEFORE = 'Migration20261125010000ReadingNoteJsonb';
const ORG = randomUUID();
const PRO = randomUUID();
const PATIENT = randomUUID();
const EXAM = randomUUID();
const IMPORTED = randomUUID();
const DRAFT = randomUUID();
const READING = randomUUID();
const DELETION = randomUUID();
let db: TestDatabase;
const orm = () => db.orm;
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => orm().em.getConnection().execute<T[]>(q, params);

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  await sql(`insert into professional (id, organization_id, name, email, professional_type, crfa, crfa_region, notification_preferences, created_at, updated_at)
    values (?, ?, 'Fga. Lia Souza', 'lia@clinica.test', 'Fonoaudiologo', '12345', '2', '{}'::jsonb, now(), now())`, [PRO, ORG]);
  await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'Ana', 'F', now(), now())`, [PATIENT, ORG]);
  for (const [id, key] of [[EXAM, null], [IMPORTED, 'import-1']]) {
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, natural_key, created_at, updated_at)
      values (?, ?, ?, '2026-01-10', '{"air":{},"bone":{}}'::jsonb, '{}'::jsonb, 'test', ?, '2026-01-10T09:15:00Z', now())`, [id, ORG, PATIENT, key]);
  }
  await sql(`insert into report (id, organization_id, patient_id, exam_id, doctor_id, doctor_name, type, status, draft_json, created_at, updated_at, finalized_at)
    values (?, ?, ?, ?, ?, 'Fga. Lia Souza', 'simple', 'Finalizado', '{}', '2026-01-11T10:00:00Z', now(), '2026-01-11T10:30:00Z')`, [DRAFT, ORG, PATIENT, EXAM, PRO]);
  await sql(`insert into exam_reading (id, organization_id, exam_id, file_name, status, reasons, reading, identity_check, confidence, created_at, decided_at, decided_by)
    values (?, ?, ?, 'outro.pdf', 'discarded', '[]'::jsonb, '{}'::jsonb, '{}'::jsonb, 'medium', now(), '2026-01-12T08:00:00Z', ?)`, [READING, ORG, EXAM, PRO]);
  await sql(`insert into exam_deletion (id, organization_id, patient_id, exam_id, exam_date, reason, deleted_by, deleted_by_name, deleted_at, snapshot)
    values (?, ?, ?, ?, '2025-01-10', 'Exame duplicado por engano', ?, 'Fga. Lia Souza (CRFa 2-12345)', now(), '{}'::jsonb)`, [DELETION, ORG, PATIENT, randomUUID(), PRO]);
  await orm().getMigrator().up({ to: 'Migration20261125110000Attribution' });
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe('Migration20261125110000Attribution', () => {
  // down first: once past the audit log's migration (which cannot be reverted) there is no way back
  it('goes back down and up again', async () => {
    await orm().getMigrator().down({ to: 'Migration20261125100000Teams' });
    expect(await sql(`select 1 from information_schema.columns where table_name = 'report' and column_name = 'drafted_by'`)).toEqual([]);
    await orm().getMigrator().up({ to: 'Migration20261125110000Attribution' });
    expect((await new MikroOrmReportRepository(() => orm().em.fork()).findById(ORG, DRAFT))!.report.draftedBy).toMatchObject({ userId: PRO });
  });
  it('attributes the laudo, the reading and the app exam to the organisation\'s professional, with member and registry; the imported exam to no one', async () => {
    const [member] = await sql<{ id: string }>('select id from membership where organization_id = ? and user_id = ?', [ORG, PRO]);
    const lia = { memberId: member.id, userId: PRO, name: 'Fga. Lia Souza', registry: 'CRFa 2-12345' };
    // today's repositories read today's schema (ADR 0026 stores the thresholds as bytes): migrate to the latest first
    await orm().getMigrator().up();
    const em = () => orm().em.fork();
    const exams = new MikroOrmExamRepository(em);
    expect((await exams.findById(ORG, EXAM))!.exam).toMatchObject({ recordedBy: { ...lia, at: '2026-01-10T09:15:00.000Z' }, updatedBy: null, imported: false });
    expect((await exams.findById(ORG, IMPORTED))!.exam).toMatchObject({ recordedBy: null, imported: true });
    expect((await new MikroOrmReportRepository(em).findById(ORG, DRAFT))!.report).toMatchObject({
      draftedBy: { ...lia, at: '2026-01-11T10:00:00.000Z' }, finalizedBy: { ...lia, at: '2026-01-11T10:30:00.000Z' },
    });
    expect((await new MikroOrmExamReadingRepository(em).findById(ORG, READING))!.reviewedBy).toEqual({ ...lia, at: '2026-01-12T08:00:00.000Z' });
    expect((await new MikroOrmExamDeletionLog(em).listForPatient(ORG, PATIENT))[0]).toMatchObject({ deletedBy: PRO, deletedByMemberId: member.id });
  });

});
