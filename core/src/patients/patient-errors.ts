import { DomainError, fixedError } from '../shared/domain-error';

export class PatientNotFoundError extends fixedError('PATIENT.NOT_FOUND', 'Paciente não encontrado') {}

/** Patient input that breaks a rule of spec §5; one issue per bad field, pt-BR. */
export class InvalidPatientError extends DomainError {
  readonly code = 'PATIENT.INVALID';
}

export class CpfAlreadyRegisteredError extends fixedError('PATIENT.CPF_ALREADY_REGISTERED', 'Já existe um paciente com este CPF', 'cpf') {}

/** New exams are not recorded for an archived worker (issue 14): restore the worker first. */
export class PatientArchivedError extends fixedError('PATIENT.ARCHIVED_CONFLICT', 'Trabalhador arquivado: restaure o cadastro para registrar novos exames.') {}
