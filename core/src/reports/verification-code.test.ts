import { describe, expect, it } from 'vitest';
import { formatVerificationCode, nameInitials, normalizeVerificationCode, verificationCodeFrom } from './verification-code';

describe('verification code of a laudo version', () => {
  it('is 12 Crockford base32 characters, the same for the same id, another for another id (sequential test ids too)', () => {
    const code = verificationCodeFrom('3f2c8a9e-41b7-4c0d-9e5f-0a1b2c3d4e5f');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(verificationCodeFrom('3f2c8a9e-41b7-4c0d-9e5f-0a1b2c3d4e5f')).toBe(code);
    expect(verificationCodeFrom('3f2c8a9e-41b7-4c0d-9e5f-0a1b2c3d4e60')).not.toBe(code);
    expect(new Set(Array.from({ length: 1000 }, (_, i) => verificationCodeFrom(`id-${i}`))).size).toBe(1000);
  });

  it('differs for 10 000 random UUIDs (no collision from the encoding)', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => verificationCodeFrom(crypto.randomUUID())));
    expect(codes.size).toBe(10_000);
  });

  it('is shown in groups of four and read back from what a person types or a scanner gives', () => {
    const code = verificationCodeFrom('00000000-0000-4000-8000-0000000000ff');
    expect(formatVerificationCode('7K3MQX2P9D4T')).toBe('7K3M-QX2P-9D4T');
    expect(normalizeVerificationCode(' 7k3m-qx2p-9d4t ')).toBe('7K3MQX2P9D4T');
    expect(normalizeVerificationCode('7K3M QX2P 9D4T')).toBe('7K3MQX2P9D4T');
    expect(normalizeVerificationCode('OOOO-IIII-LLLL')).toBe('000011111111');
    expect(normalizeVerificationCode(formatVerificationCode(code))).toBe(code);
    for (const bad of ['', '7K3M', '7K3M-QX2P-9D4TX', '7K3M-QX2P-9D4U', '<script>']) expect(normalizeVerificationCode(bad)).toBeNull();
  });

  it('gives initials only, without the name particles', () => {
    expect(nameInitials('Maria Aparecida da Silva')).toBe('M. A. S.');
    expect(nameInitials('  joão  dos santos ')).toBe('J. S.');
  });
});
