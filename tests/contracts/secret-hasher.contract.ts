import { expect, it } from 'vitest';
import type { SecretHasher } from '../../core/src';

/** What every SecretHasher must do: the secrets fit the embed token and reset link formats (base64url, 20+ characters). */
export function secretHasherContract(make: () => SecretHasher) {
  it('makes a new URL-safe secret of 20 characters or more each time', () => {
    const h = make();
    const secrets = Array.from({ length: 50 }, () => h.newSecret());
    for (const s of secrets) expect(s).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('hashes a secret the same way every time and matches only that secret', () => {
    const h = make();
    const [secret, other] = [h.newSecret(), h.newSecret()];
    const hash = h.hash(secret);
    expect(h.hash(secret)).toBe(hash);
    expect(h.hash(other)).not.toBe(hash);
    expect(h.matches(secret, hash)).toBe(true);
    expect(h.matches(other, hash)).toBe(false);
  });

  it('answers false, without throwing, for a stored hash of any other shape', () => {
    const h = make();
    const secret = h.newSecret();
    for (const stored of ['', 'x', h.hash(secret).slice(1), `${h.hash(secret)}0`]) expect(h.matches(secret, stored)).toBe(false);
  });
}
