import type { EarAudiogram } from '../../audiogram/audiogram';
import { isNoResponse, type Threshold } from '../../audiogram/threshold';
import { classifyHistoryForImport } from '../../imports/classify-history';
import { importPatientKey, parseImportRow, type ImportCells, type ValidImportRow } from '../../imports/import-row';
import type { Clock } from '../../ports/clock';
import type { ExamImportBatch, ExamImportSink, ImportPatientRequest, NewImportedExam, StoredExamForImport } from '../../ports/exam-import-sink';
import type { IdGenerator } from '../../ports/id-generator';
import type { Sex } from '../../patients/sex';

/** One record read from the file: its cells, or a problem found by the CSV edge (e.g. column count). */
export type ImportRecord = { line: number; cells: ImportCells } | { line: number; problem: string };

export interface ImportProgress {
  read: number;
  imported: number;
  duplicates: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress {
  patientsCreated: number;
  batches: number;
  dryRun: boolean;
}

export interface ImportExamsOptions {
  dryRun: boolean;
  batchSize: number;
  /** Called for every rejected record, in file order. */
  onRejected(line: number, reasons: readonly string[]): void | Promise<void>;
  /** Called after every committed batch (and once at the end). */
  onProgress?(progress: ImportProgress): void;
}

const thresholdText = (t: Threshold | undefined) => (t === undefined || t === null ? '' : isNoResponse(t) ? `NR${t.level}` : String(t));
const mapText = (map: Readonly<Record<number, Threshold>> | undefined) =>
  Object.keys(map ?? {}).sort().map((hz) => `${hz}=${thresholdText(map![Number(hz)])}`).join(',');
/** Canonical text of both ears' thresholds (part of the natural key). */
function audiogramText(right: EarAudiogram, left: EarAudiogram): string {
  const part = (ear: EarAudiogram) => `${mapText(ear.air as Record<number, Threshold>)}/${mapText(ear.bone as Record<number, Threshold> | undefined)}`;
  return `${part(right)}|${part(left)}`;
}

/**
 * Bulk import of past exams into one organisation (issue 8): every record is validated with the web
 * app's rules; valid ones are written in batches, one transaction each. Per batch: companies and
 * workers found or created, exams already stored (natural key = worker + date + thresholds)
 * skipped, the new ones inserted, and every touched worker's whole history re-classified in date
 * order exactly as `classifyPatientExams` does, updating the stored exams from the first new date
 * on. A crash between batches loses nothing committed; a re-run skips what is stored.
 */
export class ImportExams {
  constructor(
    private readonly sink: ExamImportSink,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(records: AsyncIterable<ImportRecord>, o: ImportExamsOptions): Promise<ImportSummary> {
    const summary: ImportSummary = { read: 0, imported: 0, duplicates: 0, rejected: 0, patientsCreated: 0, batches: 0, dryRun: o.dryRun };
    const today = this.clock.now();
    let batch: ValidImportRow[] = [];
    // One batch is written while the next one is read and validated: the database and the CPU work
    // side by side. A batch starts only after the previous one committed (its workers and exams
    // must be visible to it), so at most two batches are in memory.
    let writing: Promise<void> | undefined;
    const write = async (rows: ValidImportRow[]) => {
      if (!o.dryRun) {
        const r = await this.sink.batch((b) => this.writeBatch(b, rows));
        summary.imported += r.imported;
        summary.duplicates += r.duplicates;
        summary.patientsCreated += r.patientsCreated;
      }
      summary.batches++;
      o.onProgress?.(summary);
    };
    const flush = async () => {
      if (writing) await writing;
      writing = undefined;
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      writing = write(rows);
      writing.catch(() => {}); // awaited (and rethrown) by the next flush
    };
    try {
      for await (const record of records) {
        summary.read++;
        if ('problem' in record) {
          summary.rejected++;
          await o.onRejected(record.line, [record.problem]);
          continue;
        }
        const parsed = parseImportRow(record.line, record.cells, today);
        if (!parsed.ok) {
          summary.rejected++;
          await o.onRejected(parsed.line, parsed.reasons);
          continue;
        }
        batch.push(parsed.row);
        if (batch.length >= o.batchSize) await flush();
      }
      await flush();
      await writing;
    } finally {
      // an unreadable input mid-file: the batch being written still commits (or fails) before we return
      await writing?.catch(() => {});
    }
    o.onProgress?.(summary);
    return summary;
  }

  private async writeBatch(b: ExamImportBatch, rows: readonly ValidImportRow[]) {
    const requests = new Map<string, ImportPatientRequest>();
    for (const r of rows) {
      const key = importPatientKey(r.patient);
      if (!requests.has(key)) requests.set(key, { ...r.patient, key });
    }
    const patients = await b.resolvePatients([...requests.values()]);
    const patientsCreated = [...patients.values()].filter((p) => p.created).length;

    // natural keys: same worker, date and thresholds = the same exam (also within the file)
    const keyed = rows.map((r) => {
      const patient = patients.get(importPatientKey(r.patient))!;
      return { row: r, patient, naturalKey: this.sink.digest(`${patient.id}|${r.exam.date}|${audiogramText(r.exam.right, r.exam.left)}`) };
    });
    const stored = await b.existingNaturalKeys(keyed.map((k) => k.naturalKey));
    const seen = new Set<string>();
    let duplicates = 0;
    const fresh = keyed.filter((k) => {
      if (stored.has(k.naturalKey) || seen.has(k.naturalKey)) {
        duplicates++;
        return false;
      }
      seen.add(k.naturalKey);
      return true;
    });
    if (!fresh.length) return { imported: 0, duplicates, patientsCreated };

    const now = this.clock.now().getTime();
    const byPatient = new Map<string, { sex: Sex; exams: NewImportedExam[]; history: StoredExamForImport[] }>();
    for (const k of fresh) {
      let entry = byPatient.get(k.patient.id);
      if (!entry) byPatient.set(k.patient.id, (entry = { sex: k.patient.sex, exams: [], history: [] }));
      // distinct creation instants keep the file order among exams of one worker on one date
      const createdAt = new Date(now + entry.exams.length);
      entry.exams.push({ ...k.row.exam, id: this.ids.next(), patientId: k.patient.id, naturalKey: k.naturalKey, classificationJson: '', rulesVersion: '', createdAt });
    }
    const created = new Set([...patients.values()].filter((p) => p.created).map((p) => p.id));
    const existingIds = [...byPatient.keys()].filter((id) => !created.has(id));
    if (existingIds.length) for (const e of await b.loadExams(existingIds)) byPatient.get(e.patientId)?.history.push(e);

    const updates: Array<{ id: string; classificationJson: string; rulesVersion: string }> = [];
    const inserts: NewImportedExam[] = [];
    for (const { sex, exams, history } of byPatient.values()) {
      const firstNew = exams.reduce((min, e) => (e.date < min ? e.date : min), exams[0].date);
      const fresh = new Set<unknown>(exams);
      for (const c of classifyHistoryForImport<StoredExamForImport | NewImportedExam>([...history, ...exams], { sex })) {
        if (fresh.has(c.exam)) inserts.push({ ...(c.exam as NewImportedExam), classificationJson: c.classificationJson, rulesVersion: c.rulesVersion });
        else if (c.exam.date >= firstNew) updates.push({ id: (c.exam as StoredExamForImport).id, classificationJson: c.classificationJson, rulesVersion: c.rulesVersion });
      }
    }
    const imported = await b.insertExams(inserts);
    if (updates.length) await b.updateClassifications(updates);
    return { imported, duplicates: duplicates + (inserts.length - imported), patientsCreated };
  }
}
