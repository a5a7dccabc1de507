import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { budget } from '../support/budget.ts';
import { processesUsing, signal, testProcesses } from '../support/child-processes.ts';
import { freePort } from '../support/free-port.ts';

// `npm run dev` as `npm start` (npm-start-signals.test.ts): a signal to npm alone (a process
// manager, `kill`) and Ctrl-C (the whole process group) both stop the API, Vite and Postgres,
// leave no port held, and exit 0 (a SIGTERM to npm left all of them running).
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const processes = testProcesses('each');

async function npmRunDev() {
  const dataDir = processes.tempDir('npm-dev');
  const [port, webPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const { child, printed, exited } = processes.start('npm', ['run', 'dev'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_PORT: String(webPort),
      EMBEDDED_PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      // The stop is what is tested, not the demo: an empty instance starts sooner.
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
    },
  });
  await printed(`Encore is running at http://localhost:${webPort}`, budget(150_000));
  // Both halves answer, the API through Vite's proxy as the browser reaches it (Vite's own banner
  // may be coloured, so it is asked, not read).
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  const viaVite = () =>
    fetch(`http://localhost:${webPort}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
  await expect.poll(viaVite, { timeout: budget(60_000), interval: 200 }).toBe(200);
  return { child, dataDir, port, webPort, exited };
}

describe.skipIf(!existsSync('/proc'))('npm run dev and signals', () => {
  it.each([
    ['SIGTERM to npm alone', (pid: number) => signal(pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the process group)', (pid: number) => signal(-pid, 'SIGINT')],
  ])(
    '%s stops the API, Vite and Postgres, exit code 0',
    async (_, send) => {
      const { child, dataDir, port, webPort, exited } = await npmRunDev();
      send(child.pid ?? 0);
      expect(await exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      await expect(fetch(`http://localhost:${webPort}/`)).rejects.toThrow();
      expect(processesUsing(join(dataDir, 'postgres'))).toEqual([]);
    },
    budget(240_000),
  );
});
