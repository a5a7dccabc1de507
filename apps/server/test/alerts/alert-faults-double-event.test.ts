import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertWorkers, startAlertWorkers } from '../../src/alerts/alert-workers.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import { budget } from '../support/budget.ts';
import { outboxRows, pendingCount, settled } from '../support/fault-sinks.ts';
import { eventually } from '../support/recording-sender.ts';
import {
  expectAllSent,
  expectEachFanServedOnce,
  FAULT_FANS as FANS,
  type FaultRun,
  startFaultRun,
  watchedPerformer,
} from './support/fault-run.ts';

const DISPATCH = { pollMs: 200 };
/** Every match cuts the 2,000 fans into fan ranges (a million-fan world's way): they race too. */
const SLICED = { sliceFans: 300 };

let run: FaultRun;
/** A second worker process's worth: its own pools, LISTEN connection and graphile-worker. */
let other: { database: Database; workers: AlertWorkers };
/** Two more connections pools, for the test's own concurrent matches. */
let extra: Database[];

beforeAll(async () => {
  run = await startFaultRun({ dispatch: DISPATCH, match: SLICED });
  const { t, sinks } = run;
  const url = t.config.databaseUrl as string;
  const database = createDatabase(url);
  other = {
    database,
    workers: await startAlertWorkers(t.config, database, t.app.log, {
      push: sinks.pushTrust,
      dispatch: DISPATCH,
      match: SLICED,
    }),
  };
  extra = [createDatabase(url), createDatabase(url)];
}, budget(60_000));
afterAll(async () => {
  await other?.workers.stop();
  await other?.database.close();
  for (const database of extra ?? []) await database.close();
  await run?.close();
});

describe('the same event announced twice at once', () => {
  it(
    'is matched once by two workers and direct runs racing, and each fan is served once per channel',
    async () => {
      const { t, sinks } = run;
      const { fans, announce } = await watchedPerformer(t, sinks);
      const started = Date.now();
      const eventId = await announce();
      // While both workers react to the announcement's NOTIFY, the event is announced again
      // twice (double NOTIFY) and matched directly from two more pools.
      const notify = () =>
        t.database.orm.execute(sql`select pg_notify(${PG_CHANNELS.showEvent}, ${eventId})`);
      const [direct] = await Promise.all([
        Promise.all(extra.map((database) => matchEvent(database.orm, eventId, SLICED))),
        notify(),
        notify(),
      ]);
      const wroteRows = direct.filter((written) => written !== null && written > 0).length;

      await eventually(() => settled(t.database.orm, eventId), 90_000);
      const elapsed = Date.now() - started;
      const rows = await expectAllSent(t, eventId);
      for (const channel of ['in_app', 'email', 'sms', 'push']) {
        const ofChannel = rows.filter((r) => r.channel === channel);
        expect(ofChannel, channel).toHaveLength(FANS);
        expect(new Set(ofChannel.map((r) => r.fan_id)).size, channel).toBe(FANS);
      }
      // Written in several fan ranges, each its own transaction (now() differs between them).
      const { rows: ranges } = await t.database.orm.execute<{ n: number }>(sql`
      select count(distinct created_at)::int as n from alert_deliveries
      where show_event_id = ${eventId}`);
      expect(ranges[0]?.n).toBeGreaterThan(3);

      // A replay of the same event after everything went out (matched_at cleared, NOTIFY again):
      // it is matched again, writes nothing new, and so sends nothing.
      await t.database.orm.execute(
        sql`update show_events set matched_at = null where id = ${eventId}`,
      );
      await notify();
      await eventually(async () => {
        const { rows: event } = await t.database.orm.execute<{ matched: boolean }>(sql`
        select matched_at is not null as matched from show_events where id = ${eventId}`);
        return event[0]?.matched;
      }, 30_000);
      expect(await outboxRows(t.database.orm, eventId)).toHaveLength(rows.length);
      expect(await pendingCount(t.database.orm, eventId)).toBe(0);

      expectEachFanServedOnce(
        sinks,
        fans,
        rows,
        `Same event twice: ${FANS} fans, two workers (4 loops a channel) and two direct matches ` +
          `racing (${wroteRows} of the direct runs wrote rows); all done in ${elapsed} ms.`,
      );
    },
    budget(150_000),
  );
});
