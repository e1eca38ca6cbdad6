import { describe, expect, it } from 'vitest';
import { certificateStatusAt, CertificateExpiredError, CertificateNotYetValidError } from '../../accounts/signing-certificate';
import { fixedClock, sequentialIds } from '../../testing/in-memory-account-adapters';
import { InMemoryFileStorage } from '../../testing/in-memory-file-storage';
import { FakeCertificateReader, fakePfx, InMemorySigningCertificateRepository } from '../../testing/in-memory-signing-adapters';
import { decodeSigningCredential, encodeSigningCredential, ManageSigningCertificate } from './manage-signing-certificate';
import type { AuthContext } from './session-policy';

const DAY = 86_400_000;
const NOW = '2026-11-25T12:00:00Z';
const auth = (userId = 'user-1', organizationId = 'org-1'): AuthContext => ({ userId, organizationId, sessionId: 's', memberId: `m-${userId}`, roles: ['medico'] });

function world() {
  const clock = fixedClock(NOW);
  const certificates = new InMemorySigningCertificateRepository();
  const storage = new InMemoryFileStorage();
  const manage = new ManageSigningCertificate({ certificates, reader: new FakeCertificateReader(), storage, ids: sequentialIds('cert'), clock });
  return { clock, certificates, storage, manage };
}
const now = new Date(NOW);
const valid = (over = {}) => fakePfx({ notBefore: new Date(now.getTime() - 30 * DAY), notAfter: new Date(now.getTime() + 335 * DAY), ...over }, 'senha-do-a1');

describe('certificateStatusAt', () => {
  const cert = { notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2026-12-31T23:59:59Z') };
  it('is valid within the bounds (inclusive), expired after, not yet valid before', () => {
    expect(certificateStatusAt(cert, new Date('2026-01-01T00:00:00Z'))).toBe('valido');
    expect(certificateStatusAt(cert, new Date('2026-12-31T23:59:59Z'))).toBe('valido');
    expect(certificateStatusAt(cert, new Date('2027-01-01T00:00:00Z'))).toBe('vencido');
    expect(certificateStatusAt(cert, new Date('2025-12-31T23:59:59Z'))).toBe('ainda_nao_valido');
  });
  it('names the date in pt-BR (Brazil time) in the refusals', () => {
    expect(new CertificateExpiredError(new Date('2026-03-01T02:00:00Z')).message)
      .toBe('O certificado digital venceu em 28/02/2026. Envie um certificado válido em Configurações › Segurança.');
    expect(new CertificateNotYetValidError(new Date('2027-01-10T15:00:00Z')).message).toContain('10/01/2027');
  });
});

describe('the stored credential blob', () => {
  it('round-trips the PKCS#12 bytes and a non-ASCII password', () => {
    const pfx = new Uint8Array([0x30, 0x82, 0, 1, 2, 255]);
    const back = decodeSigningCredential(encodeSigningCredential({ pfx, password: 'sênha:ção' }));
    expect(back.password).toBe('sênha:ção');
    expect([...back.pfx]).toEqual([...pfx]);
    expect(() => decodeSigningCredential(new Uint8Array([1, 2, 3]))).toThrow();
  });
});

describe('ManageSigningCertificate', () => {
  it('stores a valid certificate with its password in one stored file and shows what it says, never the secret', async () => {
    const w = world();
    const r = await w.manage.upload(auth(), { pfx: valid({ crm: '123456/SP' }), password: 'senha-do-a1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ subjectName: 'MEDICA DE TESTE:12345678909', issuerName: 'AC Teste Limiar', cpf: '12345678909', crm: '123456/SP', status: 'valido', statusLabel: 'Válido' });
    expect(JSON.stringify(r.value)).not.toContain('senha-do-a1');
    expect(w.storage.files.size).toBe(1);
    const [key, blob] = [...w.storage.files][0];
    expect(key.startsWith('org-1/')).toBe(true);
    expect(decodeSigningCredential(blob).password).toBe('senha-do-a1');
    expect((await w.manage.current(auth()))?.subjectName).toBe('MEDICA DE TESTE:12345678909');
  });

  it('refuses a wrong password, a non-certificate, an expired and a not-yet-valid certificate, storing nothing', async () => {
    const w = world();
    const wrong = await w.manage.upload(auth(), { pfx: valid(), password: 'outra' });
    expect(!wrong.ok && wrong.error.code).toBe('CERTIFICATE.INVALID_PASSWORD');
    const junk = await w.manage.upload(auth(), { pfx: new TextEncoder().encode('%PDF-1.7'), password: 'x' });
    expect(!junk.ok && junk.error.code).toBe('CERTIFICATE.INVALID_FILE');
    const empty = await w.manage.upload(auth(), { pfx: new Uint8Array(), password: 'x' });
    expect(!empty.ok && empty.error.code).toBe('CERTIFICATE.INVALID_FILE');
    const expired = await w.manage.upload(auth(), { pfx: valid({ notBefore: new Date('2025-01-01T12:00:00Z'), notAfter: new Date('2026-11-24T12:00:00Z') }), password: 'senha-do-a1' });
    expect(!expired.ok && expired.error.code).toBe('CERTIFICATE.EXPIRED');
    expect(!expired.ok && expired.error.message).toContain('24/11/2026');
    const early = await w.manage.upload(auth(), { pfx: valid({ notBefore: new Date('2026-12-01T12:00:00Z') }), password: 'senha-do-a1' });
    expect(!early.ok && early.error.code).toBe('CERTIFICATE.NOT_YET_VALID');
    expect(w.storage.files.size).toBe(0);
    expect(await w.manage.current(auth())).toBeNull();
  });

  it('replaces the previous certificate and deletes its stored file; removal deletes both', async () => {
    const w = world();
    await w.manage.upload(auth(), { pfx: valid({ serialNumber: 'aa' }), password: 'senha-do-a1' });
    const firstKey = [...w.storage.files.keys()][0];
    await w.manage.upload(auth(), { pfx: valid({ serialNumber: 'bb' }), password: 'senha-do-a1' });
    expect(w.storage.files.has(firstKey)).toBe(false);
    expect(w.storage.files.size).toBe(1);
    expect((await w.manage.current(auth()))?.serialNumber).toBe('bb');
    expect((await w.manage.remove(auth())).ok).toBe(true);
    expect(w.storage.files.size).toBe(0);
    expect(await w.manage.current(auth())).toBeNull();
    const again = await w.manage.remove(auth());
    expect(!again.ok && again.error.code).toBe('CERTIFICATE.NOT_FOUND');
  });

  it('keeps each member’s certificate to themselves, per organisation', async () => {
    const w = world();
    await w.manage.upload(auth('user-1', 'org-1'), { pfx: valid(), password: 'senha-do-a1' });
    expect(await w.manage.current(auth('user-2', 'org-1'))).toBeNull();
    expect(await w.manage.current(auth('user-1', 'org-2'))).toBeNull();
  });

  it('gives the lead the credential that signs, null without a certificate, a refusal once expired', async () => {
    const w = world();
    expect(await w.manage.credentialFor('org-1', 'user-1', now)).toEqual({ ok: true, value: null });
    const pfx = valid({ notAfter: new Date(now.getTime() + 10 * DAY) });
    await w.manage.upload(auth(), { pfx, password: 'senha-do-a1' });
    const r = await w.manage.credentialFor('org-1', 'user-1', now);
    expect(r.ok && r.value?.credential.password).toBe('senha-do-a1');
    expect(r.ok && [...(r.value?.credential.pfx ?? [])]).toEqual([...pfx]);
    expect(r.ok && r.value?.certificate.cpf).toBe('12345678909');
    const later = await w.manage.credentialFor('org-1', 'user-1', new Date(now.getTime() + 11 * DAY));
    expect(!later.ok && later.error.code).toBe('CERTIFICATE.EXPIRED');
    expect((await w.manage.current(auth()))?.status).toBe('valido');
    w.clock.advance(11 * DAY);
    expect(await w.manage.current(auth())).toMatchObject({ status: 'vencido', statusLabel: 'Vencido' });
  });
});
