import { DomainError } from '../shared/domain-error';

export class ExamNotFoundError extends DomainError {
  readonly code = 'EXAM.NOT_FOUND';
  constructor() {
    super('Exame não encontrado');
  }
}

/** Exam input that breaks a rule (spec §5 entry form, product.md grid); one issue per bad field. */
export class InvalidExamError extends DomainError {
  readonly code = 'EXAM.INVALID';
}
