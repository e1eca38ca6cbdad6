import type { CompanyRepository, ExamRepository, PatientRepository } from '../../core/src';
import { inMemoryPatientExamStores } from '../../core/src/testing/in-memory-patient-exam-adapters';
import { nextId } from '../support/builders';

/**
 * What a contract suite needs around the port under test: organisations, professionals, workers and
 * exams to point at (the PostgreSQL tables have foreign keys; the in-memory twins read the workers
 * and exams they are linked to).
 */
export interface TenantFixtures {
  patients: PatientRepository;
  companies: CompanyRepository;
  exams: ExamRepository;
  addOrganization(id: string): Promise<void>;
  addProfessional(organizationId: string, id: string): Promise<void>;
}

/** The in-memory side: patient and exam twins wired together; organisations and professionals need no row. */
export function inMemoryTenantFixtures() {
  const stores = inMemoryPatientExamStores();
  return { stores, fixtures: { ...stores, addOrganization: async () => {}, addProfessional: async () => {} } satisfies TenantFixtures };
}

/** The stores with two fresh organisations: `org`, the one under test, and `other`, which must see none of it. */
export async function withTwoOrganizations<S extends { addOrganization(id: string): Promise<void> }>(s: S) {
  const org = nextId();
  const other = nextId();
  await s.addOrganization(org);
  await s.addOrganization(other);
  return { s, org, other };
}
