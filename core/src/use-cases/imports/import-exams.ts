import type { EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../audiogram/frequencies';
import { isNoResponse, type Threshold } from '../../audiogram/threshold';
import { classificationColumns, type ClassificationColumns } from '../../exams/classification-columns';
import { classifyHistoryChange } from '../../exams/classify-exams';
import { importNameKey, importPatientKey, parseImportRow, type ImportCells, type ImportEmploymentData, type ValidImportRow } from '../../imports/import-row';
import { planEmploymentImport, type EmploymentClaim } from '../../imports/import-employment';
import type { Clock } from '../../ports/clock';
import type { ExamImportBatch, ExamImportSink, ImportCompanyKey, ImportPatientRequest, ImportProgrammeRefs, NewImportedExam, ClassificationUpdate, ResolvedImportPatient, ResolvedProgrammeRefs, StoredExamForImport } from '../../ports/exam-import-sink';
import type { IdGenerator } from '../../ports/id-generator';
import type { Sex } from '../../patients/sex';

interface PreparedGroup {
  request: ImportPatientRequest;
  /** The worker's rows of the batch in file order, duplicates dropped. */
  rows: ValidImportRow[];
  /** `date|thresholds` of each row: the natural key without the worker's id. */
  examKeys: string[];
  seen: Set<string>;
  /** Classification of each row when the worker is new (computed ahead when worth it). */
  asNewWorker?: Array<{ exam: { id: string }; classificationJson: string; columns: ClassificationColumns; rulesVersion: string }>;
}


/** The columns of an exam not classified yet (replaced before it is written). */
const NOT_CLASSIFIED: ClassificationColumns = classificationColumns({});

interface PreparedBatch {
  groups: PreparedGroup[];
  /** Rows dropped as duplicates inside the batch. */
  duplicates: number;
}

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
  /** Companies and GHEs created from the programme columns (cnpj/empresa, ghe), and employment periods opened. */
  companiesCreated: number;
  ghesCreated: number;
  employmentPeriodsCreated: number;
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
  /**
   * Lets pending I/O run (the batch being written: COPY data to send, query results). Reading and
   * validating rows is synchronous CPU work; without a pause every few rows the database would wait
   * for it. The CLI passes `setImmediate`.
   */
  yieldToIo?(): Promise<void>;
}

/** Rows read between two `yieldToIo` pauses. */
const ROWS_BETWEEN_PAUSES = 64;

const thresholdText = (t: Threshold | undefined) => (t === undefined || t === null ? '' : isNoResponse(t) ? `NR${t.level}` : String(t));
/** Hz keys in the order the natural-key text lists them (as text, sorted: "1000" before "250"). */
const AIR_KEYS = AIR_FREQUENCIES.map(String).sort();
const BONE_KEYS = BONE_FREQUENCIES.map(String).sort();
/** `hz=value` pairs of one map, keys sorted as text (the import only produces grid frequencies). */
function mapText(map: Readonly<Partial<Record<number, Threshold>>> | undefined, keys: readonly string[]): string {
  if (!map) return '';
  let out = '';
  for (const hz of keys) if (hz in map) out += `${out ? ',' : ''}${hz}=${thresholdText(map[hz as unknown as number])}`;
  return out;
}
/** Canonical text of both ears' thresholds (part of the natural key: never change its format). */
export function audiogramText(right: EarAudiogram, left: EarAudiogram): string {
  return `${mapText(right.air, AIR_KEYS)}/${mapText(right.bone, BONE_KEYS)}|${mapText(left.air, AIR_KEYS)}/${mapText(left.bone, BONE_KEYS)}`;
}

/**
 * Bulk import of past exams into one organisation (issue 8): every record is validated with the web
 * app's rules; valid ones are written in batches, one transaction each. Per batch: companies and
 * workers found or created, exams already stored (natural key = worker + date + thresholds)
 * skipped, the new ones inserted, and every touched worker's whole history re-classified by
 * `classifyHistoryChange` (the one classification path of every exam write), updating the stored exams from the first new date
 * on. A crash between batches loses nothing committed; a re-run skips what is stored.
 */
export class ImportExams {
  constructor(
    private readonly sink: ExamImportSink,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The JSON document is built only for a sink that stores it. */
  private get classifyOptions() {
    return { document: this.sink.storesClassificationDocument };
  }

  async execute(records: AsyncIterable<ImportRecord>, o: ImportExamsOptions): Promise<ImportSummary> {
    const summary: ImportSummary = {
      read: 0, imported: 0, duplicates: 0, rejected: 0, patientsCreated: 0, companiesCreated: 0, ghesCreated: 0, employmentPeriodsCreated: 0, batches: 0, dryRun: o.dryRun,
    };
    const today = this.clock.now();
    let batch: ValidImportRow[] = [];
    // One batch is written while the next one is read and validated: the database and the CPU work
    // side by side. A batch starts only after the previous one committed (its workers and exams
    // must be visible to it), so at most two batches are in memory.
    let writing: Promise<void> | undefined;
    // Workers created by the import have no stored history: their exams are classified while the
    // previous batch is still being written (see `prepare`). Turned off while batches find their
    // workers already stored (a re-run), where that work would be thrown away.
    let speculate = true;
    const write = async (prepared: PreparedBatch) => {
      if (!o.dryRun) {
        const r = await this.sink.batch((b) => this.writeBatch(b, prepared));
        summary.imported += r.imported;
        summary.duplicates += r.duplicates;
        summary.patientsCreated += r.patientsCreated;
        summary.companiesCreated += r.companiesCreated;
        summary.ghesCreated += r.ghesCreated;
        summary.employmentPeriodsCreated += r.employmentPeriodsCreated;
        speculate = r.patientsCreated * 2 >= prepared.groups.length;
      }
      summary.batches++;
      o.onProgress?.(summary);
    };
    const flush = async () => {
      const prepared = batch.length ? this.prepare(batch, speculate && !o.dryRun) : undefined;
      batch = [];
      if (writing) await writing;
      writing = undefined;
      if (!prepared) return;
      writing = write(prepared);
      writing.catch(() => {}); // awaited (and rethrown) by the next flush
    };
    try {
      for await (const record of records) {
        summary.read++;
        if (o.yieldToIo && summary.read % ROWS_BETWEEN_PAUSES === 0 && writing) await o.yieldToIo();
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

  /**
   * CPU work of a batch that needs no database: rows grouped by worker, duplicates inside the
   * batch dropped (same worker, date and thresholds), and — when `speculate` — each group classified
   * as the whole history of a new worker, which it is when the worker turns out to be created by
   * this batch (the usual case of a first import). Runs while the previous batch is being written.
   */
  private prepare(rows: readonly ValidImportRow[], speculate: boolean): PreparedBatch {
    const groups = new Map<string, PreparedGroup>();
    let duplicates = 0;
    for (const row of rows) {
      const key = importPatientKey(row.patient);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { request: { ...row.patient, key }, rows: [], examKeys: [], seen: new Set() }));
      const examKey = `${row.exam.date}|${audiogramText(row.exam.right, row.exam.left)}`;
      if (g.seen.has(examKey)) {
        duplicates++;
        continue;
      }
      g.seen.add(examKey);
      g.rows.push(row);
      g.examKeys.push(examKey);
    }
    if (speculate) {
      for (const g of groups.values()) {
        // ids given now, so the classification can name the reference exam (reference_exam_id)
        const exams = g.rows.map((r, i) => ({ ...r.exam, id: this.ids.next(), index: i, createdAt: new Date(i) }));
        g.asNewWorker = new Array(exams.length);
        for (const c of classifyHistoryChange([], { written: exams, fromDate: '' }, { sex: g.request.sex }, this.classifyOptions).written) g.asNewWorker[c.exam.index] = c;
      }
    }
    return { groups: [...groups.values()], duplicates };
  }

  private async writeBatch(b: ExamImportBatch, prepared: PreparedBatch) {
    const refs = programmeRefs(prepared);
    const resolved = refs ? await b.resolveProgrammeRefs(refs) : undefined;
    const patients = await b.resolvePatients(prepared.groups.map((g) => g.request));
    const patientsCreated = [...patients.values()].filter((p) => p.created).length;
    const programme = { companiesCreated: resolved?.companiesCreated ?? 0, ghesCreated: resolved?.ghesCreated ?? 0, employmentPeriodsCreated: 0 };
    if (resolved) programme.employmentPeriodsCreated = await this.writeEmployments(b, prepared, patients, resolved);
    const now = this.clock.now().getTime();
    let duplicates = prepared.duplicates;

    // natural keys: same worker, date and thresholds = the same exam (also within the file)
    const inserts: NewImportedExam[] = [];
    const others: Array<{ row: ValidImportRow; patient: ResolvedImportPatient; naturalKey: string }> = [];
    for (const g of prepared.groups) {
      const patient = patients.get(g.request.key)!;
      // a worker created now has nothing stored: its exams are exactly the group, classified already
      const ready = patient.created && patient.sex === g.request.sex ? g.asNewWorker : undefined;
      for (let i = 0; i < g.rows.length; i++) {
        const naturalKey = this.sink.digest(`${patient.id}|${g.examKeys[i]}`);
        if (!ready) others.push({ row: g.rows[i], patient, naturalKey });
        else {
          // distinct creation instants keep the file order among exams of one worker on one date
          inserts.push({ ...g.rows[i].exam, id: ready[i].exam.id, patientId: patient.id, naturalKey, classificationJson: ready[i].classificationJson, classificationColumns: ready[i].columns, rulesVersion: ready[i].rulesVersion, createdAt: new Date(now + i) });
        }
      }
    }

    // workers already stored (or several groups resolved to one worker): skip stored exams and
    // re-classify each whole history, updating the stored exams from the first new date on
    const updates: ClassificationUpdate[] = [];
    if (others.length) {
      const stored = await b.existingNaturalKeys(others.map((k) => ({ patientId: k.patient.id, naturalKey: k.naturalKey })));
      const seen = new Set<string>();
      const byPatient = new Map<string, { sex: Sex; exams: NewImportedExam[]; history: StoredExamForImport[] }>();
      for (const k of others) {
        if (stored.has(k.naturalKey) || seen.has(k.naturalKey)) {
          duplicates++;
          continue;
        }
        seen.add(k.naturalKey);
        let entry = byPatient.get(k.patient.id);
        if (!entry) byPatient.set(k.patient.id, (entry = { sex: k.patient.sex, exams: [], history: [] }));
        const createdAt = new Date(now + entry.exams.length);
        entry.exams.push({ ...k.row.exam, id: this.ids.next(), patientId: k.patient.id, naturalKey: k.naturalKey, classificationJson: '', classificationColumns: NOT_CLASSIFIED, rulesVersion: '', createdAt });
      }
      const created = new Set([...patients.values()].filter((p) => p.created).map((p) => p.id));
      const existingIds = [...byPatient.keys()].filter((id) => !created.has(id));
      if (existingIds.length) for (const e of await b.loadExams(existingIds)) byPatient.get(e.patientId)?.history.push(e);
      for (const { sex, exams, history } of byPatient.values()) {
        const firstNew = exams.reduce((min, e) => (e.date < min ? e.date : min), exams[0].date);
        const classified = classifyHistoryChange<StoredExamForImport | NewImportedExam>(history, { written: exams, fromDate: firstNew }, { sex }, this.classifyOptions);
        for (const c of classified.written) inserts.push({ ...(c.exam as NewImportedExam), classificationJson: c.classificationJson, classificationColumns: c.columns, rulesVersion: c.rulesVersion });
        for (const c of classified.later) updates.push({ id: c.exam.id, classificationJson: c.classificationJson, classificationColumns: c.columns, rulesVersion: c.rulesVersion });
      }
    }
    if (!inserts.length) return { imported: 0, duplicates, patientsCreated, ...programme };
    const imported = await b.insertExams(inserts);
    if (updates.length) await b.updateClassifications(updates);
    return { imported, duplicates: duplicates + (inserts.length - imported), patientsCreated, ...programme };
  }

  /** The rows' employment claims planned against the stored periods (planEmploymentImport) and written. */
  private async writeEmployments(b: ExamImportBatch, prepared: PreparedBatch, patients: Map<string, ResolvedImportPatient>, refs: ResolvedProgrammeRefs): Promise<number> {
    const claims: EmploymentClaim[] = [];
    for (const g of prepared.groups) {
      const patient = patients.get(g.request.key)!;
      for (const row of g.rows) {
        const e = row.employment;
        if (!e) continue;
        const company = companyKey(e);
        claims.push({
          patientId: patient.id, companyId: refs.companies.get(company)!, admissionDate: e.admissionDate, examDate: row.exam.date,
          registration: e.registration, jobTitle: row.patient.jobTitle,
          sectorId: e.sector ? refs.sectors.get(`${company}|${importNameKey(e.sector)}`) ?? null : null,
          gheId: e.ghe ? refs.ghes.get(`${company}|${importNameKey(e.ghe)}`) ?? null : null,
        });
      }
    }
    if (!claims.length) return 0;
    const patientIds = [...new Set(claims.map((c) => c.patientId))];
    const existing = await b.loadEmployments(patientIds);
    const nextId = () => this.ids.next();
    let plan = planEmploymentImport(existing, claims, nextId);
    if (plan.closes.length) {
      // a transfer out of a stored period only when no later stored exam already placed the worker there
      const closing = existing.filter((p) => plan.closes.some((c) => c.id === p.id));
      const exams = await b.loadExams([...new Set(closing.map((p) => p.patientId))]);
      const placedUntil = new Map<string, string>();
      for (const p of closing) {
        for (const e of exams) {
          if (e.patientId === p.patientId && e.date >= p.startDate && (p.endDate === null || e.date < p.endDate) && e.date > (placedUntil.get(p.id) ?? '')) placedUntil.set(p.id, e.date);
        }
      }
      plan = planEmploymentImport(existing, claims, nextId, placedUntil);
    }
    if (plan.inserts.length || plan.closes.length || plan.fills.length) await b.applyEmployments(plan, patientIds);
    return plan.inserts.length;
  }
}

const companyKey = (e: Pick<ImportEmploymentData, 'cnpj' | 'companyName'>): ImportCompanyKey => (e.cnpj ? `cnpj:${e.cnpj}` : `nome:${importNameKey(e.companyName ?? '')}`);

/** The companies, sectors and GHEs the batch's rows name; undefined when no row has employment columns. */
function programmeRefs(prepared: PreparedBatch): ImportProgrammeRefs | undefined {
  const companies = new Map<ImportCompanyKey, ImportProgrammeRefs['companies'][number]>();
  const sectors = new Map<string, ImportProgrammeRefs['sectors'][number]>();
  const ghes = new Map<string, ImportProgrammeRefs['ghes'][number]>();
  for (const g of prepared.groups) {
    for (const { employment: e } of g.rows) {
      if (!e) continue;
      const key = companyKey(e);
      if (!companies.has(key)) companies.set(key, { key, cnpj: e.cnpj, name: e.companyName });
      if (e.sector && !sectors.has(`${key}|${importNameKey(e.sector)}`)) sectors.set(`${key}|${importNameKey(e.sector)}`, { company: key, name: e.sector });
      if (e.ghe && !ghes.has(`${key}|${importNameKey(e.ghe)}`)) ghes.set(`${key}|${importNameKey(e.ghe)}`, { company: key, name: e.ghe, sector: e.sector });
    }
  }
  return companies.size ? { companies: [...companies.values()], sectors: [...sectors.values()], ghes: [...ghes.values()] } : undefined;
}
