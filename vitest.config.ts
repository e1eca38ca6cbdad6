import { defineConfig } from 'vitest/config';

/**
 * One vitest run, three projects, one summary line:
 * - unit: pure code (core, contracts on in-memory adapters, CLI without a database);
 * - integration: anything touching PostgreSQL, Ollama fakes or the HTTP server (`*.int.test.ts`);
 * - e2e: real Chromium against the real built app served by the real server (`*.e2e.test.ts`).
 * The test PostgreSQL is started once per run by tests/support/global-setup.ts.
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
