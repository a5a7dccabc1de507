import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_CHILD_FLAG } from '../../src/worker-children.ts';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { alive, childrenWithFlag, niceOf, testProcesses } from '../support/child-processes.ts';
import { mailFileMentioning } from '../support/mail-files.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { spawnWorker } from '../support/worker-process.ts';

// Each test's worker and its delivery children are stopped after it, passed or failed.
const processes = testProcesses('each');
const dataDir = processes.tempDir('alert-worker-children');

let t: ListeningTestApp;
// Five Node processes compiling TypeScript through tsx on two cores that other test files share:
// 20 s was once not enough under load (the start-up is not what these tests are about).
const STARTED_WITHIN_MS = 45_000;

function startWorker(env: Record<string, string> = {}) {
  const { child: worker, output } = spawnWorker(
    processes,
    t.config,
    dataDir,
    {
      WORKER_PROCESSES: 'per-channel',
      ALERT_CHANNELS: 'email,sms',
      WORKER_HEAP_MB: '256',
      ...env,
      // npm start's young generation (decision 062), which the delivery children must not inherit.
    },
    ['--max-semi-space-size=32'],
  );
  return { worker, output };
}

/** Node processes among the worker's children: the delivery processes (not tsx's esbuild). */
const deliveryChildren = (pid: number) => childrenWithFlag(pid, DISPATCH_CHILD_FLAG);

beforeAll(async () => {
  t = await startAlertServer({}, undefined, false);
});
afterAll(async () => {
  await t.close();
});

describe('npm run worker with WORKER_PROCESSES=per-channel', () => {
  it(
    'delivers from one child process per channel, and a SIGTERM stops them all',
    async () => {
      const { worker, output } = startWorker();
      await eventually(() => output().includes('alert workers are running'), STARTED_WITHIN_MS);
      const children = deliveryChildren(worker.pid ?? 0);
      expect(children).toHaveLength(2);
      const heapCaps = children.map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--max-old-space-size=256'),
      );
      expect(heapCaps).toEqual([true, true]);
      const youngGenerations = [worker.pid ?? 0, ...children].map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--max-semi-space-size'),
      );
      expect(youngGenerations).toEqual([true, false, false]);
      // Niced: bulk sending yields the CPU to matching and the API.
      expect(children.map(niceOf)).toEqual([10, 10]);

      const performer = await member(t, 'performer', { artistName: 'Night Static' });
      const venue = await member(t, 'venue', { zipCode: '60601' });
      const watcher = await fan(t);
      await watch(t, watcher.cookie, performer.id, ['email']);
      const show = await announceConfirmed(t, performer, venue, {
        genre: 'Rock',
      });
      // Matched by the parent, sent by the email child through the mail adapter's JSON files.
      const mail = await eventually(() => mailFileMentioning(dataDir, show.id), 15_000);
      expect(mail).toContain('Night Static announced a show');

      worker.kill('SIGTERM');
      const [code] = await once(worker, 'exit');
      expect(code, output()).toBe(0);
      expect(children.filter(alive)).toEqual([]);
    },
    budget(90_000),
  );

  it(
    'its delivery processes (here two per channel) stop when the worker is killed',
    async () => {
      const { worker, output } = startWorker({ WORKER_CHILDREN_PER_CHANNEL: '2' });
      await eventually(() => output().includes('alert workers are running'), STARTED_WITHIN_MS);
      const children = deliveryChildren(worker.pid ?? 0);
      expect(children).toHaveLength(4);
      worker.kill('SIGKILL');
      await eventually(() => children.every((pid) => !alive(pid)), 20_000);
    },
    budget(90_000),
  );
});
