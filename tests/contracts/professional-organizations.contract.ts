import { expect, it } from 'vitest';
import type { OrganizationRepository, ProfessionalOrganizations, ProfessionalRepository } from '../../core/src';
import { nextId, T0 } from '../support/builders';
import { aProfessional } from './account-repositories.contract';

export interface ProfessionalOrganizationStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  lookup: ProfessionalOrganizations;
}

/** What every ProfessionalOrganizations must do: how `limiar import`/`export` learn the organisation of `--as <e-mail>`. */
export function professionalOrganizationsContract(make: () => Promise<ProfessionalOrganizationStores>) {
  it("answers the professional's organisation by e-mail, in any case and with spaces around, and null for an unknown one", async () => {
    const s = await make();
    const [a, b] = [nextId(), nextId()];
    for (const id of [a, b]) await s.organizations.insert({ id, name: 'Clínica', createdAt: T0 });
    await s.professionals.insert(aProfessional(a, { email: 'ana.souza@clinica.com.br' }));
    await s.professionals.insert(aProfessional(b, { email: 'bia@outra.com.br' }));
    expect(await s.lookup.organizationOf('ana.souza@clinica.com.br')).toBe(a);
    expect(await s.lookup.organizationOf('  Ana.Souza@CLINICA.com.br ')).toBe(a);
    expect(await s.lookup.organizationOf('bia@outra.com.br')).toBe(b);
    expect(await s.lookup.organizationOf('ninguem@clinica.com.br')).toBeNull();
    expect(await s.lookup.organizationOf('')).toBeNull();
  });
}
