import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../../core/src';

/** argon2id (the @node-rs default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes. */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}
