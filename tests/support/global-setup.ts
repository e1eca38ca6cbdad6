import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

type Shared = { started: ReturnType<typeof startTestPostgres>; users: number };
const key = Symbol.for('limiar.test-postgres');
const shared = globalThis as unknown as Record<symbol, Shared | undefined>;

/**
 * Starts the test PostgreSQL once per vitest run, however many projects use it (the server
 * process is shared through globalThis), and stops it when the last project is done.
 */
export default async function setup(project: TestProject) {
  const state = (shared[key] ??= { started: startTestPostgres(), users: 0 });
  state.users++;
  const pg = await state.started;
  project.provide('testDatabaseUrl', pg.url);
  return async () => {
    if (--state.users === 0) {
      shared[key] = undefined;
      await pg.stop();
    }
  };
}
