import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidV7 } from './uuid-v7';

describe('uuidV7 (RFC 9562 version 7, ADR 0026)', () => {
  it('is a well-formed version-7 UUID that the API contract accepts, with its millisecond first', () => {
    const at = Date.UTC(2026, 10, 30, 12, 0, 0, 123);
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(at);
  });

  it('sorts in creation order, within one millisecond too, and never repeats', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidV7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // a clock that goes back does not break the order
    const later = uuidV7(Date.now() - 60_000);
    expect(later > ids[ids.length - 1]).toBe(true);
  });
});
