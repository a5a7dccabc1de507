import { defineConfig } from 'vitest/config';
import { budget } from '../../scripts/test-budget.ts';

// Integration tests on a real Postgres: test/global-setup.ts starts one embedded server for the
// whole run; every test file creates and migrates its own database in it.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // After each file: the .tmp folders it made are removed (test/support/paths.ts).
    setupFiles: ['test/support/after-each-file.ts'],
    // Quiet-host budgets times the run's measured slowdown (scripts/test-budget.ts): a loaded
    // machine gets more time, a test that never moves still fails.
    testTimeout: budget(30_000),
    hookTimeout: budget(60_000),
    // Files share a worker's module cache instead of importing the whole app afresh for each of
    // ~150 files (test/accounts, shows and fans: 146 → 55 CPU-s at the same load, 2026-11-27).
    // Each file still has its own database, app and pools, and closes them in afterAll.
    isolate: false,
  },
});
