import { DomainError } from '../shared/domain-error';

export class PatientNotFoundError extends DomainError {
  readonly code = 'PATIENT.NOT_FOUND';
  constructor() {
    super('Paciente não encontrado');
  }
}

/** Patient input that breaks a rule of spec §5; one issue per bad field, pt-BR. */
export class InvalidPatientError extends DomainError {
  readonly code = 'PATIENT.INVALID';
}

export class CpfAlreadyRegisteredError extends DomainError {
  readonly code = 'PATIENT.CPF_ALREADY_REGISTERED';
  constructor() {
    super('Já existe um paciente com este CPF', [{ path: 'cpf', message: 'Já existe um paciente com este CPF' }]);
  }
}

/** New exams are not recorded for an archived worker (issue 14): restore the worker first. */
export class PatientArchivedError extends DomainError {
  readonly code = 'PATIENT.ARCHIVED_CONFLICT';
  constructor() {
    super('Trabalhador arquivado: restaure o cadastro para registrar novos exames.');
  }
}
