import { expect, it } from 'vitest';
import type { MembershipRepository, OrganizationRepository, ProfessionalOrganizations, ProfessionalRepository } from '../../core/src';
import { nextId, T0 } from '../support/builders';
import { aProfessional } from './account-repositories.contract';

export interface ProfessionalOrganizationStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  memberships: MembershipRepository;
  lookup: ProfessionalOrganizations;
}

/** What every ProfessionalOrganizations must do: how `limiar import`/`export` learn the organisations of `--user <e-mail>`. */
export function professionalOrganizationsContract(make: () => Promise<ProfessionalOrganizationStores>) {
  it("answers the professional's active organisations with roles, by name, by e-mail in any case; none for an unknown one", async () => {
    const s = await make();
    const [a, b] = [nextId(), nextId()];
    await s.organizations.insert({ id: a, name: 'Clínica Sul', createdAt: T0 });
    await s.organizations.insert({ id: b, name: 'Audiomed', createdAt: T0 });
    const ana = aProfessional(a, { email: 'ana.souza@clinica.com.br' });
    const bia = aProfessional(b, { email: 'bia@outra.com.br' });
    await s.professionals.insert(ana);
    await s.professionals.insert(bia);
    const member = (organizationId: string, userId: string, roles: Array<'administrador' | 'medico' | 'tecnico'>, status: 'ativo' | 'desativado' = 'ativo') => ({
      id: nextId(), organizationId, userId, roles, status, createdAt: T0, invitedBy: null, deactivatedAt: status === 'ativo' ? null : T0, lastAccessAt: null,
    });
    const anaInA = member(a, ana.id, ['administrador', 'medico']);
    const anaInB = member(b, ana.id, ['tecnico']);
    await s.memberships.insert(anaInA);
    await s.memberships.insert(anaInB);
    await s.memberships.insert(member(b, bia.id, ['medico'], 'desativado'));
    expect(await s.lookup.organizationsOf('  Ana.Souza@CLINICA.com.br ')).toEqual([
      { organizationId: b, organizationName: 'Audiomed', memberId: anaInB.id, roles: ['tecnico'] },
      { organizationId: a, organizationName: 'Clínica Sul', memberId: anaInA.id, roles: ['administrador', 'medico'] },
    ]);
    expect(await s.lookup.organizationsOf('bia@outra.com.br')).toEqual([]);
    expect(await s.lookup.organizationsOf('ninguem@clinica.com.br')).toEqual([]);
    expect(await s.lookup.organizationsOf('')).toEqual([]);
  });
}
