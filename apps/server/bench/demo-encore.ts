import { mkdirSync, rmSync } from 'node:fs';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../src/demo/demo-accounts.ts';
import { type Started, startEncore } from './api-processes.ts';
import { benchPlace } from './bench-place.ts';

export type DemoEncore = {
  /** Where Encore's HTTP server answers. */
  url: string;
  /** The base port (Encore's HTTP); the bench's other servers take the next ones. */
  port: number;
  pgPort: number;
  /** The scratch data folder: its embedded Postgres lives in `${dataDir}/postgres`. */
  dataDir: string;
  /** The Encore process running now (a new one after `restart`). */
  server: () => Started;
  /**
   * Stops Encore and starts it again on the same folder and ports (the demo data stays), with
   * `env` added to its environment.
   */
  restart: (env?: Record<string, string>) => Promise<void>;
  /** Stops Encore and removes the data folder; safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Encore for a bench, as `npm start` runs it with the demo data (api-processes.ts' startEncore:
 * it builds the web app when the build is missing or stale, starts, and waits until it answers),
 * in a place of its own (bench-place.ts): `--port` or a free base port whose next `span` ports are
 * free, Postgres on base + `pgOffset`, and a scratch data folder that `stop` removes; `env(base)` is
 * added to its environment.
 */
export async function startDemoEncore(
  bench: string,
  givenPort: string | undefined,
  {
    span,
    pgOffset,
    env: envAt,
  }: { span: number; pgOffset: number; env?: (port: number) => Record<string, string> },
): Promise<DemoEncore> {
  const { port, dataDir } = await benchPlace(bench, givenPort, span);
  const given = envAt?.(port) ?? {};
  // Postgres runs as `postgres` when we are root: the folder must be reachable (GOTCHAS.md).
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const pgPort = port + pgOffset;
  let running: Started | undefined;
  const stopEncore = async () => {
    const stopping = running;
    running = undefined;
    await stopping?.stop();
  };
  const stop = async () => {
    await stopEncore();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // `env` (the bench's own, e.g. METRICS_PORT) holds for every start; a restart's adds to it.
  const start = async (env: Record<string, string> = {}) => {
    running = await startEncore(port, pgPort, dataDir, { ...given, ...env });
    return running;
  };
  let current: Started;
  try {
    current = await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: current.url,
    port,
    pgPort,
    dataDir,
    server: () => {
      if (!running) throw new Error('Encore is not running');
      return running;
    },
    restart: async (env) => {
      await stopEncore();
      await start(env);
    },
    stop,
  };
}

/**
 * A bench's `--workers` → Encore's WORKERS: `child`, as `npm start` runs the alert workers (a
 * child process of the API, decision 066); `in`, inside the API's process; `apart`, none in the
 * API (the bench starts `npm run worker` beside it).
 */
export const WORKERS_SETTING = { child: 'on', in: 'in-process', apart: 'off' } as const;
export type WorkersMode = keyof typeof WORKERS_SETTING;

/**
 * The command-line options of a bench that loads Encore beside a bare server with autocannon
 * (api, traffic), for parseArgs; `rounds` is the bench's default.
 */
export const loadOptions = (rounds: string) =>
  ({
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: rounds },
    /** Encore's HTTP port (bare on +1, Postgres on +2); free ones by default. */
    port: { type: 'string' },
  }) as const;

/**
 * Runs a bench's `main`, then `stop` (which stops what `main` started), however it ends: done,
 * failed or Ctrl-C.
 */
export async function runThenStop(
  main: () => Promise<void>,
  stop: () => Promise<void>,
): Promise<void> {
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    await main();
  } finally {
    await stop();
  }
}

/** The session cookie of a demo account (demo-accounts.ts), signed in through the login API. */
export function signInDemo(base: string, role: keyof typeof DEMO_LOGINS): Promise<string> {
  return signIn(base, DEMO_LOGINS[role]).catch((error: Error) => {
    throw new Error(`demo ${role} sign-in failed: ${error.message}`);
  });
}

/** The session cookie of any demo account (they share the demo password), as a browser keeps it. */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(new URL('/api/account/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
}
