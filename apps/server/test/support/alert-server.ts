import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { AlertWorkerOptions } from '../../src/alerts/alert-workers.ts';
import type { AppConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/client.ts';
import { startServer } from '../../src/main-lib.ts';
import { budget } from './budget.ts';
import { makeTempDir } from './paths.ts';
import { createTestDatabase, GENEROUS_RATE_LIMITS, TEST_ORIGIN, type TestApp } from './test-app.ts';

export type ListeningTestApp = TestApp & { baseUrl: string };

/**
 * Encore as `npm start` runs it (HTTP listening on a free port, alert workers in the process)
 * on a fresh test database, or on `databaseUrl`. `database` is a second pool for the test's own queries.
 */
export async function startAlertServer(
  workers: AlertWorkerOptions = {},
  databaseUrl?: string,
  /** false: WORKERS=off, the API alone (the test runs `npm run worker` itself). */
  runWorkers = true,
  /** Configuration on top of the test defaults (mail and SMS providers, say). */
  overrides: Partial<AppConfig> = {},
): Promise<ListeningTestApp> {
  let url = databaseUrl;
  // A database made here is dropped on close (test-app.ts' dropTestDatabase); a given one is not.
  let drop = async () => {};
  if (!url) {
    const created = await createTestDatabase();
    await created.database.close();
    url = created.url;
    drop = created.drop;
  }
  const dataDir = makeTempDir('alert-server');
  const server = await startServer(
    {
      databaseUrl: url,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      publicUrl: TEST_ORIGIN,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      logLevel: 'silent',
      webDistDir: '/nonexistent/web-dist',
      rateLimit: GENEROUS_RATE_LIMITS,
      demoData: false,
      workers: runWorkers ? 'in-process' : 'off',
      ...overrides,
    },
    {},
    workers,
  );
  const database = createDatabase(url);
  const { port } = server.app.server.address() as AddressInfo;
  return {
    app: server.app,
    config: server.config,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.stop();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type StreamEvent = { event: string; data: unknown };

/**
 * Opens /api/notifications/stream over real HTTP and collects its events as they come.
 * `next(predicate)` resolves with the first event (already received or coming) that matches.
 */
export async function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        for (const wake of waiters.splice(0)) wake();
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    response,
    events,
    async next(predicate: (e: StreamEvent) => boolean, timeoutMs = 5_000): Promise<StreamEvent> {
      const deadline = Date.now() + budget(timeoutMs);
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
