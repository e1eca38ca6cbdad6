import { classifyHistory, type ReferenceDesignation, type WorkerSex } from '../../../../../core/src';
import { decodeStoredAudiogram } from '../../stored-audiogram';
import { iso, num, type Row } from './sql-rows';

type Run = (query: string, params: unknown[]) => Promise<Row[]>;

/**
 * The classification documents of the exams of these workers, computed from their histories when
 * read (ADR 0025: the document is a pure function of the worker's exams and sex, `classifyHistory`;
 * only typed columns of it are stored). One query for all the workers, then one walk per worker.
 * With `examIds`, only those exams' documents (the rest of each history is walked, not summarised).
 */
export async function classificationsOf(run: Run, organizationId: string, patientIds: readonly string[], examIds?: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const ids = [...new Set(patientIds)];
  if (!ids.length) return out;
  // one worker (an exam, a history) by equality: its prepared statement keeps one generic plan, where PostgreSQL
  // plans `= any($2)` again on every call (its row estimate depends on the array)
  const rows = await run(
    `select e.id, e.patient_id, e.exam_date, e.audiogram, e.acoustic_rest_hours, e.calibration_date, e.reference_designation, e.created_at, trim(p.sex) as sex
     from exam e join patient p on p.id = e.patient_id
     where e.organization_id = ? and ${ids.length === 1 ? 'e.patient_id = ?::uuid' : 'e.patient_id = any(?::uuid[])'} order by e.patient_id, e.exam_date, e.created_at, e.id`,
    // an array literal: MikroORM's raw binding would expand a JS array into a list
    [organizationId, ids.length === 1 ? ids[0] : `{${ids.join(',')}}`],
  );
  const only = examIds ? new Set(examIds) : undefined;
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && rows[i].patient_id === rows[start].patient_id) continue;
    const worker = rows.slice(start, i);
    const exams = worker.map((r) => ({
      id: r.id as string, date: iso(r.exam_date)!, ...decodeStoredAudiogram(r.audiogram as Buffer), acousticRestHours: num(r.acoustic_rest_hours),
      calibrationDate: iso(r.calibration_date), referenceDesignation: (r.reference_designation as ReferenceDesignation | null) ?? null, createdAt: new Date(r.created_at as string),
    }));
    for (const c of classifyHistory(exams, { sex: (worker[0].sex as WorkerSex | null) ?? undefined }, { document: 'object', only })) out.set(c.exam.id, c.document!);
    start = i;
  }
  return out;
}
