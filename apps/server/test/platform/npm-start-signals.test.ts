import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { makeTempDir } from '../support/paths.ts';

// `npm start` as a user (or a process manager) runs it: npm, then the start script. A signal to
// npm alone (what `kill` or a process manager sends) and Ctrl-C (the whole process group) must
// both stop Encore and its Postgres, exit 0, and log nothing at warning level or above.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const started: Array<{ child: ChildProcess; dataDir: string }> = [];

afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    // The whole group (npm, node, Postgres), whatever the test left running.
    if (child.pid && child.exitCode === null) signalGroup(child.pid, 'SIGKILL');
    for (const pid of processesUsing(join(dataDir, 'postgres'))) signal(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}
const signalGroup = (pid: number, name: NodeJS.Signals) => signal(-pid, name);

/** PIDs of processes whose command line mentions `dir` (Postgres is started with -D <dir>). */
function processesUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function npmStart() {
  const dataDir = makeTempDir('npm-start');
  const port = await freePort();
  let output = '';
  // detached: its own process group, like a terminal's foreground job.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      output += chunk;
    });
  }
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await expect
    .poll(() => output, { timeout: 150_000, interval: 200 })
    .toContain(`Encore is running at http://localhost:${port}`);
  // A request (logged at debug, so not in the output) and the workers' connections are open.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  return { child, dataDir, port, exit, output: () => output };
}

/** Lines at warning level or above: pino's JSON levels 40+, or a stack trace. */
function alarming(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (/^\s+at /.test(line)) return true;
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 40;
    } catch {
      return false;
    }
  });
}

describe.skipIf(!existsSync('/proc'))('npm start and signals', () => {
  it.each([
    ['SIGTERM to npm alone', (pid: number) => signal(pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the process group)', (pid: number) => signalGroup(pid, 'SIGINT')],
  ])(
    '%s stops Encore and Postgres quietly, exit code 0',
    async (_, send) => {
      const { child, dataDir, port, exit, output } = await npmStart();
      send(child.pid ?? 0);
      expect(await exit).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
      expect(output()).toContain('stopping Encore');
      expect(output()).not.toContain('request completed');
      expect(alarming(output())).toEqual([]);
    },
    240_000,
  );
});
