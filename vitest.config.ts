import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One folder per run for the reliability suite's server logs and the secrets they must not hold
// (tests/reliability/support/suite-log.ts); the workers inherit it.
process.env.LIMIAR_RELIABILITY_LOG_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-reliability-logs-'));

/** Tests that read whole chart pictures (their own project, with a budget for a loaded machine). */
const CHART_READER_TESTS = ['tests/ai/chart-image-*.test.ts', 'tests/ai/real-audiograms.test.ts', 'tests/ai/scanned-pdf-audiogram-reader.test.ts'];

/**
 * One vitest run, five projects, one summary line:
 * - unit: pure code (core, contracts on in-memory adapters, CLI without a database);
 * - chart-reader: the chart-image reader on whole pictures (a budget per test that holds under load);
 * - integration: anything touching PostgreSQL, Ollama fakes or the HTTP server (`*.int.test.ts`);
 * - e2e: real Chromium against the real built app served by the real server (`*.e2e.test.ts`);
 * - suite-logs: after all the others, greps the reliability suite's logs (tests/reliability/suite-logs.int.test.ts).
 * The test PostgreSQL is started once per run by tests/support/global-setup.ts.
 */
export default defineConfig({
  test: {
    // The sweeps' summary table first, so the default reporter's summary stays the last line.
    reporters: ['./tests/reliability/support/summary-reporter.ts', 'default'],
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts', 'tests/web/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/node_modules/**', ...CHART_READER_TESTS],
        },
      },
      {
        // The chart-image reader on whole pictures (decode, OCR, symbols; some tests generate a hundred
        // pictures first): ~0.5–1.3 s a picture on a quiet 2-core host, three to four times that while the
        // rest of the suite runs beside it. The unit project's 5 s budget failed a one-picture test there
        // (tests/ai/chart-image-frame.test.ts, 5.2 s under load): these get a budget that holds under load.
        test: {
          name: 'chart-reader',
          include: CHART_READER_TESTS,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', 'tests/reliability/suite-logs.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // After every other project: greps the whole reliability suite's log (issue 15, defect 6).
        test: {
          name: 'suite-logs',
          include: ['tests/reliability/suite-logs.int.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // a page's data arrives after its heading; vitest's default 1 s poll failed /reports' counters on a
          // busy machine (the list request took longer). Polls wait for what the page will show, up to 10 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
