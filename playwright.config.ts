import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium.ts';
import { e2eSettings } from './e2e/support/e2e-env.ts';
import { budget } from './scripts/test-budget.ts';

// Free ports and a fresh data folder unless E2E_PORT (and E2E_DATA_DIR) are given.
const { port, dataDir } = e2eSettings();
const baseURL = `http://localhost:${port}`;
// The local fake Spotify (e2e/support/spotify.ts), started by serve.mjs beside the server.
const spotifyFake = `http://127.0.0.1:${port + 2000}`;
// The local fake Last.fm (e2e/support/lastfm.ts), started by serve.mjs too.
const lastfmFake = `http://127.0.0.1:${port + 2001}/2.0/`;
const demoURL = `http://localhost:${port + 1}`;

const SERVER = {
  command: 'node e2e/support/serve.mjs',
  timeout: budget(120_000),
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** What both servers share. */
const SERVER_ENV = {
  // Every test acts from 127.0.0.1; the limits themselves are proved in the API tests.
  RATE_LIMIT_SIGN_UP: '10000',
  RATE_LIMIT_LOGIN: '10000',
  RATE_LIMIT_USERNAME_CHECK: '10000',
  RATE_LIMIT_PASSWORD_CHANGE: '10000',
  RATE_LIMIT_VERIFICATION_SEND: '10000',
  RATE_LIMIT_PHONE_VERIFY: '10000',
  RATE_LIMIT_FEEDBACK: '10000',
  RATE_LIMIT_DATA_EXPORT: '10000',
  RATE_LIMIT_PHOTO_UPLOAD: '10000',
  RATE_LIMIT_SHOW_CHANGES: '10000',
  RATE_LIMIT_SEARCH: '10000',
  RATE_LIMIT_SPOTIFY: '10000',
  RATE_LIMIT_LASTFM: '10000',
  RATE_LIMIT_CLIENT_EVENTS: '10000',
  RATE_LIMIT_TICKET_CLICKS: '10000',
  RATE_LIMIT_TOUR_PLANS: '10000',
  RATE_LIMIT_BOOKING_REQUESTS: '10000',
  RATE_LIMIT_SHOW_IMPORTS: '10000',
  LOG_LEVEL: 'warn',
};

export default defineConfig({
  testDir: './e2e',
  // Per port: Playwright empties its output folder when it starts, which deleted the traces of
  // a run already going in the same checkout.
  outputDir: `test-results/e2e-${port}`,
  // A budget for a whole journey, not a speed goal (those are benches): the longest journeys
  // (Spotify's, with several axe scans) take ~12 s alone and went past 30 s on a machine loaded
  // four times over by stress-ng plus other work. Both are quiet-host budgets times the run's
  // measured slowdown (scripts/test-budget.ts): a stuck journey still fails, a slow one finishes.
  timeout: budget(60_000),
  expect: { timeout: budget(7_000) },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // On CI one retry: a journey that fails twice fails the run; one that passes on its retry is
  // named "flaky" with its first failure's line and error at the end of `npm test`
  // (scripts/test.mjs), to be fixed, not hidden. Two CI runs each lost one or two of 202
  // journeys to a wait on a loaded host (2026-11-30), none of them failing again alone.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    // `npm test` names each failed journey again at the very end (CI keeps only a run's tail).
    ...(process.env.ENCORE_JOURNEY_REPORT
      ? [['json', { outputFile: process.env.ENCORE_JOURNEY_REPORT }] as const]
      : []),
  ],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL,
    // A trace only on a journey's retry (CI retries once): recording one for every journey, kept
    // on failure, took ~37% of the journeys' CPU — Chromium's GPU and browser processes encoding
    // screenshots (settings + sign-up, 17 journeys: 240 → 151 CPU-s). A failure still leaves its
    // screenshot and error; `npx playwright test --trace retain-on-failure` records every one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Set by the global setup (e2e/support/chromium.ts explains the order of preference).
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' },
      // A journey tagged @any-viewport proves a rule the viewport does not change (a redirect,
      // a refusal's message, an OAuth state, a header): it runs once, on desktop. Every screen it
      // passes is still walked on the phone by a journey of its own (README.md, "Two commands").
      grepInvert: /@any-viewport/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      ...SERVER,
      url: `${baseURL}/api/health`,
      env: {
        ...SERVER_ENV,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(port + 1000),
        // The journeys expect an empty database: no demo data set.
        DEMO_DATA: 'off',
        E2E_SPOTIFY_FAKE_PORT: String(port + 2000),
        SPOTIFY_CLIENT_ID: 'encore-e2e',
        SPOTIFY_CLIENT_SECRET: 'encore-e2e-secret',
        SPOTIFY_ACCOUNTS_URL: spotifyFake,
        SPOTIFY_API_URL: `${spotifyFake}/v1`,
        E2E_LASTFM_FAKE_PORT: String(port + 2001),
        LASTFM_API_KEY: 'encore-e2e-lastfm',
        LASTFM_API_URL: lastfmFake,
      },
    },
    {
      // The demo-data server (e2e/support/demo.ts): the journeys that need a lived-in world.
      ...SERVER,
      url: `${demoURL}/api/health`,
      env: {
        ...SERVER_ENV,
        PORT: String(port + 1),
        PUBLIC_URL: demoURL,
        DATA_DIR: `${dataDir}-demo`,
        EMBEDDED_PG_PORT: String(port + 1001),
        DEMO_DATA: 'on',
      },
    },
  ],
});
