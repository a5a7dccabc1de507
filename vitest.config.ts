import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers the three tiers below the browser: contract unit tests, web component tests and
// server integration tests on a real (embedded) Postgres. Browser journeys run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/web', 'apps/server'],
    // A file per core. Vitest's default (cores − 1) ran the whole tier one file at a time on our
    // 2-core machines, while a server test file spends much of its time waiting on Postgres.
    // Each file has its own database, app and ports, so two run side by side.
    maxWorkers: availableParallelism(),
  },
});
