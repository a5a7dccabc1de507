import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS } from '../../src/alerts/dispatch-loop.ts';
import { budget } from '../support/budget.ts';
import { testProcesses } from '../support/child-processes.ts';
import { type FaultSinks, pendingCount, settled, startFaultSinks } from '../support/fault-sinks.ts';
import { eventually } from '../support/recording-sender.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { spawnWorker } from '../support/worker-process.ts';
import {
  expectAllSent,
  expectEachFanServedOnce,
  FAULT_FANS as FANS,
  watchedPerformer,
} from './support/fault-run.ts';

/**
 * The killed worker's lease: its unrecorded deliveries come back this soon after its last
 * write. Long enough that a loop starved of CPU on a busy machine keeps its own batch.
 */
const SHORT_LEASE_SECONDS = 5;
/**
 * What one worker can have delivered but not recorded, per channel: two loops, each with at most
 * twice its outcome group (email and push 60, SMS 20: decision 067) waiting or being written plus
 * its sender's messages in flight (email 10, SMS 20, push 64). Recording whole batches at their
 * end, it was every claimed batch: 2 × 200 (SMS 2 × 100).
 */
const IN_FLIGHT = { email: 10, sms: 20, push: 64 };
const UNRECORDED_BOUND = Object.fromEntries(
  Object.entries(IN_FLIGHT).map(([channel, inFlight]) => [
    channel,
    2 * (2 * DISPATCH_DEFAULTS.outcomeGroup[channel as keyof typeof IN_FLIGHT] + inFlight),
  ]),
) as typeof IN_FLIGHT;

let t: TestApp;
let sinks: FaultSinks;
// The workers (and what they forked) are stopped after the test, passed or failed.
const processes = testProcesses('all');
const dataDir = processes.tempDir('alert-kill');

function startWorker(env: Record<string, string>) {
  return spawnWorker(processes, t.config, dataDir, { ...sinks.workerEnv(), ...env });
}

beforeAll(async () => {
  sinks = await startFaultSinks();
  t = await createTestApp();
});
afterAll(async () => {
  await processes.stopAll(); // before the database they use goes
  await t?.close();
  await sinks?.close();
});

describe('a worker killed with SIGKILL mid-delivery', () => {
  it(
    'loses nothing: a new worker sends the rest, and only the last few are sent twice (same keys)',
    async () => {
      const { fans, announce } = await watchedPerformer(t, sinks);
      const expected = 3 * FANS;

      const first = startWorker({ ALERT_LEASE_SECONDS: String(SHORT_LEASE_SECONDS) });
      await eventually(() => first.output().includes('alert workers are running'), 30_000);
      const started = Date.now();

      const eventId = await announce();

      // Kill it a third of the way through, mid-batch on every channel.
      await eventually(() => sinks.accepted() >= expected / 3, 60_000);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      const atKill = sinks.accepted();
      const left = await pendingCount(t.database.orm, eventId);
      expect(left).toBeGreaterThan(0);

      const second = startWorker({});
      await eventually(() => settled(t.database.orm, eventId), 90_000);
      const elapsed = Date.now() - started;

      const rows = await expectAllSent(t, eventId);
      expect(rows.filter((r) => r.channel === 'in_app')).toHaveLength(FANS);
      expectEachFanServedOnce(
        sinks,
        fans,
        rows,
        `SIGKILL: ${FANS} fans, ${expected} outbound; killed at ${atKill} accepted, ${left} rows ` +
          `pending; all done in ${elapsed} ms.`,
        UNRECORDED_BOUND,
      );
      // The provider honoured the idempotency key: each phone got one text.
      expect(sinks.sms.messages).toHaveLength(FANS);

      second.child.kill('SIGTERM');
      const [code] = await once(second.child, 'exit');
      expect(code, second.output()).toBe(0);
    },
    budget(150_000),
  );
});
