import { describe } from 'vitest';
import { sha256SecretHasher } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-embed-repositories';
import { fakeSecretHasher } from '../../core/src/testing/in-memory-account-adapters';
import { secretHasherContract } from './secret-hasher.contract';

describe('fake secret hasher (unit tests)', () => {
  secretHasherContract(fakeSecretHasher);
});

describe('SHA-256 secret hasher (production)', () => {
  secretHasherContract(() => sha256SecretHasher);
});
