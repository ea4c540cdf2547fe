import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn the built CLI and git; two cores on CI.
    pool: 'forks',
    // `npm test` runs with --coverage; the floor below only rises (README "Reliability"). Code run in
    // the spawned CLI is not counted (only what tests import), so the numbers understate what is tested.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      reporter: ['text-summary'],
      reportOnFailure: true,
      thresholds: { lines: 0, functions: 0, branches: 0, statements: 0 },
    },
  },
});
