import type { EntityManager } from '@mikro-orm/postgresql';
import {
  anonymizeDraftJson, REMOVED_FILE_NAME, scrubJson, scrubText, toWireAudiogram,
  type AnonymizationPlan, type DeletionDecision, type DeletionRequestStatus, type DeletionRequestStatusView, type DeletionRequestStore,
  type DeletionRequestView, type ExportedFile, type ExportedReport, type RetentionInput, type RetentionSource, type WorkerAnonymizer,
  type WorkerIdentifiers, type WorkerRecords, type WorkerRecordsSource, type WorkerToAnonymize,
} from '../../../../../core/src';
import type { SqlRows } from './mikro-orm-programme-outcomes';
import { iso, sql, type Row } from './sql-rows';
import { classificationsOf } from './exam-classifications';
import { decodeStoredAudiogram } from '../../stored-audiogram';
import { isUuid } from './uuid';

type Em = () => EntityManager;

const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const DATE_ONLY = /(^|_)date$|^admission_date$|^dismissal_date$|^start_date$|^end_date$|^exposure_assessed_at$/;
/** A timestamptz as the driver answers it (a Date, or its text) → Date. */
const instant = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const isoInstant = (v: unknown): string | null => instant(v)?.toISOString() ?? null;

/** A row as JSON: camelCase keys, timestamps ISO, dates YYYY-MM-DD, jsonb kept as parsed. */
function record(row: Row, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.includes(k)) continue;
    out[camel(k)] = DATE_ONLY.test(k) ? iso(v) : k.endsWith('_at') ? isoInstant(v) : v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v;
  }
  return out;
}

const parseJson = (text: unknown): unknown => {
  if (typeof text !== 'string') return text ?? null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Every record of a worker for the LGPD access export (plain SQL; read-only). */
export class SqlWorkerRecordsSource implements WorkerRecordsSource {
  constructor(private readonly em: Em) {}

  async collect(organizationId: string, patientId: string): Promise<WorkerRecords | undefined> {
    if (!isUuid(patientId)) return undefined;
    const q = sql(this.em());
    const [patient] = await q(`select p.*, c.name as company_name from patient p left join company c on c.id = p.company_id
      where p.organization_id = ? and p.id = ?`, [organizationId, patientId]);
    if (!patient) return undefined;
    const [org] = await q('select name from organization where id = ?', [organizationId]);
    const employments = await q(`select e.*, c.name as company_name, s.name as sector_name, g.name as ghe_name from employment e
      left join company c on c.id = e.company_id left join sector s on s.id = e.sector_id left join ghe g on g.id = e.ghe_id
      where e.organization_id = ? and e.patient_id = ? order by e.start_date, e.created_at`, [organizationId, patientId]);
    const exams = await q('select * from exam where organization_id = ? and patient_id = ? order by exam_date, created_at', [organizationId, patientId]);
    const classifications = await classificationsOf(q, organizationId, [patientId]);
    const readings = await q(`select r.* from exam_reading r join exam e on e.id = r.exam_id
      where e.organization_id = ? and e.patient_id = ? order by r.created_at`, [organizationId, patientId]);
    const reports = await q('select * from report where organization_id = ? and patient_id = ? order by exam_id, created_at', [organizationId, patientId]);
    const files = await q(`select f.* from exam_file f join exam e on e.id = f.exam_id
      where e.organization_id = ? and e.patient_id = ? order by e.exam_date, f.created_at`, [organizationId, patientId]);
    const removedFiles = await q('select * from exam_file_removed where organization_id = ? and patient_id = ? order by removed_at', [organizationId, patientId]);
    const deletions = await q('select * from exam_deletion where organization_id = ? and patient_id = ? order by deleted_at', [organizationId, patientId]);
    const asos = await q('select * from aso where organization_id = ? and patient_id = ? order by aso_date, created_at', [organizationId, patientId]);
    const requests = await q(`select id, email, status, created_at, decided_at, reason from data_deletion_request
      where patient_id = ? or (status = 'recebido' and ? <> '' and lower(email) = lower(?)) order by created_at`,
    [patientId, String(patient.email ?? ''), String(patient.email ?? '')]);
    return {
      organizationName: String(org?.name ?? ''),
      patient: record(patient, ['name_search']) as WorkerRecords['patient'],
      employments: employments.map((r) => record(r)),
      // the classification as the worker's other records show it: computed from his history (ADR 0025)
      // the thresholds in the API's audiogram shape (the row keeps them as bytes, ADR 0026)
      exams: exams.map((r) => {
        const { right, left } = decodeStoredAudiogram(r.audiogram as Buffer);
        return { ...record(r, ['classification_bits', 'natural_key']), audiogram: toWireAudiogram(right, left), classification: classifications.get(String(r.id)) ?? {}, id: String(r.id), date: iso(r.exam_date)! };
      }),
      readings: readings.map((r) => record(r)),
      reports: reports.map((r): ExportedReport => {
        const { draftJson, pdfStorageKey: _key, ...rest } = record(r);
        return {
          id: String(r.id), examId: String(r.exam_id), version: Number(r.version ?? 1), status: String(r.status),
          pdfStorageKey: (r.pdf_storage_key as string | null) ?? null, pdfSha256: (r.pdf_sha256 as string | null) ?? null,
          record: { ...rest, draft: parseJson(draftJson) },
        };
      }),
      files: files.map((f): ExportedFile => ({
        id: String(f.id), examId: String(f.exam_id), fileName: String(f.file_name), mediaType: String(f.media_type), sizeBytes: Number(f.size_bytes),
        sha256: String(f.sha256), storageKey: String(f.storage_key), createdAt: isoInstant(f.created_at)!,
      })),
      removedExamFiles: removedFiles.map((f): ExportedFile => ({
        id: String(f.file_id), examId: String(f.exam_id), fileName: String(f.file_name), mediaType: String(f.media_type), sizeBytes: Number(f.size_bytes),
        sha256: String(f.sha256), storageKey: String(f.storage_key), createdAt: isoInstant(f.removed_at)!,
      })),
      examDeletions: deletions.map((r) => record(r)),
      asos: asos.map((r) => record(r)),
      deletionRequests: requests.map((r) => record(r)),
    };
  }
}

/** Every storage key (`storageKey`) in a JSON document (an exam deletion's snapshot of its files). */
function storageKeysIn(value: unknown, into: string[]): void {
  if (Array.isArray(value)) value.forEach((v) => storageKeysIn(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'storageKey' && typeof v === 'string' && v) into.push(v);
      else storageKeysIn(v, into);
    }
  }
}

/** The document without its storage keys (the files they named are deleted). */
function withoutStorageKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStorageKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'storageKey' ? null : k === 'fileName' && typeof v === 'string' ? REMOVED_FILE_NAME : withoutStorageKeys(v)]));
  }
  return value;
}

const jsonText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The anonymisation of a worker, in the caller's transaction (docs/lgpd.md "What an approved deletion
 * removes"): his identity out of `patient` and `employment`; every copy of an identifier scrubbed out
 * of exams' free text and JSON, readings, laudo drafts (all versions), exam-deletion snapshots, embed
 * tokens and the programme's read model; exam-file rows deleted and laudo PDF keys cleared. Answers
 * the storage keys of his files and PDFs, deleted by the caller after the commit.
 */
export class SqlWorkerAnonymizer implements WorkerAnonymizer {
  constructor(private readonly em: Em) {}

  async load(organizationId: string, patientId: string, forUpdate: boolean): Promise<WorkerToAnonymize | undefined> {
    if (!isUuid(patientId)) return undefined;
    const q = sql(this.em());
    const [p] = await q(`select p.name, p.cpf, p.email, p.phone, p.birth_date, p.address, p.anonymized_at,
        (select max(x.exam_date) from exam x where x.patient_id = p.id) as last_exam,
        (select coalesce(array_agg(distinct e.registration), '{}') from employment e where e.patient_id = p.id and e.registration is not null) as registrations
      from patient p where p.organization_id = ? and p.id = ?${forUpdate ? ' for update of p' : ''}`, [organizationId, patientId]);
    if (!p) return undefined;
    return {
      identifiers: {
        name: String(p.name), cpf: (p.cpf as string | null)?.trim() || null, email: (p.email as string | null) || null, phone: (p.phone as string | null) || null,
        birthDate: iso(p.birth_date), address: (p.address as string | null) || null, registrations: (p.registrations as string[] | null) ?? [],
      },
      anonymizedAt: instant(p.anonymized_at),
      lastExamDate: iso(p.last_exam),
    };
  }

  async anonymize(plan: AnonymizationPlan): Promise<{ storageKeys: string[] }> {
    const q = sql(this.em());
    const { organizationId: org, patientId: pid, identifiers: id } = plan;
    const text = (v: unknown) => (typeof v === 'string' ? scrubText(v, id) : v ?? null);
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(scrubJson(typeof v === 'string' ? parseJson(v) : v, id)));
    const keys: string[] = [];

    for (const f of await q('select f.storage_key from exam_file f join exam e on e.id = f.exam_id where e.organization_id = ? and e.patient_id = ?', [org, pid])) keys.push(String(f.storage_key));
    for (const r of await q('select pdf_storage_key from report where organization_id = ? and patient_id = ? and pdf_storage_key is not null', [org, pid])) keys.push(String(r.pdf_storage_key));
    // the files of his removed exams: still stored, named only here
    for (const r of await q('delete from exam_file_removed where organization_id = ? and patient_id = ? returning storage_key', [org, pid])) keys.push(String(r.storage_key));

    await q(`update patient set name = ?, cpf = null, birth_date = null, age = coalesce(?, age), phone = null, email = null, address = null,
      anonymized_at = ?, updated_at = ? where organization_id = ? and id = ?`, [plan.label, plan.ageKept, plan.at, plan.at, org, pid]);
    await q('update employment set registration = null, updated_at = ? where organization_id = ? and patient_id = ? and registration is not null', [plan.at, org, pid]);

    // exams: free text and JSON documents that may quote him (a note, the operator's remarks); clinical values
    // stay (the thresholds are bytes, ADR 0026: nothing in them can name him)
    const examText = ['observacoes', 'anamnese', 'consultation_reason', 'mascaramento'] as const;
    const examJson = ['speech_test', 'ambiente_json', 'meatoscopia', 'reference_designation'] as const;
    for (const e of await q(`select id, ${examText.join(', ')}, ${examJson.map((c) => `${c}::text as ${c}`).join(', ')} from exam where organization_id = ? and patient_id = ?`, [org, pid])) {
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const c of examText) {
        const v = text(e[c]);
        if (v !== (e[c] ?? null)) { sets.push(`${c} = ?`); params.push(v); }
      }
      for (const c of examJson) {
        if (e[c] === null || e[c] === undefined) continue;
        const v = json(e[c]);
        if (v !== JSON.stringify(parseJson(e[c]))) { sets.push(`${c} = ?::jsonb`); params.push(v); }
      }
      if (sets.length) await q(`update exam set ${sets.join(', ')} where id = ?`, [...params, e.id]);
    }

    // the uploaded files: rows deleted (their readings keep the values read, under a neutral file name)
    await q('delete from exam_file f using exam e where e.id = f.exam_id and e.organization_id = ? and e.patient_id = ?', [org, pid]);
    for (const r of await q(`select r.id, r.reasons::text as reasons, r.reading::text as reading, r.identity_check::text as identity_check
      from exam_reading r join exam e on e.id = r.exam_id where e.organization_id = ? and e.patient_id = ?`, [org, pid])) {
      await q('update exam_reading set file_name = ?, reasons = ?::jsonb, reading = ?::jsonb, identity_check = ?::jsonb where id = ?',
        [REMOVED_FILE_NAME, json(r.reasons), json(r.reading), json(r.identity_check), r.id]);
    }

    // every laudo version: the PDF (which prints his name) is deleted, its hash stays for the public verification
    for (const r of await q('select id, draft_json, consultation_reason, nexo_answers::text as nexo_answers from report where organization_id = ? and patient_id = ?', [org, pid])) {
      await q('update report set draft_json = ?, consultation_reason = ?, nexo_answers = ?::jsonb, pdf_storage_key = null where id = ?',
        [anonymizeDraftJson(String(r.draft_json ?? ''), id, plan.label), text(r.consultation_reason), jsonText(r.nexo_answers === null ? null : json(r.nexo_answers)), r.id]);
    }

    // removed exams: their snapshot (files' names and keys included) and reason
    for (const d of await q('select id, reason, snapshot::text as snapshot from exam_deletion where organization_id = ? and patient_id = ?', [org, pid])) {
      const snapshot = parseJson(d.snapshot);
      storageKeysIn(snapshot, keys);
      await q('update exam_deletion set reason = ?, snapshot = ?::jsonb where id = ?', [text(d.reason), JSON.stringify(withoutStorageKeys(scrubJson(snapshot, id))), d.id]);
    }

    // a widget token made for him may carry his name
    for (const t of await q('select id, name from embed_token where organization_id = ? and patient_id = ?', [org, pid])) {
      const name = scrubText(String(t.name), id);
      if (name !== t.name) await q('update embed_token set name = ? where id = ?', [name, t.id]);
    }

    // the programme's read model orders by the normalised name
    await q('update programme_worker set name_key = limiar_search_text(?) where patient_id = ?', [plan.label, pid]);
    return { storageKeys: [...new Set(keys)] };
  }
}

function requestView(r: Row, candidates: DeletionRequestView['candidates']): DeletionRequestView {
  return {
    id: String(r.id), email: String(r.email), status: r.status as DeletionRequestStatus, createdAt: instant(r.created_at)!,
    decidedAt: instant(r.decided_at), decidedByName: (r.decided_by_name as string | null) ?? null, reason: (r.reason as string | null) ?? null,
    patientId: (r.patient_id as string | null) ?? null, patientName: (r.patient_name as string | null) ?? null, candidates,
  };
}

/** The data-deletion requests seen from an organisation (see DeletionRequestStore). */
export class SqlDeletionRequestStore implements DeletionRequestStore {
  constructor(private readonly em: Em) {}

  private visible = `(r.organization_id = ? or (r.status = 'recebido' and exists (select 1 from patient w
      where w.organization_id = ? and w.email is not null and lower(w.email) = lower(r.email) and w.anonymized_at is null)))`;

  private async withCandidates(organizationId: string, rows: Row[]): Promise<DeletionRequestView[]> {
    const emails = [...new Set(rows.filter((r) => r.status === 'recebido').map((r) => String(r.email).toLowerCase()))];
    const byEmail = new Map<string, DeletionRequestView['candidates']>();
    if (emails.length) {
      const found = await sql(this.em())(`select id, name, cpf, lower(email) as email from patient
        where organization_id = ? and email is not null and lower(email) in (select jsonb_array_elements_text(?::jsonb)) and anonymized_at is null order by name, id`, [organizationId, JSON.stringify(emails)]);
      for (const p of found) {
        const list = byEmail.get(String(p.email)) ?? [];
        list.push({ patientId: String(p.id), name: String(p.name), cpf: (p.cpf as string | null)?.trim() || null });
        byEmail.set(String(p.email), list);
      }
    }
    return rows.map((r) => requestView(r, r.status === 'recebido' ? byEmail.get(String(r.email).toLowerCase()) ?? [] : []));
  }

  async listForOrganization(organizationId: string, status?: DeletionRequestStatus) {
    const rows = await sql(this.em())(`select r.*, p.name as patient_name from data_deletion_request r left join patient p on p.id = r.patient_id
      where ${this.visible}${status ? ' and r.status = ?' : ''} order by r.created_at desc, r.id limit 500`,
    status ? [organizationId, organizationId, status] : [organizationId, organizationId]);
    return this.withCandidates(organizationId, rows);
  }

  async findForOrganization(organizationId: string, id: string, forUpdate = false) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())(`select r.*, p.name as patient_name from data_deletion_request r left join patient p on p.id = r.patient_id
      where r.id = ? and ${this.visible}${forUpdate ? ' for update of r' : ''}`, [id, organizationId, organizationId]);
    return rows[0] ? (await this.withCandidates(organizationId, rows))[0] : undefined;
  }

  async findStatus(id: string): Promise<DeletionRequestStatusView | undefined> {
    if (!isUuid(id)) return undefined;
    const [r] = await sql(this.em())('select id, status, created_at, decided_at, reason, token_hash from data_deletion_request where id = ?', [id]);
    return r ? {
      id: String(r.id), status: r.status as DeletionRequestStatus, createdAt: instant(r.created_at)!, decidedAt: instant(r.decided_at),
      reason: (r.reason as string | null) ?? null, tokenHash: (r.token_hash as string | null) ?? null,
    } : undefined;
  }

  async decide(d: DeletionDecision) {
    // an approval masks the e-mail and drops the address the request came from (they named the holder), and the
    // rate limiter's count of the form's submissions by that e-mail (an hour's window, kept as the e-mail)
    if (d.maskedEmail !== null) {
      await sql(this.em())(`delete from login_attempt a using data_deletion_request r
        where r.id = ? and a.kind = 'data-deletion' and lower(a.email) = lower(r.email)`, [d.requestId]);
    }
    await sql(this.em())(`update data_deletion_request set status = ?, organization_id = ?, patient_id = ?, decided_at = ?, decided_by = ?, decided_by_name = ?, reason = ?,
        email = coalesce(?, email), ip = case when ? then null else ip end
      where id = ?`, [d.status, d.organizationId, d.patientId, d.decidedAt, d.decidedBy, d.decidedByName, d.reason, d.maskedEmail, d.maskedEmail !== null, d.requestId]);
  }
}

/** The retention facts (`limiar retention-report`), over the ORM or a `pg` pool (`?` placeholders). */
export class SqlRetentionSource implements RetentionSource {
  constructor(private readonly rows: SqlRows) {}

  async organizations(organizationId?: string) {
    const found = organizationId
      ? await this.rows('select id, name from organization where id::text = ? or lower(name) = lower(?) order by name', [organizationId, organizationId])
      : await this.rows('select id, name from organization order by name, id', []);
    return found.map((o) => ({ id: String(o.id), name: String(o.name) }));
  }

  async workers(organizationId: string): Promise<RetentionInput[]> {
    const found = await this.rows(`select p.id, p.name, p.archived_at is not null as archived, p.anonymized_at is not null as anonymized,
        em.last_dismissal, coalesce(em.employed, false) as employed, em.patient_id is not null as has_employment, ex.last_exam, coalesce(ex.exams, 0) as exams
      from patient p
      left join (select patient_id, max(coalesce(dismissal_date, end_date)) as last_dismissal,
          bool_or(dismissal_date is null and end_date is null) as employed
        from employment where organization_id = ? group by patient_id) em on em.patient_id = p.id
      left join (select patient_id, max(exam_date) as last_exam, count(*) as exams from exam where organization_id = ? group by patient_id) ex on ex.patient_id = p.id
      where p.organization_id = ?`, [organizationId, organizationId, organizationId]);
    return found.map((w) => ({
      patientId: String(w.id), name: String(w.name), archived: Boolean(w.archived), anonymized: Boolean(w.anonymized),
      lastDismissal: iso(w.last_dismissal), employed: Boolean(w.employed), hasEmployment: Boolean(w.has_employment),
      lastExam: iso(w.last_exam), exams: Number(w.exams),
    }));
  }
}

export type { WorkerIdentifiers };
