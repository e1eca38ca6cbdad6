/**
 * The name of every migration, in order — the same list as `migrationsList` (checked by
 * names.test.ts) without importing the migration classes, so a CLI command can see that nothing is
 * pending without loading MikroORM (~40 MB and ~0.4 s; `migrateIfPending` in ../../connection.ts).
 */
export const MIGRATION_NAMES: readonly string[] = [
  'Migration20261122000000Init',
  'Migration20261122010000Accounts',
  'Migration20261122020000PatientsExams',
  'Migration20261122030000PatientSearch',
  'Migration20261122040000EmbedTokens',
  'Migration20261122050000Reports',
  'Migration20261122060000ExamExportProjection',
  'Migration20261124000000ReferenceDesignation',
  'Migration20261124100000OrganizationHeader',
  'Migration20261124110000ExamClinicalFields',
  'Migration20261124110100WorkerArchiveExamDeletion',
  'Migration20261124120000ExamReading',
  'Migration20261124130000PasswordReset',
  'Migration20261124170000AttemptKinds',
  'Migration20261125010000ReadingNoteJsonb',
  'Migration20261125100000Teams',
  'Migration20261125110000Attribution',
  'Migration20261125120000WorkerArchivedBy',
  'Migration20261126000000Programme',
  'Migration20261126020000ProgrammeProjection',
  'Migration20261127000000LaudoVersions',
  'Migration20261127010000SigningCertificate',
  'Migration20261127020000AuditLog',
  'Migration20261127030000Lgpd',
  'Migration20261127030100LgpdOrganizationDelete',
  'Migration20261128000000Esocial',
  'Migration20261128000100EsocialAnonymization',
  'Migration20261128000200EsocialEventIds',
  'Migration20261129020000ClassificationColumns',
  'Migration20261129030000ClassificationOnRead',
  'Migration20261130000000CompactExamRow',
];
