import { DomainError, fixedError } from '../shared/domain-error';

/*
 * Errors of the programme's records (issue 19). Codes are stable; adapters/src/http/koa/error-status.ts
 * maps them (…NOT_FOUND 404, …INVALID 400, …CONFLICT 409). Another organisation's ids are NOT_FOUND.
 */

export class CompanyNotFoundError extends fixedError('COMPANY.NOT_FOUND', 'Empresa não encontrada') {}
/** Company input that breaks a rule (company-rules.ts); one issue per bad field, pt-BR. */
export class InvalidCompanyError extends DomainError {
  readonly code = 'COMPANY.INVALID';
}
export class CompanyCnpjConflictError extends fixedError('COMPANY.CNPJ_CONFLICT', 'Já existe uma empresa com este CNPJ', 'cnpj') {}
/** Among companies without a CNPJ the razão social is unique (establishments with a CNPJ may share it: matriz and filiais). */
export class CompanyNameConflictError extends fixedError('COMPANY.NAME_CONFLICT', 'Já existe uma empresa sem CNPJ com esta razão social: complete o cadastro dela ou informe o CNPJ', 'name') {}

export class SectorNotFoundError extends fixedError('SECTOR.NOT_FOUND', 'Setor não encontrado') {}
export class InvalidSectorError extends DomainError {
  readonly code = 'SECTOR.INVALID';
}
export class SectorNameConflictError extends fixedError('SECTOR.NAME_CONFLICT', 'Já existe um setor com este nome nesta empresa', 'name') {}

export class GheNotFoundError extends fixedError('GHE.NOT_FOUND', 'GHE não encontrado') {}
export class InvalidGheError extends DomainError {
  readonly code = 'GHE.INVALID';
}
export class GheNameConflictError extends fixedError('GHE.NAME_CONFLICT', 'Já existe um GHE com este nome nesta empresa', 'name') {}

export class EmploymentNotFoundError extends fixedError('EMPLOYMENT.NOT_FOUND', 'Vínculo não encontrado') {}
export class InvalidEmploymentError extends DomainError {
  readonly code = 'EMPLOYMENT.INVALID';
}
/** A transfer names a period that has already ended: transfers start from the current period. */
export class EmploymentClosedError extends fixedError('EMPLOYMENT.CLOSED_CONFLICT', 'Este período do vínculo já foi encerrado: transfira a partir do período atual.') {}
/** The worker already has a current period of a contract with that company and admission date. */
export class EmploymentDuplicateError extends fixedError('EMPLOYMENT.DUPLICATE_CONFLICT', 'O trabalhador já tem um vínculo com esta empresa nesta data de admissão', 'admissionDate') {}
