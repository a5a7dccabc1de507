/**
 * The processes of `npm run bench:api` and what /proc says about them: starting Encore (the real
 * production start, `scripts/start.mjs`, with the demo data) and the bare Fastify server, each in
 * its own process, and reading their CPU time and memory between measurements.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { superuserUrl } from './api-pg.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Every rate limit of the API, set far above what a bench sends from one address. */
const RATE_LIMITS_OFF = Object.fromEntries(
  [
    'SIGN_UP',
    'LOGIN',
    'USERNAME_CHECK',
    'PASSWORD_CHANGE',
    'VERIFICATION_SEND',
    'PHONE_VERIFY',
    'FEEDBACK',
    'DATA_EXPORT',
    'PHOTO_UPLOAD',
    'SHOW_CHANGES',
    'SEARCH',
    'SPOTIFY',
    'CLIENT_EVENTS',
    'TICKET_CLICKS',
    'TOUR_PLANS',
    'BOOKING_REQUESTS',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000000']),
);

/**
 * The Node flags `npm start` runs Encore with (the root package.json's start script: a larger
 * young generation, decision 062), so a bench's Encore is the production start. Set
 * BENCH_ENCORE_NODE_FLAGS (space-separated, empty for none) to run Encore with others instead, to
 * compare them in turn; the load generator in the bench's own process keeps its own.
 */
export function encoreNodeFlags(): string[] {
  const given = process.env.BENCH_ENCORE_NODE_FLAGS;
  if (given !== undefined) return given.split(/\s+/).filter(Boolean);
  return npmStartNodeFlags(readFileSync(`${root}/package.json`, 'utf8'));
}

/** The flags before the script in package.json's `"start": "exec node <flags> scripts/start.mjs"`. */
export function npmStartNodeFlags(packageJson: string): string[] {
  const start: string = JSON.parse(packageJson).scripts.start;
  const words = start.split(/\s+/);
  const script = words.indexOf('scripts/start.mjs');
  const node = words.indexOf('node');
  if (node < 0 || script < node)
    throw new Error(`npm start is not "node … scripts/start.mjs": ${start}`);
  return words.slice(node + 1, script);
}

export type Started = {
  child: ChildProcess;
  url: string;
  stop: () => Promise<void>;
  /** Kills it with `signal` on purpose (a fault a test makes): its exit is then not reported. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** The last 4,000 characters the process wrote (to explain a failure, not to print as figures). */
  output: () => string;
};

/** Starts `node args` with `env`, waits until `healthPath` answers 200, and gives a stopper. */
async function startProcess(
  label: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  healthPath: string,
  timeoutMs: number,
): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept only to explain a failed start: the server's own lines are not the bench's output.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    // Not asked to stop: say why, or the bench's next read fails with no clue.
    if (!stopping)
      console.error(`${label} exited (${code ?? signal}) during the bench:\n${output}`);
  });
  const kill = async (signal: NodeJS.Signals) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const stop = () => kill('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited at start:\n${output}`);
    const healthy = await fetch(new URL(healthPath, url))
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { child, url, stop, kill, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${label} did not answer ${healthPath} within ${timeoutMs / 1000} s:\n${output}`);
}

/**
 * Encore as `npm start` runs it (it builds the web app first when the build is missing or stale),
 * on a fresh data folder with the demo data, the alert workers on as in production, and the rate
 * limits lifted (as playwright.config.ts does for the journeys).
 */
export function startEncore(
  port: number,
  pgPort: number,
  dataDir: string,
  /** More of Encore's environment (PAGE_CACHES=off for bench:traffic's uncached rounds). */
  env: Record<string, string> = {},
): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_CPU_PROF;
  return startProcess(
    'Encore',
    // BENCH_CPU_PROF=DIR: a V8 CPU profile of Encore's process, written to DIR when it stops.
    [
      ...encoreNodeFlags(),
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      'scripts/start.mjs',
    ],
    {
      ...RATE_LIMITS_OFF,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      ...env,
    },
    url,
    '/api/health',
    // A cold build plus initdb and the demo data on a loaded machine.
    300_000,
  );
}

/**
 * One more API process beside Encore started by startEncore: the same server (scripts/start.mjs)
 * on `port` against Encore's embedded Postgres as its superuser, sharing its data folder (the auth
 * secret, so the same cookies sign in) and its public address, with WORKERS=off and no demo data
 * of its own, as a deployment of several API processes on one host runs (docs/operations.md);
 * its event loop's /metrics on `metricsPort`. Ready once its health check answers.
 */
export function startApiProcess(
  port: number,
  metricsPort: number,
  pgPort: number,
  dataDir: string,
  /** The first process's: behind a balancer, every API process serves the one public address. */
  publicUrl: string,
): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  return startProcess(
    'Encore (second API process)',
    [...encoreNodeFlags(), 'scripts/start.mjs'],
    {
      ...RATE_LIMITS_OFF,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: superuserUrl(dataDir, pgPort),
      DEMO_DATA: 'off',
      WORKERS: 'off',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    },
    url,
    '/api/health',
    120_000,
  );
}

/**
 * `npm run worker` (src/worker.ts) in its own process beside Encore started by startEncore with
 * WORKERS=off: the alert matching and delivery off the API's event loop, as a deployment of
 * several processes runs them (docs/operations.md). It shares Encore's data folder (the auth
 * secret, the VAPID keys, the mail folder) and its embedded Postgres, as its superuser; ready
 * once its /metrics answers on `metricsPort`.
 */
export function startWorker(
  metricsPort: number,
  pgPort: number,
  dataDir: string,
  publicUrl: string,
): Promise<Started> {
  return startProcess(
    'worker',
    ['--import', 'tsx', 'apps/server/src/worker.ts'],
    {
      DATABASE_URL: superuserUrl(dataDir, pgPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    },
    `http://127.0.0.1:${metricsPort}`,
    '/metrics',
    120_000,
  );
}

export function startBare(port: number): Promise<Started> {
  return startProcess(
    'bare Fastify',
    ['--import', 'tsx', 'apps/server/bench/api-bare-hello.ts'],
    { PORT: String(port) },
    `http://127.0.0.1:${port}`,
    '/',
    60_000,
  );
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

type ProcStat = { pid: number; ppid: number; comm: string; ms: number; childrenMs: number };

/** /proc/<pid>/stat: user + system time (and that of its waited-for children), in ms. */
function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone between the listing and the read
  }
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text
    .slice(close + 2)
    .split(' ')
    .map(Number);
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17, ppid 4.
  const tick = 1000 / TICKS_PER_SECOND;
  return {
    pid,
    ppid: fields[1] ?? 0,
    comm,
    ms: ((fields[11] ?? 0) + (fields[12] ?? 0)) * tick,
    childrenMs: ((fields[13] ?? 0) + (fields[14] ?? 0)) * tick,
  };
}

function allProcesses(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== undefined);
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The postmaster serving `dataDir` (its command line names the folder). */
export function findPostmaster(dataDir: string): number {
  const found = allProcesses().find(
    (p) => p.comm === 'postgres' && cmdline(p.pid).includes(`${dataDir}/postgres`),
  );
  if (!found) throw new Error(`no postgres process found for ${dataDir}`);
  return found.pid;
}

/**
 * CPU milliseconds so far of Encore's Node process (with any Node children: worker processes) and
 * of its Postgres: the postmaster, its live backends, and (cutime + cstime) the backends that
 * already exited, which the postmaster has waited for.
 */
export function cpuNow(encorePid: number, postmasterPid: number): { node: number; pg: number } {
  const all = allProcesses();
  const byParent = new Map<number, ProcStat[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const postmaster = all.find((p) => p.pid === postmasterPid);
  const backends = byParent.get(postmasterPid) ?? [];
  const pg =
    (postmaster ? postmaster.ms + postmaster.childrenMs : 0) +
    backends.reduce((sum, p) => sum + p.ms, 0);
  const encore = all.find((p) => p.pid === encorePid);
  const nodeChildren = (byParent.get(encorePid) ?? []).filter((p) => p.comm === 'node');
  const node = (encore?.ms ?? 0) + nodeChildren.reduce((sum, p) => sum + p.ms, 0);
  return { node, pg };
}

/** The Node processes `pid` started (an API's alert workers with WORKERS=on; not tsx's esbuild). */
export function nodeChildrenOf(pid: number): number[] {
  return allProcesses()
    .filter((p) => p.ppid === pid && p.comm === 'node')
    .map((p) => p.pid);
}

/** Resident memory of a process now and its peak (VmRSS, VmHWM), in MiB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
