import type { ClassificationColumns } from '../exams/classification-columns';
import type { ReferenceDesignation } from '../exams/exam';
import type { EarAudiogram } from '../audiogram/audiogram';
import type { Sex } from '../patients/sex';
import type { ImportExamData, ImportPatientData } from '../imports/import-row';
import type { EmploymentPlan, ImportedPeriod } from '../imports/import-employment';

/** A worker of the import batch, to be found (CPF, else name + birth date) or created. */
export interface ImportPatientRequest extends ImportPatientData {
  /** `importPatientKey` of the worker. */
  key: string;
}

export interface ResolvedImportPatient {
  id: string;
  /** The stored sex (an existing worker keeps his), used by the classification. */
  sex: Sex;
  created: boolean;
}

/** A stored exam, as much as the classification needs. */
export interface StoredExamForImport {
  id: string;
  patientId: string;
  date: string;
  right: EarAudiogram;
  left: EarAudiogram;
  acousticRestHours: number | null;
  calibrationDate: string | null;
  /** The professional's designation as the reference exam (clinical-rules I12), kept by the reclassification. */
  referenceDesignation: ReferenceDesignation | null;
  createdAt: Date;
}

/** A stored exam's refreshed classification (a back-dated import can move the reference of later exams). */
export interface ClassificationUpdate {
  id: string;
  /** The document as JSON text; '' when the sink does not store it (`storesClassificationDocument`). */
  classificationJson: string;
  classificationColumns: ClassificationColumns;
  rulesVersion: string;
}

export interface NewImportedExam extends ImportExamData {
  id: string;
  patientId: string;
  naturalKey: string;
  /** The earphone (transducer) of the exam; absent (the import file has no column for it): `DEFAULT_TRANSDUCER`. */
  transducer?: string | null;
  /** The document as JSON text; '' when the sink does not store it (`storesClassificationDocument`). */
  classificationJson: string;
  /** The typed values the exam row keeps of its classification (ADR 0025). */
  classificationColumns: ClassificationColumns;
  rulesVersion: string;
  createdAt: Date;
}

/** A natural key with the worker it belongs to (the key's text names him; stored keys are looked up by worker). */
export interface NaturalKeyOf {
  patientId: string;
  naturalKey: string;
}

/** The writes of one batch; every call of one `ExamImportSink.batch` runs in one transaction. */
export interface ExamImportBatch {
  /** Finds or creates the companies and the workers (one round of set-based statements). */
  resolvePatients(patients: readonly ImportPatientRequest[]): Promise<Map<string, ResolvedImportPatient>>;
  /** The natural keys among `keys` already stored for their workers. */
  existingNaturalKeys(keys: readonly NaturalKeyOf[]): Promise<Set<string>>;
  /** Every stored exam of these workers (one query). */
  loadExams(patientIds: readonly string[]): Promise<StoredExamForImport[]>;
  /** Inserts in bulk; an exam whose natural key exists is skipped. Returns how many were inserted. */
  insertExams(exams: readonly NewImportedExam[]): Promise<number>;
  updateClassifications(updates: ReadonlyArray<ClassificationUpdate>): Promise<void>;
  /**
   * Finds or creates the batch's companies (by CNPJ; else a company of that name without CNPJ, which
   * gets the CNPJ — completing it; else a new one), their sectors and GHEs (by name within the company;
   * a new GHE has no exposure assessed yet). Runs before `resolvePatients`, so a worker's `empresa` finds
   * the company its CNPJ named.
   */
  resolveProgrammeRefs(refs: ImportProgrammeRefs): Promise<ResolvedProgrammeRefs>;
  /** Every employment period of these workers. */
  loadEmployments(patientIds: readonly string[]): Promise<ImportedPeriod[]>;
  /** Writes the plan, then points each touched worker's company at the company of his current period. */
  applyEmployments(plan: EmploymentPlan, patientIds: readonly string[]): Promise<void>;
}

/** Company key inside one batch: `cnpj:<14>` or `nome:<importNameKey>`. */
export type ImportCompanyKey = string;

export interface ImportProgrammeRefs {
  companies: Array<{ key: ImportCompanyKey; cnpj: string | null; name: string | null }>;
  sectors: Array<{ company: ImportCompanyKey; name: string }>;
  ghes: Array<{ company: ImportCompanyKey; name: string; sector: string | null }>;
}

export interface ResolvedProgrammeRefs {
  /** key → company id */
  companies: Map<ImportCompanyKey, string>;
  /** `${companyKey}|${importNameKey(name)}` → id */
  sectors: Map<string, string>;
  ghes: Map<string, string>;
  companiesCreated: number;
  ghesCreated: number;
}

/** Bulk writer of imported exams for one organisation (PostgreSQL COPY in the adapter). */
export interface ExamImportSink {
  /** Runs `work` in one transaction: everything it wrote commits together or not at all. */
  batch<T>(work: (batch: ExamImportBatch) => Promise<T>): Promise<T>;
  /** Stable digest (hex) of a natural-key text. */
  digest(text: string): string;
  /**
   * Whether the sink stores the classification document (`classificationJson`). A sink that keeps only
   * the typed columns (PostgreSQL, ADR 0025) says false, and the import does not build the JSON text.
   */
  readonly storesClassificationDocument: boolean;
}
