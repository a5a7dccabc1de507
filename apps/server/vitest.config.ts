import { defineConfig } from 'vitest/config';

// Integration tests on a real Postgres: test/global-setup.ts starts one embedded server for the
// whole run; every test file creates and migrates its own database in it.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
