// The instance the scanners attack: the production start (`scripts/start.mjs`) on a scratch data
// folder and free ports, with the demo data set so there are accounts of every role to sign in as.
import { spawn } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const DEMO_PASSWORD = 'EncoreDemo1';
export const DEMO_LOGINS = {
  fan: 'fan@demo.encore.test',
  performer: 'performer@demo.encore.test',
  venue: 'venue@demo.encore.test',
};

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Encore and waits for /api/health. Rate limits are raised: the scan is about injection,
 * and a scanner that gets 429 after ten requests tests nothing. WORKERS=off: alerts the scan's
 * announcements would send are not what is tested, and the two cores are better spent serving.
 */
export async function startInstance({ root, workDir }) {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  // Postgres runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(workDir, 0o755);
  chmodSync(dataDir, 0o755);
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEMO_DATA: 'on',
    WORKERS: 'off',
    LOG_LEVEL: 'warn',
    // One-second windows: limits with no variable of their own (phone codes) reset each second.
    RATE_LIMIT_WINDOW_SECONDS: '1',
    RATE_LIMIT_SIGN_UP: '1000000',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_USERNAME_CHECK: '1000000',
  };
  delete env.DATABASE_URL;
  const log = createWriteStream(join(workDir, 'server.log'));
  // Its own process group, so stopping it stops the embedded Postgres it started too.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    const timer = setTimeout(
      () => process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL'),
      20_000,
    );
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(origin, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

async function waitForHealth(origin, exited) {
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  // The first start loads the demo data set (10-20 s on two busy cores).
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the server exited while starting: see server.log');
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the server did not answer /api/health within 3 minutes: see server.log');
}

/** Signs in as a demo account and returns its cookies as one `Cookie` header value. */
export async function signIn(origin, role) {
  const response = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: DEMO_LOGINS[role], password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as the demo ${role} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}
