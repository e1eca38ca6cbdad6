import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Init } from './Migration20261122000000Init';
import { Migration20261122010000Accounts } from './Migration20261122010000Accounts';
import { Migration20261122020000PatientsExams } from './Migration20261122020000PatientsExams';
import { Migration20261122030000PatientSearch } from './Migration20261122030000PatientSearch';
import { Migration20261122040000EmbedTokens } from './Migration20261122040000EmbedTokens';
import { Migration20261122050000Reports } from './Migration20261122050000Reports';
import { Migration20261122060000ExamExportProjection } from './Migration20261122060000ExamExportProjection';
import { Migration20261124000000ReferenceDesignation } from './Migration20261124000000ReferenceDesignation';
import { Migration20261124100000OrganizationHeader } from './Migration20261124100000OrganizationHeader';
import { Migration20261124110000ExamClinicalFields } from './Migration20261124110000ExamClinicalFields';
import { Migration20261124110100WorkerArchiveExamDeletion } from './Migration20261124110100WorkerArchiveExamDeletion';
import { Migration20261124120000ExamReading } from './Migration20261124120000ExamReading';
import { Migration20261124130000PasswordReset } from './Migration20261124130000PasswordReset';
import { Migration20261124170000AttemptKinds } from './Migration20261124170000AttemptKinds';
import { Migration20261125010000ReadingNoteJsonb } from './Migration20261125010000ReadingNoteJsonb';
import { Migration20261125100000Teams } from './Migration20261125100000Teams';
import { Migration20261125110000Attribution } from './Migration20261125110000Attribution';
import { Migration20261125120000WorkerArchivedBy } from './Migration20261125120000WorkerArchivedBy';
import { Migration20261126000000Programme } from './Migration20261126000000Programme';
import { Migration20261126020000ProgrammeProjection } from './Migration20261126020000ProgrammeProjection';
import { Migration20261127000000LaudoVersions } from './Migration20261127000000LaudoVersions';
import { Migration20261127010000SigningCertificate } from './Migration20261127010000SigningCertificate';
import { Migration20261127020000AuditLog } from './Migration20261127020000AuditLog';
import { Migration20261127030000Lgpd } from './Migration20261127030000Lgpd';
import { Migration20261127030100LgpdOrganizationDelete } from './Migration20261127030100LgpdOrganizationDelete';
import { Migration20261128000000Esocial } from './Migration20261128000000Esocial';
import { Migration20261128000100EsocialAnonymization } from './Migration20261128000100EsocialAnonymization';
import { Migration20261128000200EsocialEventIds } from './Migration20261128000200EsocialEventIds';
import { Migration20261129020000ClassificationColumns } from './Migration20261129020000ClassificationColumns';
import { Migration20261129030000ClassificationOnRead } from './Migration20261129030000ClassificationOnRead';
import { Migration20261130000000CompactExamRow } from './Migration20261130000000CompactExamRow';

/**
 * Every migration, in order. Listed explicitly (no folder glob) so they run the same under tsx,
 * vitest and a bundled build. Add new ones at the end (and to names.ts); never edit an applied one.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000Init', class: Migration20261122000000Init },
  { name: 'Migration20261122010000Accounts', class: Migration20261122010000Accounts },
  { name: 'Migration20261122020000PatientsExams', class: Migration20261122020000PatientsExams },
  { name: 'Migration20261122030000PatientSearch', class: Migration20261122030000PatientSearch },
  { name: 'Migration20261122040000EmbedTokens', class: Migration20261122040000EmbedTokens },
  { name: 'Migration20261122050000Reports', class: Migration20261122050000Reports },
  { name: 'Migration20261122060000ExamExportProjection', class: Migration20261122060000ExamExportProjection },
  { name: 'Migration20261124000000ReferenceDesignation', class: Migration20261124000000ReferenceDesignation },
  { name: 'Migration20261124100000OrganizationHeader', class: Migration20261124100000OrganizationHeader },
  { name: 'Migration20261124110000ExamClinicalFields', class: Migration20261124110000ExamClinicalFields },
  { name: 'Migration20261124110100WorkerArchiveExamDeletion', class: Migration20261124110100WorkerArchiveExamDeletion },
  { name: 'Migration20261124120000ExamReading', class: Migration20261124120000ExamReading },
  { name: 'Migration20261124130000PasswordReset', class: Migration20261124130000PasswordReset },
  { name: 'Migration20261124170000AttemptKinds', class: Migration20261124170000AttemptKinds },
  { name: 'Migration20261125010000ReadingNoteJsonb', class: Migration20261125010000ReadingNoteJsonb },
  { name: 'Migration20261125100000Teams', class: Migration20261125100000Teams },
  { name: 'Migration20261125110000Attribution', class: Migration20261125110000Attribution },
  { name: 'Migration20261125120000WorkerArchivedBy', class: Migration20261125120000WorkerArchivedBy },
  { name: 'Migration20261126000000Programme', class: Migration20261126000000Programme },
  { name: 'Migration20261126020000ProgrammeProjection', class: Migration20261126020000ProgrammeProjection },
  { name: 'Migration20261127000000LaudoVersions', class: Migration20261127000000LaudoVersions },
  { name: 'Migration20261127010000SigningCertificate', class: Migration20261127010000SigningCertificate },
  { name: 'Migration20261127020000AuditLog', class: Migration20261127020000AuditLog },
  { name: 'Migration20261127030000Lgpd', class: Migration20261127030000Lgpd },
  { name: 'Migration20261127030100LgpdOrganizationDelete', class: Migration20261127030100LgpdOrganizationDelete },
  { name: 'Migration20261128000000Esocial', class: Migration20261128000000Esocial },
  { name: 'Migration20261128000100EsocialAnonymization', class: Migration20261128000100EsocialAnonymization },
  { name: 'Migration20261128000200EsocialEventIds', class: Migration20261128000200EsocialEventIds },
  { name: 'Migration20261129020000ClassificationColumns', class: Migration20261129020000ClassificationColumns },
  { name: 'Migration20261129030000ClassificationOnRead', class: Migration20261129030000ClassificationOnRead },
  { name: 'Migration20261130000000CompactExamRow', class: Migration20261130000000CompactExamRow },
];
