import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, noteQueryError } from '../../adapters/src/persistence/connection';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable: which errors the HTTP layer answers with 503', () => {
  it('recognises a database that is down, shutting down, restarting or unreachable', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:54329', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('flush failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
  });

  it('leaves query errors, constraint violations and bugs to their own handling', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("counts knex's 'transaction already complete' only right after a lost connection", () => {
    const completed = new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
    expect(isDatabaseUnavailable(completed)).toBe(false);
    noteQueryError(withCode('syntax error', '42601'));
    expect(isDatabaseUnavailable(completed)).toBe(false);
    noteQueryError(withCode('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(completed)).toBe(true);
  });
});
