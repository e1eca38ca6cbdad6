import { defineEntity } from '@mikro-orm/core';

// Row types for inserts and the column check (tests/contracts); reads use SQL with joins.
const p = defineEntity.properties;

export const CompanySchema = defineEntity({
  name: 'Company',
  tableName: 'company',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    name: p.text(),
    nameKey: p.text().persist(false).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export const PatientSchema = defineEntity({
  name: 'Patient',
  tableName: 'patient',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    name: p.text(),
    age: p.smallint().nullable(),
    sex: p.character().length(1),
    birthDate: p.string().columnType('date').nullable(),
    cpf: p.character().length(11).nullable(),
    phone: p.text().nullable(),
    email: p.text().nullable(),
    address: p.text().nullable(),
    companyId: p.uuid().nullable(),
    jobTitle: p.text().nullable(),
    archivedAt: p.datetime().columnType('timestamptz').nullable(),
    archivedBy: p.json<unknown>().nullable(),
    nameSearch: p.text().persist(false).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const ExamSchema = defineEntity({
  name: 'Exam',
  tableName: 'exam',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    patientId: p.uuid(),
    examDate: p.string().columnType('date'),
    operatorName: p.text().nullable(),
    operatorRegistration: p.text().nullable(),
    operatorCrm: p.text().nullable(),
    operatorCrmState: p.text().nullable(),
    consultationType: p.text().nullable(),
    consultationReason: p.text().nullable(),
    // the occupational type of NR-7 7.5.6 (issue 19, Migration20261126000000Programme)
    examType: p.string().columnType('varchar(20)').nullable(),
    ambientNoiseDb: p.double().nullable(),
    calibrationDate: p.string().columnType('date').nullable(),
    transducer: p.text().nullable(),
    acousticRestHours: p.double().nullable(),
    observacoes: p.text().nullable(),
    anamnese: p.text().nullable(),
    meatoscopia: p.json<unknown>().nullable(),
    mascaramento: p.text().nullable(),
    // the thresholds as 16–52 bytes (adapters/src/persistence/stored-audiogram.ts, ADR 0026)
    audiogram: p.blob(),
    speechTest: p.json<unknown>().nullable(),
    ambienteJson: p.json<unknown>().nullable(),
    rulesVersion: p.text(),
    // the typed classification columns (ADR 0025); the document itself is computed on read; exam_result is generated
    classificationRight: p.string().columnType('nr7_classification').nullable(),
    classificationLeft: p.string().columnType('nr7_classification').nullable(),
    referenceDate: p.string().columnType('date').nullable(),
    ruleSet: p.string().columnType('nr7_rule_set').nullable(),
    who2021Grade: p.text().fieldName('who2021_grade').nullable(),
    pta3Right: p.smallint().fieldName('pta3_right').nullable(),
    pta3Left: p.smallint().fieldName('pta3_left').nullable(),
    mean346Right: p.smallint().fieldName('mean_346_right').nullable(),
    mean346Left: p.smallint().fieldName('mean_346_left').nullable(),
    desencadeamento: p.boolean(),
    agravamento: p.boolean(),
    classificationBits: p.integer(),
    referenceDesignation: p.json<unknown>().nullable(),
    // imported exams: the first 16 bytes of SHA-256 of worker | date | thresholds (ADR 0026); null when typed
    naturalKey: p.blob().nullable(),
    // who recorded / last corrected it (issue 18, Migration20261125110000Attribution)
    recordedBy: p.json<unknown>().nullable(),
    updatedBy: p.json<unknown>().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const ExamFileSchema = defineEntity({
  name: 'ExamFile',
  tableName: 'exam_file',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    examId: p.uuid(),
    fileName: p.text(),
    mediaType: p.text(),
    sizeBytes: p.bigint('number'),
    storageKey: p.text(),
    sha256: p.text(),
    uploadedBy: p.uuid().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export const OrganizationCounterSchema = defineEntity({
  name: 'OrganizationCounter',
  tableName: 'organization_counter',
  properties: {
    organizationId: p.uuid().primary(),
    patients: p.bigint('number'),
    exams: p.bigint('number'),
    reports: p.bigint('number'),
  },
});
