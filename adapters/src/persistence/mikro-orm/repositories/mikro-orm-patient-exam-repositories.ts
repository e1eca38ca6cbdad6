import { randomUUID } from 'node:crypto';
import { iso, num, prepared, sql, str, type Row } from './sql-rows';
import { isUuid } from './uuid';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  parseAttribution, type Attribution,
  type CompanyRepository, type DashboardCounts, type DashboardQueries, type Exam, type ExamDeletion, type ExamDeletionLog,
  type ExamFile, type ExamFileRepository, type ExamListQuery, type Meatoscopia, type ExamRepository, type ExamView, type Page, type Patient,
  type PatientListQuery, type PatientRepository, type ReadingNote, type ReferenceDesignation, type Sex, type SpeechTest,
} from '../../../../../core/src';
import { CompanySchema, ExamSchema, PatientSchema } from '../schemas/patient-exam-schemas';
import { CLASSIFICATION_COLUMNS, CLASSIFICATION_RECORD_TYPES, classificationProps, classificationRow } from '../../classification-row';
import { classificationsOf } from './exam-classifications';
import { decodeStoredAudiogram, encodeStoredAudiogram } from '../../stored-audiogram';
import { cpfPrefixCondition, cpfPrefixOf } from '../../cpf-prefix';

type Em = () => EntityManager;



const PATIENT_COLUMNS = `p.*, c.name as company_name`;

function toPatient(r: Row): Patient {
  return {
    id: r.id as string, organizationId: r.organization_id as string, name: r.name as string, age: num(r.age), sex: (r.sex as string).trim() as Sex,
    birthDate: iso(r.birth_date), cpf: str(r.cpf)?.trim() ?? null, phone: str(r.phone), email: str(r.email), address: str(r.address),
    companyId: str(r.company_id), companyName: str(r.company_name), jobTitle: str(r.job_title),
    archivedAt: r.archived_at ? new Date(r.archived_at as string) : null, archivedBy: parseAttribution(r.archived_by), createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
  };
}

function patientRow(p: Patient) {
  return {
    id: p.id, organizationId: p.organizationId, name: p.name, age: p.age, sex: p.sex, birthDate: p.birthDate, cpf: p.cpf,
    phone: p.phone, email: p.email, address: p.address, companyId: p.companyId, jobTitle: p.jobTitle, createdAt: p.createdAt, updatedAt: p.updatedAt,
  };
}

/** Search text normalised the way the `limiar_search_text` index is (lower, unaccented), LIKE-escaped. */
const likeParam = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Archived workers (and their exams and laudos) are few and indexed (patient_archived_idx): the
// counters kept by triggers count every row, so lists and the dashboard subtract these. One `?`: the organisation.
const ARCHIVED_PATIENTS = '(select count(*) from patient a where a.organization_id = ? and a.archived_at is not null)';
const ARCHIVED_EXAMS = '(select count(*) from patient a join exam x on x.patient_id = a.id where a.organization_id = ? and a.archived_at is not null)';
const ARCHIVED_REPORTS = '(select count(*) from patient a join report x on x.patient_id = a.id and x.current where a.organization_id = ? and a.archived_at is not null)';

export class MikroOrmPatientRepository implements PatientRepository {
  constructor(private readonly em: Em) {}

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await prepared(this.em())(`select ${PATIENT_COLUMNS} from patient p left join company c on c.id = p.company_id where p.organization_id = ? and p.id = ?`, [organizationId, id]);
    return rows[0] ? toPatient(rows[0]) : undefined;
  }

  async findByCpf(organizationId: string, cpf: string) {
    const rows = await sql(this.em())(`select ${PATIENT_COLUMNS} from patient p left join company c on c.id = p.company_id where p.organization_id = ? and p.cpf = ?`, [organizationId, cpf]);
    return rows[0] ? toPatient(rows[0]) : undefined;
  }

  async list(query: PatientListQuery): Promise<Page<Patient & { examCount: number }>> {
    const run = sql(this.em());
    const cpf = query.q ? cpfPrefixOf(query.q) : null;
    let where = `p.organization_id = ? and p.archived_at is ${query.archived ? 'not ' : ''}null`;
    const params: unknown[] = [query.organizationId];
    // the list's order: newest first, or by name when searching a name (columns of `patient`, unqualified)
    let order = 'created_at desc, id';
    if (query.q) {
      if (cpf) {
        const condition = cpfPrefixCondition('p.cpf', cpf);
        where += ` and ${condition.sql}`;
        params.push(...condition.params);
      } else {
        // the pattern normalised once, as an InitPlan: in the generic plan PostgreSQL keeps for this prepared
        // statement, `like limiar_search_text($2)` ran the function again for every row the index rechecked
        where += ' and p.name_search like (select limiar_search_text(?))';
        params.push(likeParam(query.q));
        order = 'name_search, id';
      }
    }
    const examCount = '(select count(*) from exam e where e.patient_id = p.id) as exam_count';
    if (query.q || query.archived) {
      // A search counts its matches in the same statement: the matches (id and sort keys only) once, then
      // their count and the page's rows from them — the trigram match is the expensive part and runs once,
      // not once for the page and again for the count (issue 22).
      const rows = await prepared(this.em())(`with m as materialized (select p.id, p.name_search, p.created_at from patient p where ${where}),
          pg as (select id, row_number() over (order by ${order}) as n from m order by ${order} limit ? offset ?)
        select ${PATIENT_COLUMNS}, ${examCount}, (select count(*) from m) as total_count
        from pg join patient p on p.id = pg.id left join company c on c.id = p.company_id order by pg.n`, [...params, query.limit, query.offset]);
      // a page past the last match has no row to carry the count
      const total = rows.length ? Number(rows[0].total_count) : query.offset > 0
        ? Number((await run<{ n: string }>(`select count(*) as n from patient p where ${where}`, params))[0]?.n ?? 0) : 0;
      return { items: rows.map((r) => ({ ...toPatient(r), examCount: Number(r.exam_count) })), total };
    }
    const [rows, count] = await Promise.all([
      run(`select ${PATIENT_COLUMNS}, ${examCount} from patient p left join company c on c.id = p.company_id where ${where} order by p.created_at desc, p.id limit ? offset ?`, [...params, query.limit, query.offset]),
      run<{ n: string }>(`select coalesce((select patients from organization_counter where organization_id = ?), 0) - ${ARCHIVED_PATIENTS} as n`, [query.organizationId, query.organizationId]),
    ]);
    return { items: rows.map((r) => ({ ...toPatient(r), examCount: Number(r.exam_count) })), total: Number(count[0]?.n ?? 0) };
  }

  async insert(patient: Patient) {
    try {
      await this.em().insert(PatientSchema, patientRow(patient));
      return 'inserted' as const;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'duplicate-cpf' as const;
      throw error;
    }
  }

  async update(patient: Patient) {
    const { id, organizationId, createdAt: _c, ...rest } = patientRow(patient);
    try {
      await this.em().nativeUpdate(PatientSchema, { id, organizationId }, rest);
      return 'updated' as const;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'duplicate-cpf' as const;
      throw error;
    }
  }

  async setArchived(organizationId: string, id: string, archivedAt: Date | null, archivedBy: Attribution | null = null) {
    if (!isUuid(id)) return false;
    const by = archivedAt && archivedBy ? { ...archivedBy } : null;
    return (await this.em().nativeUpdate(PatientSchema, { id, organizationId }, { archivedAt, archivedBy: by })) > 0;
  }

  async delete(organizationId: string, id: string) {
    if (!isUuid(id)) return false;
    // exams and exam files go by ON DELETE CASCADE, in this statement's transaction
    return (await this.em().nativeDelete(PatientSchema, { id, organizationId })) > 0;
  }
}

export class MikroOrmCompanyRepository implements CompanyRepository {
  constructor(private readonly em: Em) {}

  async findOrCreate(organizationId: string, name: string) {
    const run = sql(this.em());
    // a matriz and its filiais may share the name (each with its CNPJ): the oldest one is taken
    const byName = 'select id, name from company where organization_id = ? and name_key = limiar_search_text(?) order by created_at, id limit 1';
    const found = await run<{ id: string; name: string }>(byName, [organizationId, name]);
    if (found[0]) return found[0];
    await run('insert into company (id, organization_id, name, created_at) values (?, ?, ?, now()) on conflict (organization_id, name_key) where cnpj is null do nothing', [randomUUID(), organizationId, name]);
    const rows = await run<{ id: string; name: string }>(byName, [organizationId, name]);
    return rows[0];
  }

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())<{ id: string; name: string }>('select id, name from company where organization_id = ? and id = ?', [organizationId, id]);
    return rows[0];
  }
}

function toExam(r: Row, classification: Record<string, unknown> = {}): Exam {
  const { right, left } = decodeStoredAudiogram(r.audiogram as Buffer);
  return {
    id: r.id as string, organizationId: r.organization_id as string, patientId: r.patient_id as string, date: iso(r.exam_date)!,
    operatorName: str(r.operator_name), operatorRegistration: str(r.operator_registration), operatorCrm: str(r.operator_crm),
    operatorCrmState: str(r.operator_crm_state), consultationType: str(r.consultation_type), consultationReason: str(r.consultation_reason),
    examType: (str(r.exam_type) as Exam['examType']) ?? null,
    ambientNoiseDb: num(r.ambient_noise_db), calibrationDate: iso(r.calibration_date), transducer: str(r.transducer),
    acousticRestHours: num(r.acoustic_rest_hours), observacoes: str(r.observacoes), anamnese: str(r.anamnese),
    meatoscopia: (r.meatoscopia as Meatoscopia | null) ?? null, mascaramento: str(r.mascaramento), right, left,
    speechTest: (r.speech_test as SpeechTest | null) ?? null, ambienteJson: (r.ambiente_json as ReadingNote | null) ?? null,
    classification, rulesVersion: r.rules_version as string,
    referenceDesignation: (r.reference_designation as ReferenceDesignation | null) ?? null,
    recordedBy: parseAttribution(r.recorded_by), updatedBy: parseAttribution(r.updated_by), imported: r.natural_key !== null && r.natural_key !== undefined,
    createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
  };
}

/** An exam typed or read in the app (the bulk import writes its rows itself, with their natural keys). */
export function examRow(e: Exam) {
  return {
    id: e.id, organizationId: e.organizationId, patientId: e.patientId, examDate: e.date, operatorName: e.operatorName,
    operatorRegistration: e.operatorRegistration, operatorCrm: e.operatorCrm, operatorCrmState: e.operatorCrmState,
    consultationType: e.consultationType, consultationReason: e.consultationReason, examType: e.examType ?? null, ambientNoiseDb: e.ambientNoiseDb,
    calibrationDate: e.calibrationDate, transducer: e.transducer, acousticRestHours: e.acousticRestHours, observacoes: e.observacoes,
    anamnese: e.anamnese ?? null, meatoscopia: e.meatoscopia ?? null, mascaramento: e.mascaramento ?? null,
    audiogram: encodeStoredAudiogram(e.right, e.left), speechTest: e.speechTest, ambienteJson: e.ambienteJson,
    rulesVersion: e.rulesVersion, referenceDesignation: e.referenceDesignation ?? null, naturalKey: null,
    ...classificationProps(e.classification),
    recordedBy: e.recordedBy ?? null, updatedBy: e.updatedBy ?? null,
    createdAt: e.createdAt, updatedAt: e.updatedAt,
  };
}

const VIEW_SELECT = `select e.*, p.name as patient_name, p.sex as patient_sex, p.age as patient_age, p.birth_date as patient_birth_date,
  p.created_at as patient_created_at, c.name as patient_company from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id`;

function toView(r: Row, classifications: Map<string, Record<string, unknown>>): ExamView {
  return {
    exam: toExam(r, classifications.get(r.id as string)),
    patient: {
      id: r.patient_id as string, name: r.patient_name as string, sex: (r.patient_sex as string).trim() as Sex, age: num(r.patient_age),
      birthDate: iso(r.patient_birth_date), companyName: str(r.patient_company), createdAt: new Date(r.patient_created_at as string),
    },
  };
}

export class MikroOrmExamRepository implements ExamRepository {
  constructor(private readonly em: Em) {}

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const run = prepared(this.em());
    const rows = await run(`${VIEW_SELECT} where e.organization_id = ? and e.id = ?`, [organizationId, id]);
    return rows[0] ? toView(rows[0], await classificationsOf(run, organizationId, [rows[0].patient_id as string], [rows[0].id as string])) : undefined;
  }

  async listAudiometryForPatient(organizationId: string, patientId: string) {
    if (!isUuid(patientId)) return [];
    const rows = await prepared(this.em())(
      'select id, exam_date, audiogram, acoustic_rest_hours, calibration_date, reference_designation, created_at from exam where organization_id = ? and patient_id = ? order by exam_date, created_at',
      [organizationId, patientId],
    );
    return rows.map((r) => ({
      id: r.id as string, date: iso(r.exam_date)!, ...decodeStoredAudiogram(r.audiogram as Buffer), acousticRestHours: num(r.acoustic_rest_hours),
      calibrationDate: iso(r.calibration_date), referenceDesignation: (r.reference_designation as ReferenceDesignation | null) ?? null,
      createdAt: new Date(r.created_at as string),
    }));
  }

  async listForPatient(organizationId: string, patientId: string) {
    if (!isUuid(patientId)) return [];
    const run = sql(this.em());
    const rows = await run('select * from exam where organization_id = ? and patient_id = ? order by exam_date, created_at', [organizationId, patientId]);
    const classifications = await classificationsOf(run, organizationId, [patientId]);
    return rows.map((r) => toExam(r, classifications.get(r.id as string)));
  }

  async list(query: ExamListQuery): Promise<Page<ExamView>> {
    const run = sql(this.em());
    let where = 'e.organization_id = ?';
    const params: unknown[] = [query.organizationId];
    if (query.patientId) {
      if (!isUuid(query.patientId)) return { items: [], total: 0 };
      where += ' and e.patient_id = ?';
      params.push(query.patientId);
    } else {
      where += ' and p.archived_at is null';
    }
    if (query.q) {
      where += ` and (p.name_search like limiar_search_text(?) or limiar_search_text(coalesce(e.operator_name, '')) like limiar_search_text(?)
        or limiar_search_text(coalesce(c.name, '')) like limiar_search_text(?))`;
      params.push(likeParam(query.q), likeParam(query.q), likeParam(query.q));
    }
    const from = 'from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id';
    const [rows, count] = await Promise.all([
      run(`${VIEW_SELECT} where ${where} order by e.exam_date desc, e.id limit ? offset ?`, [...params, query.limit, query.offset]),
      query.q || query.patientId
        ? run<{ n: string }>(`select count(*) as n ${from} where ${where}`, params)
        : run<{ n: string }>(`select coalesce((select exams from organization_counter where organization_id = ?), 0) - ${ARCHIVED_EXAMS} as n`, [query.organizationId, query.organizationId]),
    ]);
    const classifications = await classificationsOf(run, query.organizationId, rows.map((r) => r.patient_id as string), rows.map((r) => r.id as string));
    return { items: rows.map((r) => toView(r, classifications)), total: Number(count[0]?.n ?? 0) };
  }

  async insert(exam: Exam) {
    await this.em().insert(ExamSchema, examRow(exam));
  }

  async update(exam: Exam) {
    // who recorded it is written once; an update that names no corrector keeps the last one
    const { id, organizationId, createdAt: _c, naturalKey: _k, recordedBy: _r, updatedBy, ...rest } = examRow(exam);
    await this.em().nativeUpdate(ExamSchema, { id, organizationId }, exam.updatedBy === undefined ? rest : { ...rest, updatedBy });
  }

  async delete(organizationId: string, id: string) {
    if (!isUuid(id)) return false;
    // its exam_file rows and its (draft) report go by ON DELETE CASCADE
    return (await this.em().nativeDelete(ExamSchema, { id, organizationId })) > 0;
  }

  async listPatientsWithStaleRules(rulesVersion: string, limit: number) {
    const rows = await sql(this.em())<{ organization_id: string; patient_id: string }>(
      'select distinct organization_id, patient_id from exam where rules_version <> ? limit ?', [rulesVersion, limit]);
    return rows.map((r) => ({ organizationId: r.organization_id, patientId: r.patient_id }));
  }

  async saveClassifications(organizationId: string, updates: ReadonlyArray<Pick<Exam, 'id' | 'classification' | 'rulesVersion'>>) {
    if (!updates.length) return;
    await sql(this.em())(
      `update exam e set rules_version = u.rules_version, updated_at = now(), ${CLASSIFICATION_COLUMNS.map((c) => `${c} = u.${c}`).join(', ')}
       from jsonb_to_recordset(?::jsonb) as u(id uuid, rules_version text, ${CLASSIFICATION_RECORD_TYPES})
       where e.id = u.id and e.organization_id = ?`,
      [JSON.stringify(updates.map((u) => ({ id: u.id, rules_version: u.rulesVersion, ...classificationRow(u.classification) }))), organizationId],
    );
  }
}

export class MikroOrmExamDeletionLog implements ExamDeletionLog {
  constructor(private readonly em: Em) {}

  async record(d: ExamDeletion) {
    await sql(this.em())(
      `insert into exam_deletion (id, organization_id, patient_id, exam_id, exam_date, reason, deleted_by, deleted_by_member_id, deleted_by_name, deleted_at, snapshot)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
      [d.id, d.organizationId, d.patientId, d.examId, d.examDate, d.reason, d.deletedBy, d.deletedByMemberId ?? null, d.deletedByName, d.deletedAt, JSON.stringify(d.snapshot)],
    );
  }

  async listForPatient(organizationId: string, patientId: string): Promise<ExamDeletion[]> {
    if (!isUuid(patientId)) return [];
    const rows = await sql(this.em())('select * from exam_deletion where organization_id = ? and patient_id = ? order by deleted_at desc, id', [organizationId, patientId]);
    return rows.map((r) => ({
      id: r.id as string, organizationId: r.organization_id as string, patientId: r.patient_id as string, examId: r.exam_id as string,
      examDate: iso(r.exam_date)!, reason: r.reason as string, deletedBy: str(r.deleted_by), deletedByMemberId: str(r.deleted_by_member_id), deletedByName: r.deleted_by_name as string,
      deletedAt: new Date(r.deleted_at as string), snapshot: r.snapshot as Record<string, unknown>,
    }));
  }
}

export class MikroOrmExamFileRepository implements ExamFileRepository {
  constructor(private readonly em: Em) {}

  async listForExam(organizationId: string, examId: string): Promise<ExamFile[]> {
    if (!isUuid(examId)) return [];
    const rows = await sql(this.em())('select * from exam_file where organization_id = ? and exam_id = ? order by created_at', [organizationId, examId]);
    return rows.map((r) => ({
      id: r.id as string, examId: r.exam_id as string, fileName: r.file_name as string, mediaType: r.media_type as string,
      sizeBytes: Number(r.size_bytes), createdAt: new Date(r.created_at as string),
    }));
  }
}

export class MikroOrmDashboardQueries implements DashboardQueries {
  constructor(private readonly em: Em) {}

  async counts(organizationId: string, monthStart: string): Promise<DashboardCounts> {
    const rows = await sql(this.em())<Record<string, string>>(
      `select coalesce(c.patients, 0) - ${ARCHIVED_PATIENTS} as patients, coalesce(c.exams, 0) - ${ARCHIVED_EXAMS} as exams,
        coalesce(c.reports, 0) - ${ARCHIVED_REPORTS} as reports,
        (select count(*) from exam e join patient p on p.id = e.patient_id where e.organization_id = ? and e.exam_date >= ?::date and p.archived_at is null) as exams_this_month
       from (select 1) one left join organization_counter c on c.organization_id = ?`,
      [organizationId, organizationId, organizationId, organizationId, monthStart, organizationId],
    );
    const r = rows[0];
    return { patients: Number(r.patients), exams: Number(r.exams), reports: Number(r.reports), examsThisMonth: Number(r.exams_this_month) };
  }
}


export { CompanySchema };
