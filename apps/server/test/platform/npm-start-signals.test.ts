import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_CHILD_FLAG } from '../../src/worker-children.ts';
import { budget } from '../support/budget.ts';
import {
  alive,
  childrenOf,
  childrenWithFlag,
  processesUsing,
  signal,
  testProcesses,
} from '../support/child-processes.ts';
import { freePort } from '../support/free-port.ts';

// `npm start` as a user (or a process manager) runs it: npm, then the start script. A signal to
// npm alone (what `kill` or a process manager sends) and Ctrl-C (the whole process group) must
// both stop Encore and its Postgres, exit 0, and log nothing at warning level or above.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
// Whatever a test left running (npm, node, Postgres) is stopped after it, whatever happened.
const processes = testProcesses('each');

const signalGroup = (pid: number, name: NodeJS.Signals) => signal(-pid, name);

async function npmStart() {
  const dataDir = processes.tempDir('npm-start');
  const port = await freePort();
  // Its own process group, like a terminal's foreground job.
  const {
    child,
    output,
    printed,
    exited: exit,
  } = processes.start('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
  });
  await printed(`Encore is running at http://localhost:${port}`, budget(150_000));
  // Each step of the start says what it is doing, with the time since the start.
  expect(output()).toMatch(/^Starting Encore\.\.\./m);
  expect(output()).toMatch(/\[\d+\.\d s\] Starting the embedded Postgres/);
  expect(output()).toMatch(/\[\d+\.\d s\] Applying the database migrations/);
  // A request (logged at debug, so not in the output) and the workers' connections are open.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  // The alert workers in a process of their own (WORKERS=on, decision 066): npm → node → node.
  expect(output()).toMatch(/\[\d+\.\d s\] The alert workers are running in a process of their own/);
  const workers = childrenOf(child.pid ?? 0).flatMap((api) =>
    childrenWithFlag(api, API_CHILD_FLAG),
  );
  expect(workers).toHaveLength(1);
  return { child, dataDir, port, exit, output, workers };
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
      const { child, dataDir, port, exit, output, workers } = await npmStart();
      send(child.pid ?? 0);
      expect(await exit).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
      expect(workers.filter(alive)).toEqual([]);
      expect(output()).toContain('stopping Encore');
      expect(output()).not.toContain('request completed');
      expect(alarming(output())).toEqual([]);
    },
    budget(240_000),
  );
});
