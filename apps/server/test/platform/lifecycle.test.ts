import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { startServer } from '../../src/main-lib.ts';
import { budget } from '../support/budget.ts';
import { processesUsing, testProcesses } from '../support/child-processes.ts';
import { freePort } from '../support/free-port.ts';

// Start-up and shut-down of the real thing: no Postgres may outlive Encore, also after a failure.
// What a test leaves running is stopped after it, the folder removed after all of them.
const processes = testProcesses('each');
const dataDir = processes.tempDir('lifecycle');

function occupy(port: number): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe.skipIf(!existsSync('/proc'))('embedded Postgres lifecycle', () => {
  it('initialises once, reuses the data on the next start and stops completely', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port });
    const client = new pg.Client({ connectionString: first.connectionString });
    await client.connect();
    await client.query('create table kept (id int)');
    await client.end();
    await first.stop();
    expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);

    const second = await startEmbeddedPostgres({ dataDir, port });
    const again = new pg.Client({ connectionString: second.connectionString });
    await again.connect();
    await expect(again.query('select count(*) from kept')).resolves.toBeDefined();
    await again.end();
    await second.stop();
    expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
  });

  it('explains a busy port and leaves no process behind', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(/already in use/);
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it('stops Postgres when startServer fails half-way (HTTP port in use)', async () => {
    const httpPort = await freePort();
    const blocker = await occupy(httpPort);
    try {
      await expect(
        startServer(
          {
            dataDir,
            port: httpPort,
            host: '127.0.0.1',
            embeddedPgPort: await freePort(),
            logLevel: 'silent',
            // Not what is tested here (demo-data.test.ts is), and the slowest step on a busy
            // machine: loading it took this test past its timeout under stress-ng.
            demoData: false,
          },
          {},
        ),
      ).rejects.toThrow(/EADDRINUSE/);
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
    } finally {
      blocker.close();
    }
  });
});

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

function runMain(env: Record<string, string>) {
  return processes.start(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'off', // as above
      ...env,
    },
  });
}

describe.skipIf(!existsSync('/proc'))('main.ts as a process', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('shuts down on %s with exit code 0', async (signal) => {
    const port = await freePort();
    const {
      child,
      printed,
      exited: exit,
    } = runMain({
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    await printed(`Encore is running at http://localhost:${port}`, budget(20_000));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    child.kill(signal);
    expect(await exit).toBe(0);
    expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
  });

  it('exits 1 with a clear message when start-up fails, leaving no Postgres', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      const { output, exited } = runMain({
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expect(await exited).toBe(1);
      expect(output()).toContain('Encore could not start');
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
    } finally {
      blocker.close();
    }
  });
});
