import { DomainError, fixedError } from '../shared/domain-error';

export class ExamNotFoundError extends fixedError('EXAM.NOT_FOUND', 'Exame não encontrado') {}

/** Exam input that breaks a rule (spec §5 entry form, product.md grid); one issue per bad field. */
export class InvalidExamError extends DomainError {
  readonly code = 'EXAM.INVALID';
}

/**
 * A finalised laudo depends on the exam (its own laudo, or the laudo of a later exam whose history
 * and reference include it): the exam cannot be changed or removed; the laudo's amendment path applies.
 */
/** What was refused, as the message says it ("Este exame não pode ser …"). */
export type ExamLockedAction = 'corrigido' | 'excluído' | 'alterado' | 'reclassificado' | 'receber arquivos';
const lockedPhrase = (action: ExamLockedAction) => (action === 'receber arquivos' ? action : `ser ${action}`);

export class ExamLockedByFinalizedReportError extends DomainError {
  readonly code = 'EXAM.LOCKED_CONFLICT';
  constructor(action: ExamLockedAction) {
    super(`Este exame não pode ${lockedPhrase(action)}: um laudo finalizado depende dele. Para corrigir, emita uma retificação do laudo.`);
  }
}
