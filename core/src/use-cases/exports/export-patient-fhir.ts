import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { buildPatientBundle, type FhirReportInput } from '../../interop/fhir/patient-bundle';
import type { Bundle } from '../../interop/fhir/fhir-types';
import { PatientNotFoundError } from '../../patients/patient-errors';
import { programmeToday } from '../../programme/schedule';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/file-storage';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export interface PatientFhirExport {
  bundle: Bundle;
  /** `audiometria-<patient id 8>-<aaaa-mm-dd>.fhir.json` */
  fileName: string;
}

export interface ExportPatientFhirDeps {
  patients: PatientRepository;
  exams: ExamRepository;
  reports: ReportRepository;
  storage: FileStorage;
  clock: Clock;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A worker's audiometry as a FHIR R4 Bundle (issue 21, docs/fhir.md): `GET /api/patients/:id/fhir`
 * (permission 'dashboards.export', like the other exports) and `limiar export fhir`. Another
 * organisation's worker is "not found".
 */
export class ExportPatientFhir {
  constructor(private readonly d: ExportPatientFhirDeps) {}

  async forMember(auth: AuthContext, patientId: string): Promise<Result<PatientFhirExport, PatientNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    return this.forOrganization(auth.organizationId, patientId);
  }

  /** For drivers acting for the whole organisation (the CLI): the worker by id or by CPF (with or without mask). */
  async forOrganization(organizationId: string, patientIdOrCpf: string): Promise<Result<PatientFhirExport, PatientNotFoundError>> {
    const key = patientIdOrCpf.trim();
    const digits = key.replace(/[.\-\s]/g, '');
    const patient = UUID.test(key) ? await this.d.patients.findById(organizationId, key)
      : /^\d{11}$/.test(digits) ? await this.d.patients.findByCpf(organizationId, digits) : undefined;
    if (!patient) return err(new PatientNotFoundError());
    const exams = await this.d.exams.listForPatient(organizationId, patient.id);
    const reports: FhirReportInput[] = [];
    const { items } = await this.d.reports.list({ organizationId, patientId: patient.id, limit: 10_000, offset: 0 });
    for (const { report } of items) {
      // only the current version counts (docs/laudo.md §4a), and only an issued one is a report to share
      if (report.status !== 'Finalizado') continue;
      let pdf: Uint8Array | null = null;
      if (report.pdfStorageKey) pdf = await this.d.storage.read(report.pdfStorageKey);
      reports.push({ id: report.id, examId: report.examId, version: report.version, finalizedAt: report.finalizedAt, doctorName: report.doctorName, pdf });
    }
    const now = this.d.clock.now();
    const bundle = buildPatientBundle({
      patient: { id: patient.id, name: patient.name, sex: patient.sex, birthDate: patient.birthDate, cpf: patient.cpf },
      exams: exams.map((e) => ({ id: e.id, date: e.date, right: e.right, left: e.left, classification: e.classification, transducer: e.transducer, mascaramento: e.mascaramento ?? null })),
      reports,
      generatedAt: now,
    });
    return ok({ bundle, fileName: `audiometria-${patient.id.replace(/-/g, '').slice(0, 8)}-${programmeToday(now)}.fhir.json` });
  }
}
