import type { Container } from 'inversify';
import { ExportPatientFhir, type Clock, type ExamRepository, type FileStorage, type PatientRepository, type ReportRepository } from '../../../core/src';
import type { FhirDeps } from '../http/koa/routes/fhir.routes';
import { TOKENS } from './tokens';

/** The FHIR export use case over the container's repositories and file storage (issue 21). */
export function exportPatientFhir(container: Container): ExportPatientFhir {
  const get = <T>(token: symbol) => container.get<T>(token);
  return new ExportPatientFhir({
    patients: get<PatientRepository>(TOKENS.PatientRepository), exams: get<ExamRepository>(TOKENS.ExamRepository), reports: get<ReportRepository>(TOKENS.ReportRepository),
    storage: get<FileStorage>(TOKENS.FileStorage), clock: get<Clock>(TOKENS.Clock),
  });
}

/** The HTTP routes' dependencies (`GET /api/patients/:id/fhir`). */
export function fhirDeps(container: Container): Omit<FhirDeps, 'authenticate'> {
  return { exportFhir: exportPatientFhir(container) };
}
