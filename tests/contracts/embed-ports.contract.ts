import { beforeEach, expect, it } from 'vitest';
import type { EmbedAccessLog, EmbedTokenRepository } from '../../core/src';
import type { EmbedAccessEntry } from '../../core/src/testing/in-memory-embed-adapters';
import { anEmbedToken, at, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface EmbedStores extends TenantFixtures {
  tokens: EmbedTokenRepository;
  access: EmbedAccessLog;
  /** What the access log holds for a token, oldest first (the port has no read side: the audit is read by operators). */
  accessEntries(tokenId: string): Promise<EmbedAccessEntry[]>;
}

/** What every pair of embed stores must do (in memory and PostgreSQL alike). */
export function embedPortsContract(make: () => Promise<EmbedStores>) {
  const author = nextId();
  let s: EmbedStores;
  let org: string;
  let other: string;
  beforeEach(async () => {
    ({ s, org, other } = await withTwoOrganizations(await make()));
    await s.addProfessional(org, author);
  });

  const aCompanyToken = async (over: Parameters<typeof anEmbedToken>[3] = {}) =>
    anEmbedToken(org, { kind: 'company', companyId: (await s.companies.findOrCreate(org, 'Têxtil Santa Rita')).id }, author, over);

  it('reads a token back whole, for a company or for one worker, by id alone', async () => {
    const worker = aWorker(org);
    await s.patients.insert(worker);
    const forWorker = anEmbedToken(org, { kind: 'patient', patientId: worker.id }, author, { initialsOnly: true, expiresAt: at(3600), allowedOrigins: ['https://portal.example.com:8443'] });
    const forCompany = await aCompanyToken();
    await s.tokens.insert(forWorker);
    await s.tokens.insert(forCompany);
    expect(await s.tokens.findById(forWorker.id)).toEqual(forWorker);
    expect(await s.tokens.findById(forCompany.id)).toEqual(forCompany);
    expect(await s.tokens.findById(nextId())).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36), '-'.repeat(36)]) expect(await s.tokens.findById(malformed)).toBeUndefined();
  });

  it('refuses a second token with the same id', async () => {
    const token = await aCompanyToken();
    await s.tokens.insert(token);
    await expect(s.tokens.insert({ ...token, name: 'Outro' })).rejects.toThrow();
    expect((await s.tokens.findById(token.id))?.name).toBe(token.name);
  });

  it("lists the organisation's tokens newest first, and none of another's", async () => {
    const older = await aCompanyToken({ createdAt: at(1) });
    const newer = await aCompanyToken({ createdAt: at(2), revokedAt: at(3) });
    await s.tokens.insert(older);
    await s.tokens.insert(newer);
    expect((await s.tokens.listForOrganization(org)).map((t) => t.id)).toEqual([newer.id, older.id]);
    expect(await s.tokens.listForOrganization(other)).toEqual([]);
  });

  it('revokes inside its organisation only, keeps the first revocation time, says false for unknown or malformed ids', async () => {
    const token = await aCompanyToken();
    await s.tokens.insert(token);
    expect(await s.tokens.revoke(other, token.id, at(5))).toBe(false);
    expect((await s.tokens.findById(token.id))?.revokedAt).toBeNull();
    expect(await s.tokens.revoke(org, token.id, at(10))).toBe(true);
    expect(await s.tokens.revoke(org, token.id, at(20))).toBe(true);
    expect((await s.tokens.findById(token.id))?.revokedAt).toEqual(at(10));
    expect(await s.tokens.revoke(org, nextId(), at(10))).toBe(false);
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.tokens.revoke(org, malformed, at(10))).toBe(false);
  });

  it('records every widget call, refused ones without token or organisation, in order', async () => {
    const tokenId = nextId();
    const ok = { tokenId, organizationId: org, patientId: nextId(), origin: 'https://rh.example.com', ip: '203.0.113.9', outcome: 'ok', at: at(1) };
    const refused = { tokenId, organizationId: null, patientId: null, origin: null, ip: null, outcome: 'fora_do_escopo', at: at(2) };
    await s.access.record(ok);
    await s.access.record(refused);
    expect(await s.accessEntries(tokenId)).toEqual([ok, refused]);
  });

  it('records an over-long origin or patient id from a hostile caller, cut to 300 and 100 characters', async () => {
    const tokenId = nextId();
    await s.access.record({ tokenId, organizationId: org, patientId: 'p'.repeat(5000), origin: `https://${'a'.repeat(5000)}.example`, ip: '198.51.100.1', outcome: 'fora_do_escopo', at: at(1) });
    const [entry] = await s.accessEntries(tokenId);
    expect([entry.patientId, entry.origin]).toEqual(['p'.repeat(100), `https://${'a'.repeat(292)}`]);
  });
}
