import { defineConfig } from 'vitest/config';

// One run covers the three tiers below the browser: contract unit tests, web component tests and
// server integration tests on a real (embedded) Postgres. Browser journeys run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/web', 'apps/server'],
  },
});
