import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../../src/db/embedded-postgres.ts';
import { budget } from '../support/budget.ts';
import { testProcesses } from '../support/child-processes.ts';
import { settled } from '../support/fault-sinks.ts';
import { freePort } from '../support/free-port.ts';
import { eventually } from '../support/recording-sender.ts';
import {
  expectAllSent,
  expectEachFanServedOnce,
  FAULT_FANS as FANS,
  type FaultRun,
  startFaultRun,
  watchedPerformer,
} from './support/fault-run.ts';

// Its own Postgres, since this test stops and restarts it under a running Encore.
// Its folder is removed after the tests, and a Postgres left running on it stopped.
const dataDir = testProcesses('all').tempDir('alert-faults-restart');
let port: number;
let postgres: EmbeddedPostgresHandle;
let run: FaultRun;

beforeAll(async () => {
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port });
  run = await startFaultRun(
    {
      // A lease far longer than the outage: a delivery may only go out again if its lease ran
      // out, which would hide a lost outcome behind a long wait rather than a duplicate.
      dispatch: { pollMs: 200, baseDelayMs: 200, maxDelayMs: 2_000, leaseMs: 60_000 },
    },
    postgres.connectionString,
  );
}, budget(60_000));
afterAll(async () => {
  await run?.close();
  await postgres?.stop();
});

describe('Postgres restarting mid-fan-out', () => {
  it(
    'loses no outcome: every fan is served exactly once per channel, without a single re-send',
    async () => {
      const { t, sinks } = run;
      const { fans, announce } = await watchedPerformer(t, sinks);
      const expected = 3 * FANS;
      const started = Date.now();
      const eventId = await announce();

      await eventually(() => sinks.accepted() >= expected / 3, 60_000);
      await postgres.stop();
      const atStop = sinks.accepted();
      // Part of the scenario, not a wait for a result: the outage lasts long enough for every loop
      // to fail a claim or a write at least once (their polls are shorter), then Postgres returns.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const duringOutage = sinks.accepted() - atStop;
      postgres = await startEmbeddedPostgres({ dataDir, port });

      await eventually(async () => {
        try {
          return await settled(t.database.orm, eventId);
        } catch {
          return false; // the test's own pool may hand out a dead connection once
        }
      }, 90_000);
      const elapsed = Date.now() - started;

      const rows = await expectAllSent(t, eventId);
      expect(rows.filter((r) => r.channel === 'in_app')).toHaveLength(FANS);
      // No process died, so no outcome was lost: not even a transport-level duplicate.
      expectEachFanServedOnce(
        sinks,
        fans,
        rows,
        `Postgres restart: ${FANS} fans, ${expected} outbound; stopped at ${atStop} accepted ` +
          `(${duringOutage} more while it was down); all done in ${elapsed} ms.`,
      );
    },
    budget(150_000),
  );
});
