import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn the built CLI and git; two cores on CI.
    pool: 'forks',
    // The CLIs the tests spawn keep derived results (released migrations) in a cache folder of this run, not the user's.
    env: { RELEASE_SAFETY_CACHE_DIR: process.env.RELEASE_SAFETY_CACHE_DIR ?? mkdtempSync(join(tmpdir(), 'rs-test-cache-')) },
    // `npm test` runs with --coverage; the floor below only rises (README "Reliability"). Code run in
    // the spawned CLI is not counted (only what tests import), so the numbers understate what is tested.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.generated.ts'],
      reporter: ['text-summary'],
      reportOnFailure: true,
      // Measured 2026-11-24 on 2,249 tests: statements 78.75 %, branches 72.53 %, functions 82.6 %, lines 81.08 %.
      // Measured 2026-11-27 on 3,734 tests: statements 77.52 %, branches 71.08 %, functions 81.62 %, lines 80.13 %:
      // the new surfaces (bump-check, GraphQL, tRPC, ClickHouse, the Action comment) are mostly tested end to
      // end through the built CLI and the Action bundle, which this count does not see. Branches and
      // statements keep half a point of room below today's figure; raise them with unit tests.
      // Measured 2026-11-28 on 4,220 tests (fresh-clone CI): statements 80.24 %, branches 73.56 %, functions 83.68 %, lines 82.74 %.
      thresholds: { lines: 81.5, functions: 83, branches: 72.5, statements: 79 },
    },
  },
});
