import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../../src/db/embedded-postgres.ts';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { eventOf } from '../support/alerts.ts';
import { bulkFans } from '../support/bulk-fans.ts';
import { testProcesses } from '../support/child-processes.ts';
import {
  describeTally,
  expectServedOnce,
  type FaultSinks,
  outboxRows,
  settled,
  startFaultSinks,
  tally,
} from '../support/fault-sinks.ts';
import { freePort } from '../support/free-port.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';

const FANS = 2_000;

// Its own Postgres, since this test stops and restarts it under a running Encore.
// Its folder is removed after the tests, and a Postgres left running on it stopped.
const dataDir = testProcesses('all').tempDir('alert-faults-restart');
let port: number;
let postgres: EmbeddedPostgresHandle;
let sinks: FaultSinks;
let t: ListeningTestApp;

beforeAll(async () => {
  sinks = await startFaultSinks();
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port });
  t = await startAlertServer(
    {
      push: sinks.pushTrust,
      // A lease far longer than the outage: a delivery may only go out again if its lease ran
      // out, which would hide a lost outcome behind a long wait rather than a duplicate.
      dispatch: { pollMs: 200, baseDelayMs: 200, maxDelayMs: 2_000, leaseMs: 60_000 },
    },
    postgres.connectionString,
    true,
    sinks.config(),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await postgres?.stop();
  await sinks?.close();
});

describe('Postgres restarting mid-fan-out', () => {
  it('loses no outcome: every fan is served exactly once per channel, without a single re-send', async () => {
    const performer = await member(t, 'performer', { artistName: 'Night Static' });
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const fans = await bulkFans(t.database.orm, {
      count: FANS,
      performerId: performer.id,
      channels: ['email', 'sms', 'push'],
      push: { url: sinks.push.url, keys: sinks.browser.keys },
    });
    const expected = 3 * FANS;
    const started = Date.now();
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
    });
    const eventId = await eventOf(t, show.id, 'announced');

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

    const rows = await outboxRows(t.database.orm, eventId);
    expect(rows.filter((r) => r.channel === 'in_app')).toHaveLength(FANS);
    expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
    const tallies = tally(sinks, fans, rows);
    console.info(
      `Postgres restart: ${FANS} fans, ${expected} outbound; stopped at ${atStop} accepted ` +
        `(${duringOutage} more while it was down); all done in ${elapsed} ms. ${describeTally(tallies)}`,
    );
    // No process died, so no outcome was lost: not even a transport-level duplicate.
    expectServedOnce(tallies, ['email', 'sms', 'push'], { once: FANS });
  }, 150_000);
});
