import { describe, expect, it } from 'vitest';
import { migrationsList } from './index';
import { MIGRATION_NAMES } from './names';

describe('MIGRATION_NAMES', () => {
  it('lists every migration of migrationsList, in order (add a new migration to both)', () => {
    expect(MIGRATION_NAMES).toEqual(migrationsList.map((m) => m.name));
  });
});
