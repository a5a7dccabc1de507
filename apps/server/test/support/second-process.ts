import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A second API process on the test app's database, as a deployment runs several: for the
 * per-process caches (sessions, private and public pages), which must hear a change committed
 * through another process before their next answer. `overrides` change its configuration (one
 * with `pageCaches: false` answers every page from the database).
 */
export async function startSecondProcess(
  t: TestApp,
  overrides: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = createDatabase(t.config.databaseUrl ?? '');
  const app = await buildApp({ ...t.config, ...overrides }, database);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second process that caches no page and keeps no show fragment (Your Alerts, the artist and
 * venue pages read whole): what a fresh read gives, for comparing a cached answer with. No metrics
 * of its own (the first process' port is the first process').
 */
export function startReferenceProcess(t: TestApp) {
  return startSecondProcess(t, {
    pageCaches: false,
    showFragments: false,
    workers: 'off',
    metrics: { ...t.config.metrics, port: undefined },
  });
}

/**
 * A test app (the first process) and a second process on its database, for a file's tests;
 * `close` ends both, the second first.
 */
export async function startTwoProcesses(): Promise<{
  t: TestApp;
  b: FastifyInstance;
  close: () => Promise<void>;
}> {
  const t = await createTestApp();
  const second = await startSecondProcess(t);
  return {
    t,
    b: second.app,
    close: async () => {
      await second.close();
      await t.close();
    },
  };
}

/**
 * startTwoProcesses for a whole test file: started before its tests, both closed after them.
 * `set` receives them once started (a file keeps them in its own `t` and `b`).
 */
export function withTwoProcesses(set: (started: { t: TestApp; b: FastifyInstance }) => void): void {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startTwoProcesses();
    close = started.close;
    set(started);
  });
  afterAll(() => close?.());
}
