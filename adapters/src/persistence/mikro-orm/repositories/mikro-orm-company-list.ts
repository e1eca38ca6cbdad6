import type { EntityManager } from '@mikro-orm/postgresql';

/** One company of the organisation with its active workers, for the embed-token form (settings › Integrações). */
export interface CompanyWithPatientCount {
  id: string;
  name: string;
  patientCount: number;
}

/** The organisation's companies by name, each with its number of active (not archived) workers. */
export function mikroOrmCompanyList(em: () => EntityManager) {
  return async (organizationId: string): Promise<CompanyWithPatientCount[]> =>
    (await em().getConnection().execute<{ id: string; name: string; patient_count: string }[]>(
      'select c.id, c.name, (select count(*) from patient p where p.company_id = c.id and p.archived_at is null) as patient_count from company c where c.organization_id = ? order by c.name_key',
      [organizationId])).map((r) => ({ id: r.id, name: r.name, patientCount: Number(r.patient_count) }));
}
