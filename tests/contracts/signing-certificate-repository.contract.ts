import { beforeEach, expect, it } from 'vitest';
import type { OrganizationRepository, ProfessionalRepository, SigningCertificate, SigningCertificateRepository } from '../../core/src';
import { aProfessional } from './account-repositories.contract';

export interface SigningCertificateStores {
  organizations: OrganizationRepository;
  professionals: ProfessionalRepository;
  certificates: SigningCertificateRepository;
}

let n = 0;
const uuid = () => `00000000-0000-4000-a000-${String(++n).padStart(12, '0')}`;
const t0 = new Date('2026-11-25T12:00:00.000Z');

/** One behaviour, every adapter (issue 20): the in-memory and the PostgreSQL repositories run this suite. */
export function signingCertificateRepositoryContract(make: () => Promise<SigningCertificateStores>) {
  let s: SigningCertificateStores;
  let orgA: string;
  let orgB: string;
  let userA: string;
  let userB: string;
  const aCertificate = (over: Partial<SigningCertificate> = {}): SigningCertificate => ({
    id: uuid(), organizationId: orgA, userId: userA, subjectName: 'MÉDICA DE TESTE:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909',
    crm: '123456/SP', serialNumber: '1000000023ae6baf', notBefore: new Date('2026-01-10T15:00:00.000Z'), notAfter: new Date('2027-01-10T15:00:00.000Z'),
    storageKey: `${orgA}/${uuid()}.lmr`, uploadedAt: t0, ...over,
  });
  beforeEach(async () => {
    s = await make();
    [orgA, orgB] = [uuid(), uuid()];
    await s.organizations.insert({ id: orgA, name: 'Clínica A', createdAt: t0 });
    await s.organizations.insert({ id: orgB, name: 'Clínica B', createdAt: t0 });
    const a = aProfessional(orgA, { id: uuid(), email: `cert-a${n}@x.com` });
    const b = aProfessional(orgA, { id: uuid(), email: `cert-b${n}@x.com` });
    await s.professionals.insert(a);
    await s.professionals.insert(b);
    [userA, userB] = [a.id, b.id];
  });

  it('finds the member’s certificate as saved, and nothing for another member, organisation or a malformed id', async () => {
    const c = aCertificate();
    await s.certificates.save(c);
    expect(await s.certificates.findFor(orgA, userA)).toEqual(c);
    expect(await s.certificates.findFor(orgA, userB)).toBeUndefined();
    expect(await s.certificates.findFor(orgB, userA)).toBeUndefined();
    expect(await s.certificates.findFor(orgA, 'not-a-uuid')).toBeUndefined();
    const blank = aCertificate({ userId: userB, cpf: null, crm: null });
    await s.certificates.save(blank);
    expect(await s.certificates.findFor(orgA, userB)).toEqual(blank);
  });

  it('keeps one certificate per member per organisation: saving again replaces it', async () => {
    await s.certificates.save(aCertificate());
    const next = aCertificate({ serialNumber: 'abcdef', storageKey: `${orgA}/other.lmr`, notAfter: new Date('2028-01-01T00:00:00.000Z') });
    await s.certificates.save(next);
    expect(await s.certificates.findFor(orgA, userA)).toEqual(next);
    const inB = aCertificate({ organizationId: orgB, storageKey: `${orgB}/x.lmr` });
    await s.certificates.save(inB);
    expect(await s.certificates.findFor(orgB, userA)).toEqual(inB);
    expect(await s.certificates.findFor(orgA, userA)).toEqual(next);
  });

  it('deletes only the member’s certificate in that organisation', async () => {
    await s.certificates.save(aCertificate());
    await s.certificates.save(aCertificate({ userId: userB }));
    await s.certificates.delete(orgA, userA);
    expect(await s.certificates.findFor(orgA, userA)).toBeUndefined();
    expect(await s.certificates.findFor(orgA, userB)).toBeDefined();
    await s.certificates.delete(orgA, 'not-a-uuid');
    await s.certificates.delete(orgA, userA);
    expect(await s.certificates.findFor(orgA, userB)).toBeDefined();
  });
}
