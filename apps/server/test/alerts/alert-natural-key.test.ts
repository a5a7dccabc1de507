import type { TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryKey } from '../../src/alerts/channel-sender.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { databaseBeforeMigration } from '../support/migration-before.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The outbox keyed by (show_event_id, fan_id, channel) (migration 0031, decision 028). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fan watching a performer by email, and the announced show's event, matched. */
async function emailWatcher() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['email']);
  const show = await announceConfirmed(t, performer, venue, {
    genre: 'Rock',
    startsAtLocal: `${YEAR}-06-10T20:00`,
  });
  const eventId = await eventOf(t, show.id, 'announced');
  await matchEvent(t.database.orm, eventId);
  // Earlier tests' fans may match too: only this fan's email is left to claim.
  await t.database.orm.execute(sql`
    delete from alert_deliveries where state = 'pending' and fan_id <> ${watcher.id}`);
  return { watcher, eventId };
}

describe('the outbox keyed by event, fan and channel', () => {
  it('a retried message keeps its receivers’ key, a hash of its row’s key that names no fan', async () => {
    const { watcher, eventId } = await emailWatcher();
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    const policy = { baseDelayMs: 0, maxDelayMs: 0 };
    const [first] = await outbox.claim('email', 50, 60_000);
    if (!first) throw new Error('nothing claimed');
    expect(first).toMatchObject({ showEventId: eventId, fanId: watcher.id, channel: 'email' });
    expect(first.deliveryId).toBe(deliveryKey(eventId, watcher.id, 'email'));
    expect(first.deliveryId).toMatch(/^[\w-]{22}$/);
    expect(first.deliveryId).not.toContain(watcher.id);
    // Other channels of the same row key get other keys.
    expect(deliveryKey(eventId, watcher.id, 'sms')).not.toBe(first.deliveryId);

    const { deliveryId } = first;
    await outbox.finish([first], [{ deliveryId, status: 'retry', error: '451 later' }], policy);
    const [again] = await outbox.claim('email', 50, 60_000);
    expect(again?.deliveryId).toBe(deliveryId);
    expect(again?.attempts).toBe(1);
    await outbox.finish([first], [{ deliveryId, status: 'sent' }], policy);
    const { rows } = await t.database.orm.execute<{ state: string; attempts: number }>(sql`
      select state, attempts from alert_deliveries
      where show_event_id = ${eventId} and fan_id = ${watcher.id} and channel = 'email'`);
    expect(rows).toEqual([{ state: 'sent', attempts: 2 }]);
  });

  it('in-app rows take the notification centre’s id from the shared sequence; outbound rows none', async () => {
    const { watcher, eventId } = await emailWatcher();
    const { rows } = await t.database.orm.execute<{ channel: string; id: string | null }>(sql`
      select channel, notification_id::text as id from alert_deliveries
      where show_event_id = ${eventId} and fan_id = ${watcher.id} order by channel`);
    expect(rows.map((r) => [r.channel, r.id === null])).toEqual([
      ['email', true],
      ['in_app', false],
    ]);
    const response = await send(t.app, 'GET', '/api/notifications', watcher.cookie);
    const page = response.json<TNotificationPage>();
    expect(page.items.map((n) => n.id)).toEqual([rows[1]?.id]);
  });
});

describe('migration 0031 on an outbox written before it', () => {
  let scratch: Awaited<ReturnType<typeof databaseBeforeMigration>>;
  beforeAll(async () => {
    // The migrations up to 0030: the outbox as it was.
    scratch = await databaseBeforeMigration(31);
  });
  afterAll(() => scratch?.close());

  it('keeps in-app ids, drops outbound ones, and names each rider’s carrier by its event', async () => {
    const { database } = scratch;
    await scratch.before();
    const { rows: before } = await database.pool.query<{ id: string; channel: string }>(`
      insert into alert_deliveries (fan_id, show_event_id, channel, reason, digest, state)
      values ('f1', 'e1', 'in_app', 'why', false, 'sent'),
        ('f1', 'e1', 'email', 'why', false, 'pending'),
        ('f1', 'e2', 'email', 'why', true, 'pending')
      returning id::text, channel, show_event_id`);
    await database.pool.query(`
      update alert_deliveries r set carrier_id = c.id from alert_deliveries c
      where r.show_event_id = 'e2' and c.show_event_id = 'e1' and c.channel = 'email'`);

    await scratch.rest();
    const { rows } = await database.pool.query(`
      select show_event_id, channel, notification_id::text as notification_id, carrier_event_id
      from alert_deliveries order by show_event_id, channel`);
    expect(rows).toEqual([
      { show_event_id: 'e1', channel: 'email', notification_id: null, carrier_event_id: null },
      {
        show_event_id: 'e1',
        channel: 'in_app',
        notification_id: before[0]?.id,
        carrier_event_id: null,
      },
      { show_event_id: 'e2', channel: 'email', notification_id: null, carrier_event_id: 'e1' },
    ]);
    // The shared sequence goes on after the kept ids (show and Show Pals notices use it too).
    const { rows: next } = await database.pool.query<{ n: string }>(
      `select nextval('alert_deliveries_id_seq')::text as n`,
    );
    expect(Number(next[0]?.n)).toBeGreaterThan(Number(before[2]?.id));
    // A deleted carrier's rider is held again (the trigger, by the carrier's key now).
    await database.pool.query(
      `delete from alert_deliveries where show_event_id = 'e1' and channel = 'email'`,
    );
    const { rows: rider } = await database.pool.query(
      `select carrier_event_id from alert_deliveries where show_event_id = 'e2'`,
    );
    expect(rider).toEqual([{ carrier_event_id: null }]);
  });
});
