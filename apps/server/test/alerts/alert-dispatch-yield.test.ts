import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDispatchStep,
  DISPATCH_DEFAULTS,
  type DispatchOptions,
  startDispatchLoop,
} from '../../src/alerts/dispatch-loop.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { beginBigMatchSql } from '../../src/repositories/alerts/match-locks.repo.ts';
import { announcedToEmailWatchers, deliveries } from '../support/alerts.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clearPendingDeliveries } from './support/dispatch.ts';

/**
 * While a big audience's in-app rows are being written, dispatch waits
 * (repositories/alerts/match-locks.repo.ts): the matcher gets the cores, and every fan has their
 * in-app alert sooner; the outbound rows come after (decision 056) and go as they commit. Here a
 * tiny "big" match (bigMatchRows 1, ranges of 5 fans) is held open halfway by an uncommitted row
 * one of its writes collides with.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FAST: DispatchOptions = { ...DISPATCH_DEFAULTS, leaseMs: 60_000, pollMs: 50 };

/** 40 fans watching a new performer by email, the event of its announced show, and a filter. */
async function stage() {
  await clearPendingDeliveries(t);
  const { watchers, eventId } = await announcedToEmailWatchers(t, 40);
  const sentTo = (received: { fanId: string }[]) =>
    new Set(received.map((a) => a.fanId).filter((id) => watchers.some((w) => w.id === id)));
  return { watchers, eventId, sentTo };
}

const outbox = () => createOutbox(t.database.orm, 'http://localhost');

/**
 * One row of the event for its first watcher (in fan id order: the first range), inserted on a
 * connection of its own and left uncommitted: the matcher's range that writes it waits on the
 * row's key until the test rolls it back. An in-app row's key is the centre's (fan_id,
 * notification_id), the event's one id drawn when its match begins (migration 0057): drawn here
 * first, as by a match that broke before writing anything, so that the held row is the one the
 * matcher writes (a row with an id of its own would collide with nothing, and the test would only
 * pass while it caught the in-app pass running).
 */
async function holdRow(watchers: { id: string }[], eventId: string, channel: string) {
  const blocker = new pg.Client(t.database.pool.options);
  await blocker.connect();
  const first = [...watchers].sort((a, b) => (a.id < b.id ? -1 : 1))[0]?.id ?? '';
  if (channel === 'in_app') {
    await blocker.query(
      `update show_events set notification_id = nextval('alert_deliveries_id_seq') where id = $1`,
      [eventId],
    );
  }
  await blocker.query('begin');
  await blocker.query(
    `insert into alert_deliveries (fan_id, show_event_id, channel, reason, notification_id)
     select $1, e.id, $3, 'held by the test',
       case when $3 = 'in_app' then e.notification_id else nextval('alert_deliveries_id_seq') end
     from show_events e where e.id = $2`,
    [first, eventId, channel],
  );
  const { rows } = await blocker.query<{ pid: number }>('select pg_backend_pid() as pid');
  return { blocker, pid: rows[0]?.pid ?? 0 };
}

/** Whether a session (the matcher's range) waits on a lock the blocker holds. */
async function waitsOn(blocker: { pid: number }): Promise<boolean> {
  const { rows } = await t.database.pool.query<{ waiting: boolean }>(
    `select exists (select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))) as waiting`,
    [blocker.pid],
  );
  return rows[0]?.waiting ?? false;
}

async function inAppRows(eventId: string): Promise<number> {
  return (await deliveries(t, eventId)).filter((r) => r.channel === 'in_app').length;
}

describe('dispatch while a big audience is written', () => {
  it('waits while every fan gets the in-app alert, then sends every alert once', async () => {
    const { watchers, eventId, sentTo } = await stage();
    // An earlier show's emails, pending: what dispatch would otherwise send meanwhile.
    const earlier = await announcedToEmailWatchers(t, 10);
    await matchEvent(t.database.orm, earlier.eventId);
    const earlierSent = (received: { fanId: string }[]) =>
      received.filter((a) => earlier.watchers.some((w) => w.id === a.fanId)).length;
    // The first watcher's in-app row, uncommitted: the in-app pass's range that writes it waits.
    const held = await holdRow(watchers, eventId, 'in_app');
    const { blocker } = held;
    const match = matchEvent(t.database.orm, eventId, { sliceFans: 5, bigMatchRows: 1 });
    const { sender, received } = recordingSender('email');
    let loop: ReturnType<typeof startDispatchLoop> | undefined;
    try {
      // The big-match lock is taken before the range that crosses the mark commits, so wait for
      // committed rows too (another lane's ranges commit while the blocked one waits), and for the
      // blocked range to wait: until it is let go, the in-app pass cannot end and the lock stays.
      await eventually(
        async () =>
          (await waitsOn(held)) &&
          (await outbox().bigMatchWriting()) &&
          (await inAppRows(eventId)) > 0,
      );
      // The in-app pass comes first: no email of this show is queued yet (decision 056).
      const rows = await deliveries(t, eventId);
      expect(rows.filter((r) => r.channel !== 'in_app')).toEqual([]);
      // A dispatch pass now yields: it claims nothing while the match is being written.
      const step = createDispatchStep(outbox(), sender, t.app.log, FAST);
      expect(await step.tick()).toMatchObject({ yielded: true, claimed: 0 });
      expect(received).toHaveLength(0);
      loop = startDispatchLoop(outbox(), sender, t.app.log, FAST);

      await blocker.query('rollback');
      expect(await match).toBe(80); // in-app and email
      expect(await outbox().bigMatchWriting()).toBe(false);
      await eventually(() => sentTo(received).size === 40 && earlierSent(received) === 10);
      expect(received.filter((a) => sentTo([a]).size > 0)).toHaveLength(40);
    } finally {
      await blocker.end();
      await loop?.stop();
    }
  });

  it('sends the outbound rows as their ranges commit once every fan has the in-app alert', async () => {
    const { watchers, eventId, sentTo } = await stage();
    // The first watcher's email row, uncommitted: the outbound pass's range that writes it waits.
    const held = await holdRow(watchers, eventId, 'email');
    const { blocker } = held;
    const match = matchEvent(t.database.orm, eventId, { sliceFans: 5, bigMatchRows: 1 });
    const { sender, received } = recordingSender('email');
    try {
      await eventually(async () => {
        const rows = await deliveries(t, eventId);
        return (
          (await waitsOn(held)) && rows.some((r) => r.channel === 'email' && r.state === 'pending')
        );
      });
      // Every fan has the in-app alert, the lock is let go: dispatch claims what has committed.
      expect(await inAppRows(eventId)).toBe(40);
      expect(await outbox().bigMatchWriting()).toBe(false);
      const step = createDispatchStep(outbox(), sender, t.app.log, FAST);
      const tick = await step.tick();
      expect(tick).toMatchObject({ yielded: false });
      expect(sentTo(received).size).toBeGreaterThan(0);
      await blocker.query('rollback');
      expect(await match).toBe(80);
    } finally {
      await blocker.end();
    }
  });

  it('waits no longer than yieldToMatchMs at a stretch', async () => {
    const { eventId, sentTo } = await stage();
    await matchEvent(t.database.orm, eventId);
    // A matcher that never finishes, as far as dispatch can tell.
    const matcher = new pg.Client(t.database.pool.options);
    await matcher.connect();
    await drizzle(matcher).execute(beginBigMatchSql);
    const { sender, received } = recordingSender('email');
    const options = { ...FAST, yieldToMatchMs: 600 };
    // The first pass yields (its stretch has just begun)...
    const step = createDispatchStep(outbox(), sender, t.app.log, options);
    expect(await step.tick()).toMatchObject({ yielded: true, claimed: 0 });
    expect(sentTo(received).size).toBe(0);
    // ...and a loop sends everything once its stretch is over, the match still "running".
    const loop = startDispatchLoop(outbox(), sender, t.app.log, options);
    try {
      await eventually(() => sentTo(received).size === 40);
      expect(await outbox().bigMatchWriting()).toBe(true);
    } finally {
      await loop.stop();
      await matcher.end();
    }
  });
});
