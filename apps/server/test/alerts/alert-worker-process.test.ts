import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { testProcesses } from '../support/child-processes.ts';
import { mailFileMentioning } from '../support/mail-files.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { spawnWorker } from '../support/worker-process.ts';

// The worker serves every test; stopped after them all, passed or failed.
const processes = testProcesses('all');
const dataDir = processes.tempDir('alert-worker');

let t: ListeningTestApp;
let worker: ChildProcess;
let output: () => string;

beforeAll(async () => {
  // The API with WORKERS=off, and `npm run worker` as a separate process on the same database.
  t = await startAlertServer({}, undefined, false);
  ({ child: worker, output } = spawnWorker(processes, t.config, dataDir));
  await eventually(() => output().includes('alert workers are running'), 20_000);
}, budget(30_000));
afterAll(async () => {
  await processes.stopAll(); // before the database it uses goes
  await t.close();
});

describe('npm run worker', () => {
  it(
    'matches and sends what the API announced, and the API streams it; SIGTERM stops it cleanly',
    async () => {
      const performer = await member(t, 'performer', { artistName: 'Night Static' });
      const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
      const watcher = await fan(t);
      await watch(t, watcher.cookie, performer.id, ['email']);
      const stream = await openStream(t.baseUrl, watcher.cookie);
      try {
        await stream.next((e) => e.event === 'unread');
        const show = await announceConfirmed(t, performer, venue, {
          genre: 'Rock',
        });
        // The worker process wrote the row; this API process streamed it.
        const live = await stream.next((e) => e.event === 'notification', 10_000);
        expect(live.data).toMatchObject({
          showId: show.id,
          title: 'Night Static announced a show',
        });
        // The email went through the mail adapter's default: a JSON file in the worker's DATA_DIR.
        const mail = await eventually(() => mailFileMentioning(dataDir, show.id), 10_000);
        expect(mail).toContain('Night Static announced a show');
      } finally {
        await stream.close();
      }
      worker.kill('SIGTERM');
      const [code] = await once(worker, 'exit');
      expect(code, output()).toBe(0);
      expect(output()).toContain('SIGTERM received: stopping the alert workers...');
    },
    budget(40_000),
  );
});
