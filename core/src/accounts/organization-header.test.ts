import { describe, expect, it } from 'vitest';
import { InMemoryOrganizationRepository } from '../testing/in-memory-account-adapters';
import type { FileStorage } from '../ports/file-storage';
import { ManageOrganization } from '../use-cases/accounts/manage-organization';
import { parseOrganizationHeader, sniffLogoType } from './organization-header';
import { formatCnpj, isValidCnpj } from '../programme/cnpj';

describe('CNPJ', () => {
  it('accepts right check digits with or without the mask, refuses wrong digits, lengths and repeated digits', () => {
    for (const ok of ['11.222.333/0001-81', '11222333000181', '04.252.011/0001-10', '33.000.167/0001-01']) expect(isValidCnpj(ok), ok).toBe(true);
    for (const bad of ['11.222.333/0001-82', '11.222.333/0001-91', '1122233300018', '00000000000000', '11111111111111', 'abc']) expect(isValidCnpj(bad), bad).toBe(false);
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj(null)).toBeNull();
  });
});

describe('organisation header', () => {
  it('normalises: trimmed name, CNPJ as digits, e-mail lower-cased, blanks as null; says which field is wrong', () => {
    expect(parseOrganizationHeader({ name: '  Clínica   Som ', cnpj: '11.222.333/0001-81', address: ' ', email: 'A@B.COM' })).toEqual({
      ok: true, value: { name: 'Clínica Som', cnpj: '11222333000181', address: null, phone: null, email: 'a@b.com' },
    });
    const bad = parseOrganizationHeader({ name: 'X', cnpj: '11.222.333/0001-82', phone: '12', email: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.issues.map((i) => i.path)).toEqual(['name', 'cnpj', 'phone', 'email']);
  });

  it('recognises PNG and JPEG by their first bytes only (a GIF, an SVG or a PDF named .png is refused)', () => {
    expect(sniffLogoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffLogoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    for (const text of ['GIF89a....', '<svg xmlns="http://www.w3.org/2000/svg"/>', '%PDF-1.7']) expect(sniffLogoType(new TextEncoder().encode(text))).toBeNull();
  });

  it('stores the logo, replaces it (deleting the old bytes) and removes it; the laudo header carries the bytes', async () => {
    const blobs = new Map<string, Uint8Array>();
    let n = 0;
    const storage: FileStorage = {
      async put(_org, bytes) { const key = `k${++n}`; blobs.set(key, bytes); return { key, sha256: `sha${n}` }; },
      async read(key) { const b = blobs.get(key); if (!b) throw new Error('unknown key'); return b; },
      async delete(key) { blobs.delete(key); },
    };
    const organizations = new InMemoryOrganizationRepository();
    await organizations.insert({ id: 'o1', name: 'Clínica de Ana', createdAt: new Date(0) });
    const manage = new ManageOrganization({ organizations, storage });
    const auth = { userId: 'u1', organizationId: 'o1', sessionId: 's1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
    expect((await manage.setLogo(auth, new TextEncoder().encode('GIF89a'))).ok).toBe(false);
    expect((await manage.setLogo(auth, new Uint8Array(1024 * 1024 + 1))).ok).toBe(false);
    await manage.setLogo(auth, png);
    await manage.setLogo(auth, png);
    expect([...blobs.keys()]).toEqual(['k2']);
    expect((await manage.update(auth, { name: 'Clínica Som', cnpj: '11222333000181' })).ok).toBe(true);
    expect(await manage.header('o1')).toEqual({ name: 'Clínica Som', cnpj: '11222333000181', address: null, phone: null, email: null, logo: { mimeType: 'image/png', bytes: png } });
    await manage.deleteLogo(auth);
    expect(blobs.size).toBe(0);
    expect((await manage.header('o1'))?.logo).toBeNull();
  });
});
