import type { EntityManager } from '@mikro-orm/postgresql';
import { parseAttribution, type Report, type ReportListQuery, type ReportRepository, type ReportView } from '../../../../../core/src';
import { prepared } from './sql-rows';
import { isUuid } from './uuid';

type Row = Record<string, unknown>;
const run = (em: EntityManager) => <T = Row>(q: string, p: unknown[] = []) => em.getConnection().execute<T[]>(q, p, 'all', em.getTransactionContext());
const date = (v: unknown) => (v ? new Date(v as string) : null);

const SELECT = `select r.*, p.name as patient_name, c.name as patient_company, e.exam_date
  from report r join patient p on p.id = r.patient_id left join company c on c.id = p.company_id join exam e on e.id = r.exam_id`;

function toView(r: Row): ReportView {
  const report: Report = {
    id: r.id as string, organizationId: r.organization_id as string, patientId: r.patient_id as string, examId: r.exam_id as string,
    doctorId: (r.doctor_id as string) ?? '', doctorName: r.doctor_name as string, type: r.type as Report['type'], status: r.status as Report['status'],
    consultationType: (r.consultation_type as string) ?? null, consultationReason: (r.consultation_reason as string) ?? null,
    nexoAnswers: (r.nexo_answers as Report['nexoAnswers']) ?? null, draftJson: r.draft_json as string, pdfStorageKey: (r.pdf_storage_key as string) ?? null,
    pdfSha256: (r.pdf_sha256 as string) ?? null, createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string), finalizedAt: date(r.finalized_at),
    draftedBy: parseAttribution(r.drafted_by), finalizedBy: parseAttribution(r.finalized_by),
    version: Number(r.version ?? 1), supersedesId: (r.supersedes_id as string) ?? null, supersededAt: date(r.superseded_at),
    amendmentReason: (r.amendment_reason as string) ?? null, verificationCode: (r.verification_code as string) ?? null,
    signatureKind: (r.signature_kind as Report['signatureKind']) ?? null,
  };
  const examDate = r.exam_date instanceof Date ? r.exam_date.toISOString().slice(0, 10) : String(r.exam_date).slice(0, 10);
  return { report, patientName: r.patient_name as string, patientCompany: (r.patient_company as string) ?? null, examDate };
}

export class MikroOrmReportRepository implements ReportRepository {
  constructor(private readonly em: () => EntityManager) {}

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await prepared(this.em())(`${SELECT} where r.organization_id = ? and r.id = ?`, [organizationId, id]);
    return rows[0] ? toView(rows[0]) : undefined;
  }

  async findByIdForUpdate(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await run(this.em())(`${SELECT} where r.organization_id = ? and r.id = ? for update of r`, [organizationId, id]);
    return rows[0] ? toView(rows[0]) : undefined;
  }

  async findByExam(organizationId: string, examId: string) {
    if (!isUuid(examId)) return undefined;
    const rows = await prepared(this.em())(`${SELECT} where r.organization_id = ? and r.exam_id = ? and r.current`, [organizationId, examId]);
    return rows[0] ? toView(rows[0]) : undefined;
  }

  async listVersions(organizationId: string, examId: string) {
    if (!isUuid(examId)) return [];
    return (await run(this.em())(`${SELECT} where r.organization_id = ? and r.exam_id = ? order by r.version`, [organizationId, examId])).map(toView);
  }

  async hasFinalizedVersion(organizationId: string, examId: string) {
    if (!isUuid(examId)) return false;
    const rows = await run(this.em())(`select 1 from report where organization_id = ? and exam_id = ? and status = 'Finalizado' limit 1`, [organizationId, examId]);
    return rows.length > 0;
  }

  async findByVerificationCode(code: string) {
    const rows = await run(this.em())(
      `${SELECT.replace('select r.*,', `select r.*, o.name as organization_name,
          (select max(v.version) from report v where v.exam_id = r.exam_id) as current_version,`)} join organization o on o.id = r.organization_id
       where r.verification_code = ? and r.status = 'Finalizado'`, [code]);
    const row = rows[0];
    return row ? { ...toView(row), organizationName: row.organization_name as string, currentVersion: Number(row.current_version) } : undefined;
  }

  async openAmendment(organizationId: string, previousId: string, amendment: Report) {
    const done = await run(this.em())<{ id: string }>(
      `update report set current = false where organization_id = ? and id = ? and current and exam_id = ? returning id`, [organizationId, previousId, amendment.examId]);
    if (!done.length) throw new Error(`no current laudo ${previousId} to amend`);
    await this.save(amendment);
  }

  async discardAmendment(organizationId: string, amendmentId: string) {
    if (!isUuid(amendmentId)) return;
    const gone = await run(this.em())<{ supersedes_id: string }>(
      `delete from report where organization_id = ? and id = ? and supersedes_id is not null and status = 'Draft' returning supersedes_id`, [organizationId, amendmentId]);
    if (gone[0]) await run(this.em())(`update report set current = true where organization_id = ? and id = ?`, [organizationId, gone[0].supersedes_id]);
  }

  async list(q: ReportListQuery) {
    let where = 'r.organization_id = ? and r.current';
    const params: unknown[] = [q.organizationId];
    if (q.patientId) {
      if (!isUuid(q.patientId)) return { items: [], total: 0 };
      where += ' and r.patient_id = ?';
      params.push(q.patientId);
    } else {
      // archived workers' laudos are kept and reachable by id and from the worker, not listed (issue 14)
      where += ' and p.archived_at is null';
    }
    if (q.q) {
      where += ` and (p.name_search like limiar_search_text(?) or limiar_search_text(r.doctor_name) like limiar_search_text(?) or r.type like ?)`;
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, like, like);
    }
    const [rows, count] = await Promise.all([
      run(this.em())(`${SELECT} where ${where} order by r.created_at desc, r.id limit ? offset ?`, [...params, q.limit, q.offset]),
      run(this.em())<{ n: string }>(`select count(*) as n from report r join patient p on p.id = r.patient_id where ${where}`, params),
    ]);
    return { items: rows.map(toView), total: Number(count[0].n) };
  }

  async save(r: Report) {
    await run(this.em())(
      `insert into report (id, organization_id, patient_id, exam_id, doctor_id, doctor_name, type, status, consultation_type, consultation_reason, nexo_answers,
         draft_json, pdf_storage_key, pdf_sha256, created_at, updated_at, finalized_at, drafted_by, finalized_by,
         version, supersedes_id, superseded_at, amendment_reason, verification_code, signature_kind)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set doctor_id = excluded.doctor_id, doctor_name = excluded.doctor_name, type = excluded.type, status = excluded.status,
         consultation_type = excluded.consultation_type, consultation_reason = excluded.consultation_reason, nexo_answers = excluded.nexo_answers,
         draft_json = excluded.draft_json, pdf_storage_key = excluded.pdf_storage_key, pdf_sha256 = excluded.pdf_sha256, updated_at = excluded.updated_at,
         finalized_at = excluded.finalized_at, drafted_by = excluded.drafted_by, finalized_by = excluded.finalized_by,
         superseded_at = excluded.superseded_at, amendment_reason = excluded.amendment_reason, verification_code = excluded.verification_code,
         signature_kind = excluded.signature_kind
       where report.organization_id = excluded.organization_id`,
      [r.id, r.organizationId, r.patientId, r.examId, r.doctorId || null, r.doctorName, r.type, r.status, r.consultationType, r.consultationReason,
        r.nexoAnswers ? JSON.stringify(r.nexoAnswers) : null, r.draftJson, r.pdfStorageKey, r.pdfSha256, r.createdAt, r.updatedAt, r.finalizedAt,
        r.draftedBy ? JSON.stringify(r.draftedBy) : null, r.finalizedBy ? JSON.stringify(r.finalizedBy) : null,
        r.version, r.supersedesId, r.supersededAt, r.amendmentReason, r.verificationCode, r.signatureKind],
    );
  }
}
