import type { TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { databaseBeforeMigration } from '../support/migration-before.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Decision 059: an in-app alert is one row and one index entry, the notification centre's key
 * (fan_id, notification_id), every fan's row of an event carrying the event's one id.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Three fans watching a performer, and two announced shows' events of it, matched. */
async function watchedShows() {
  const performer = await member(t, 'performer', { artistName: 'Keyed Band' });
  const venue = await member(t, 'venue', { venueName: 'The Key Room', zipCode: '60601' });
  const fans = [await fan(t), await fan(t), await fan(t)];
  for (const f of fans) await watch(t, f.cookie, performer.id, ['email']);
  const events: string[] = [];
  for (const day of ['06-10', '06-11']) {
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
      startsAtLocal: `${YEAR}-${day}T20:00`,
    });
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    events.push(eventId);
  }
  return { fans, events };
}

const eventIdOf = async (eventId: string) => {
  const { rows } = await t.database.orm.execute<{ id: string | null }>(
    sql`select notification_id::text as id from show_events where id = ${eventId}`,
  );
  return rows[0]?.id ?? null;
};

const inAppIds = async (eventId: string) => {
  const { rows } = await t.database.orm.execute<{ fan_id: string; id: string }>(sql`
    select fan_id, notification_id::text as id from alert_deliveries
    where show_event_id = ${eventId} and channel = 'in_app' order by fan_id`);
  return rows;
};

describe("the in-app alert keyed by the fan's centre", () => {
  it("every fan's in-app row of an event carries the event's one id, each event its own", async () => {
    const { fans, events } = await watchedShows();
    const [first, second] = [await eventIdOf(events[0] ?? ''), await eventIdOf(events[1] ?? '')];
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    const rows = await inAppIds(events[0] ?? '');
    const ours = rows.filter((r) => fans.some((f) => f.id === r.fan_id));
    expect(ours).toHaveLength(3);
    expect(new Set(ours.map((r) => r.id))).toEqual(new Set([first]));
    // Each fan's centre lists both alerts, newest first, by those ids.
    const page = (
      await send(t.app, 'GET', '/api/notifications', fans[0]?.cookie ?? '')
    ).json<TNotificationPage>();
    expect(page.items.map((n) => n.id)).toEqual([second, first]);
  });

  it("refuses a second in-app row of the event for a fan (the centre's key), and a row without an id", async () => {
    const { fans, events } = await watchedShows();
    const id = await eventIdOf(events[0] ?? '');
    const fanId = fans[1]?.id ?? '';
    const again = t.database.pool.query(
      `insert into alert_deliveries (fan_id, show_event_id, channel, reason, state, notification_id)
       values ($1, $2, 'in_app', 'You watch Keyed Band', 'sent', $3)`,
      [fanId, events[0], id],
    );
    await expect(again).rejects.toMatchObject({
      code: '23505',
      constraint: 'alert_deliveries_in_app_key',
    });
    const without = t.database.pool.query(
      `insert into alert_deliveries (fan_id, show_event_id, channel, reason, state, notification_id)
       values ($1, $2, 'in_app', 'You watch Keyed Band', 'sent', null)`,
      [fanId, events[0]],
    );
    await expect(without).rejects.toMatchObject({ constraint: 'alert_deliveries_in_app_id_check' });
  });

  it('a match begun again keeps the event its id and adds only what is missing', async () => {
    const { fans, events } = await watchedShows();
    const eventId = events[0] ?? '';
    const id = await eventIdOf(eventId);
    const dropped = fans[2]?.id ?? '';
    await t.database.orm.execute(sql`
      delete from alert_deliveries where show_event_id = ${eventId} and fan_id = ${dropped}`);
    await t.database.orm.execute(
      sql`update show_events set matched_at = null where id = ${eventId}`,
    );
    // The dropped fan's in-app and email rows, nothing else.
    expect(await matchEvent(t.database.orm, eventId)).toBe(2);
    expect(await eventIdOf(eventId)).toBe(id);
    const rows = (await inAppIds(eventId)).filter((r) => fans.some((f) => f.id === r.fan_id));
    expect(rows.map((r) => r.id)).toEqual([id, id, id]);
  });

  it("a deleted event takes its in-app and outbound rows, and leaves the show's other event's", async () => {
    const { fans, events } = await watchedShows();
    const mine = (rows: { fan_id: string }[]) =>
      rows.filter((r) => fans.some((f) => f.id === r.fan_id));
    await t.database.orm.execute(sql`delete from show_events where id = ${events[0]}`);
    const { rows: left } = await t.database.orm.execute<{ fan_id: string }>(sql`
      select fan_id from alert_deliveries where show_event_id = ${events[0]}`);
    expect(left).toEqual([]);
    expect(mine(await inAppIds(events[1] ?? ''))).toHaveLength(3);
  });
});

describe('migration 0057 on alerts written before it', () => {
  let scratch: Awaited<ReturnType<typeof databaseBeforeMigration>>;
  beforeAll(async () => {
    scratch = await databaseBeforeMigration(57);
  });
  afterAll(() => scratch?.close());

  it("gives each event its in-app rows' smallest id, and its rows that id", async () => {
    const { database } = scratch;
    await scratch.before();
    const client = await database.pool.connect();
    try {
      // Two events of a show that is not there: the foreign keys' triggers are off for this
      // session, as the rows alone are what the migration reads.
      await client.query('set session_replication_role = replica');
      await client.query(`insert into show_events (id, show_id, kind)
        values ('e1', 's1', 'announced'), ('e2', 's1', 'postponed'), ('e3', 's1', 'cancelled')`);
      await client.query(`
        insert into alert_deliveries (fan_id, show_event_id, channel, reason, state)
        values ('f2', 'e1', 'in_app', 'why', 'sent'), ('f1', 'e1', 'in_app', 'why', 'sent'),
          ('f1', 'e2', 'in_app', 'why', 'sent')`);
      await client.query(`
        insert into alert_deliveries (fan_id, show_event_id, channel, reason, state, notification_id)
        values ('f1', 'e1', 'email', 'why', 'pending', null)`);
    } finally {
      client.release();
    }
    const { rows: before } = await database.pool.query<{ e: string; f: string; id: string }>(`
      select show_event_id as e, fan_id as f, notification_id::text as id from alert_deliveries
      where channel = 'in_app' order by notification_id`);
    const [f2e1, f1e1, f1e2] = before.map((r) => r.id);

    await scratch.rest();
    const { rows: events } = await database.pool.query(
      `select id, notification_id::text as n from show_events order by id`,
    );
    expect(events).toEqual([
      { id: 'e1', n: f2e1 },
      { id: 'e2', n: f1e2 },
      { id: 'e3', n: null },
    ]);
    const { rows } = await database.pool.query(`
      select show_event_id as e, fan_id as f, channel, notification_id::text as n
      from alert_deliveries order by show_event_id, fan_id, channel`);
    expect(rows).toEqual([
      { e: 'e1', f: 'f1', channel: 'email', n: null },
      { e: 'e1', f: 'f1', channel: 'in_app', n: f2e1 },
      { e: 'e1', f: 'f2', channel: 'in_app', n: f2e1 },
      { e: 'e2', f: 'f1', channel: 'in_app', n: f1e2 },
    ]);
    expect(f1e1).not.toBe(f2e1);
  });
});
