import type { Attribution } from '../accounts/attribution';
import type { Exam } from '../exams/exam';
import type { Patient } from '../patients/patient';

export interface Page<T> {
  items: T[];
  /** Rows matching the query, ignoring limit/offset. */
  total: number;
}

export interface PatientListQuery {
  organizationId: string;
  /** Name (accent- and case-insensitive, substring) or CPF digits. */
  q?: string;
  /** true: only archived workers; otherwise only active ones. */
  archived?: boolean;
  limit: number;
  offset: number;
}

/** Stores patients; every method is scoped to one organisation (another's rows do not exist). */
export interface PatientRepository {
  findById(organizationId: string, id: string): Promise<Patient | undefined>;
  findByCpf(organizationId: string, cpf: string): Promise<Patient | undefined>;
  /** Newest first when no query; best name match first otherwise. */
  list(query: PatientListQuery): Promise<Page<Patient & { examCount: number }>>;
  insert(patient: Patient): Promise<'inserted' | 'duplicate-cpf'>;
  update(patient: Patient): Promise<'updated' | 'duplicate-cpf'>;
  /** Archives (a date) or restores (null) the worker; false when absent. */
  /** Archives (with who did it) or restores (`archivedAt` null clears `archivedBy` too) the worker. */
  setArchived(organizationId: string, id: string, archivedAt: Date | null, archivedBy?: Attribution | null): Promise<boolean>;
  /**
   * Erases the patient with its exams, files and reports, in one transaction; false when absent.
   * Reserved for the LGPD erasure path (docs/api.md): no HTTP route or use case calls it today.
   */
  delete(organizationId: string, id: string): Promise<boolean>;
}

/** Employers of the organisation's workers, found by name (case- and accent-insensitive) or created. */
export interface CompanyRepository {
  findOrCreate(organizationId: string, name: string): Promise<{ id: string; name: string }>;
  /** The organisation's company with that id; another organisation's (or a malformed id) is undefined. */
  findById(organizationId: string, id: string): Promise<{ id: string; name: string } | undefined>;
}

/** An exam with the patient fields the read shape needs (spec §3 "Exam, as read"). */
export interface ExamView {
  exam: Exam;
  patient: Pick<Patient, 'id' | 'name' | 'sex' | 'age' | 'birthDate' | 'companyName' | 'createdAt'>;
}

export interface ExamListQuery {
  organizationId: string;
  /** One worker's exams (archived or not); without it, archived workers' exams are left out. */
  patientId?: string;
  /** Patient name, operator or company (accent- and case-insensitive). */
  q?: string;
  limit: number;
  offset: number;
}

export interface ExamRepository {
  findById(organizationId: string, id: string): Promise<ExamView | undefined>;
  /** Only what the evolution needs (date, thresholds, conditions) of every exam, oldest first: a light read. */
  listAudiometryForPatient(organizationId: string, patientId: string): Promise<Array<Pick<Exam, 'id' | 'date' | 'right' | 'left' | 'acousticRestHours' | 'calibrationDate' | 'createdAt' | 'referenceDesignation'>>>;
  /** Every exam of the patient, oldest first. */
  listForPatient(organizationId: string, patientId: string): Promise<Exam[]>;
  /** Newest exam date first. */
  list(query: ExamListQuery): Promise<Page<ExamView>>;
  insert(exam: Exam): Promise<void>;
  /** Replaces the stored exam with the same id (organisation-scoped). */
  update(exam: Exam): Promise<void>;
  /**
   * Removes the exam (organisation-scoped); its file rows and its draft laudo go with it (the stored
   * bytes stay in FileStorage). False when absent. Callers record an ExamDeletion first.
   */
  delete(organizationId: string, id: string): Promise<boolean>;
  /** Workers (of any organisation) with at least one exam classified by another rules version than `rulesVersion`. */
  listPatientsWithStaleRules(rulesVersion: string, limit: number): Promise<Array<{ organizationId: string; patientId: string }>>;
  /** Stores recomputed rules output for several exams of one organisation. */
  saveClassifications(organizationId: string, updates: ReadonlyArray<Pick<Exam, 'id' | 'classification' | 'rulesVersion'>>): Promise<void>;
}

/** The record kept when an exam is removed (issue 14): who, when, why, and what it held. */
export interface ExamDeletion {
  id: string;
  organizationId: string;
  patientId: string;
  examId: string;
  /** ISO YYYY-MM-DD: the removed exam's date. */
  examDate: string;
  /** 10–500 characters. */
  reason: string;
  /** The professional's id; null once that account is gone. */
  deletedBy: string | null;
  /** The membership it was done under (issue 18); null for deletions from before teams. Optional for fixtures. */
  deletedByMemberId?: string | null;
  /** Name and registry of the professional, as shown when it happened. */
  deletedByName: string;
  deletedAt: Date;
  /** The exam as it was (every field), its files' metadata and the id of the discarded draft laudo, if any. */
  snapshot: Record<string, unknown>;
}

/** Append-only log of removed exams. */
export interface ExamDeletionLog {
  record(deletion: ExamDeletion): Promise<void>;
  /** The worker's removed exams, newest removal first. */
  listForPatient(organizationId: string, patientId: string): Promise<ExamDeletion[]>;
}

export interface ExamFile {
  id: string;
  examId: string;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  createdAt: Date;
}

export interface ExamFileRepository {
  listForExam(organizationId: string, examId: string): Promise<ExamFile[]>;
}

export interface DashboardCounts {
  patients: number;
  exams: number;
  reports: number;
  examsThisMonth: number;
}

/** Counters of the dashboard (spec §2), kept cheap at any size; archived workers and their exams and laudos are not counted. */
export interface DashboardQueries {
  counts(organizationId: string, monthStart: string): Promise<DashboardCounts>;
}
