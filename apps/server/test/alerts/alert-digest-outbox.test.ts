import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAlertsStatus, readAlertsStatus } from '../../src/alerts/alerts-status.ts';
import { type DigestItem, deliveryKey } from '../../src/alerts/channel-sender.ts';
import { digestText } from '../../src/alerts/channels/sms-alert-sender.ts';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { eventOf, fan, notificationSettings } from '../support/alerts.ts';
import { alertWhen, YEAR } from '../support/dates.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEASE_MS = 60_000;

/**
 * A Chicago fan on the daily digest, email only, and one Rock show matched for them per date
 * (announced in the order given). Their pending rows are the only ones: everyone else's (earlier
 * tests' fans match these shows too) are deleted.
 */
async function heldEmails(dates: string[]) {
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const daily = await fan(t, { zipCode: '60614', homeCity: 'Chicago', favoriteGenres: ['Rock'] });
  await notificationSettings(t, daily.cookie, { genreAlerts: 'daily', push: false });
  const shows = [];
  for (const [i, startsAtLocal] of dates.entries()) {
    const performer = await member(t, 'performer', { artistName: `Band ${i + 1}` });
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
      startsAtLocal,
    });
    await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
    shows.push(show);
  }
  await t.database.orm.execute(
    sql`delete from alert_deliveries where state = 'pending' and fan_id <> ${daily.id}`,
  );
  return { daily, shows };
}

async function emailRows(fanId: string) {
  const { rows } = await t.database.orm.execute<{
    /** The row's event: with the fan and the channel, its key. */
    id: string;
    state: string;
    digest: boolean;
    carrier_id: string | null;
  }>(sql`
    select show_event_id as id, state, digest, carrier_event_id as carrier_id from alert_deliveries
    where fan_id = ${fanId} and channel = 'email' order by created_at, show_event_id`);
  return rows;
}

describe('digest carriers in the outbox', () => {
  it('a claim hands over the carrier with its shows in date order; carried rows never come alone', async () => {
    const { daily, shows } = await heldEmails([
      `${YEAR}-10-03T20:00`,
      `${YEAR}-10-01T20:00`,
      `${YEAR}-10-02T20:00`,
    ]);
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    expect(await outbox.claim('email', 50, LEASE_MS)).toEqual([]);
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 1, carried: 2 });

    const claimed = await outbox.claim('email', 50, LEASE_MS);
    expect(claimed).toHaveLength(1);
    const [carrier] = claimed;
    const rows = await emailRows(daily.id);
    const keyOf = (eventId = '') => deliveryKey(eventId, daily.id, 'email');
    expect(carrier?.deliveryId).toBe(keyOf(rows[0]?.id));
    expect(carrier?.showEventId).toBe(rows[0]?.id);
    expect(carrier?.title).toBe('3 new shows near Chicago, IL');
    expect(carrier?.body).toBe(
      `Band 2 (Oct 1, ${YEAR}), Band 3 (Oct 2, ${YEAR}) and Band 1 (Oct 3, ${YEAR})`,
    );
    expect(carrier?.digest?.url).toBe('http://localhost:3000/alerts');
    expect(carrier?.digest?.items.map((i) => i.showId)).toEqual([
      shows[1]?.id,
      shows[2]?.id,
      shows[0]?.id,
    ]);
    expect(carrier?.digest?.items[0]).toMatchObject({
      deliveryId: keyOf(rows[1]?.id),
      title: 'Band 2 announced a show',
      body: `${alertWhen('Oct', 1, '8:00 PM')} · The Lantern, Chicago, IL`,
      reason: 'Rock show 3 mi from Chicago, IL — within your 40 mi radius',
      artist: 'Band 2',
      day: `Oct 1, ${YEAR}`,
      showUrl: `http://localhost:3000/shows/${shows[1]?.id}`,
    });
    // The carried rows stay out of claims, even once the carrier's lease is gone.
    await t.database.orm.execute(sql`update alert_deliveries set next_attempt_at = now()`);
    const again = await outbox.claim('email', 50, LEASE_MS);
    expect(again.map((a) => a.deliveryId)).toEqual([carrier?.deliveryId]);
  });

  it('retried, the carried rows wait with their carrier; sent, they are sent with it', async () => {
    const { daily } = await heldEmails([`${YEAR}-10-01T20:00`, `${YEAR}-10-02T20:00`]);
    await releaseDigest(t.database.orm);
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    const policy = { baseDelayMs: 0, maxDelayMs: 0 };
    const [carrier] = await outbox.claim('email', 50, LEASE_MS);
    if (!carrier) throw new Error('no carrier');
    const { deliveryId } = carrier;
    await outbox.finish([carrier], [{ deliveryId, status: 'retry', error: '451 later' }], policy);
    expect((await emailRows(daily.id)).map((r) => r.state)).toEqual(['pending', 'pending']);
    const [retried] = await outbox.claim('email', 50, LEASE_MS);
    if (!retried) throw new Error('not retried');
    await outbox.finish([retried], [{ deliveryId, status: 'sent' }], policy);
    const { rows } = await t.database.orm.execute<{ state: string; attempts: number }>(sql`
      select state, attempts, sent_at is not null as sent from alert_deliveries
      where fan_id = ${daily.id} and channel = 'email' order by created_at, show_event_id`);
    expect(rows).toEqual([
      { state: 'sent', attempts: 2, sent: true },
      { state: 'sent', attempts: 2, sent: true },
    ]);
  });

  it('rows whose carrier is deleted are held again and go in the next digest', async () => {
    const { daily } = await heldEmails([
      `${YEAR}-10-01T20:00`,
      `${YEAR}-10-02T20:00`,
      `${YEAR}-10-03T20:00`,
    ]);
    await releaseDigest(t.database.orm);
    const [carrier, ...carried] = await emailRows(daily.id);
    // As when the carrier's show goes with its performer's account.
    await t.database.orm.execute(sql`
      delete from alert_deliveries
      where show_event_id = ${carrier?.id ?? ''} and fan_id = ${daily.id} and channel = 'email'`);
    expect(await emailRows(daily.id)).toEqual(
      carried.map((r) => ({ ...r, state: 'pending', digest: true, carrier_id: null })),
    );
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 1, carried: 1 });
    const [next, rest] = await emailRows(daily.id);
    expect(next).toMatchObject({ digest: false, carrier_id: null });
    expect(rest).toMatchObject({ digest: true, carrier_id: next?.id });
  });

  it('alerts:status tells held rows from those carried by a released digest', async () => {
    await heldEmails([`${YEAR}-10-01T20:00`, `${YEAR}-10-02T20:00`, `${YEAR}-10-03T20:00`]);
    const before = await readAlertsStatus(t.database.orm);
    expect(before).toMatchObject({ digest: 3, carried: 0, carriers: 0 });
    expect(before.counts.email?.pending).toBe(3);
    await releaseDigest(t.database.orm);
    const after = await readAlertsStatus(t.database.orm);
    expect(after).toMatchObject({ digest: 0, carried: 2, carriers: 1 });
    expect(after.counts.email?.pending).toBe(3);
    const report = formatAlertsStatus(after);
    expect(report).toContain('Held for the daily digest: 0');
    expect(report).toContain(
      "Released in a digest, going out in another row's message: 2 (in 1 messages)",
    );
  });
});

describe('a digest as one text', () => {
  const item = (artist: string, day: string): DigestItem => ({
    deliveryId: 'd1',
    title: `${artist} announced a show`,
    body: '',
    reason: '',
    artist,
    day,
    showId: 's',
    showUrl: '',
  });
  const url = 'https://encore.example.com/alerts';

  it('lists as many shows as fit one segment, then how many more', () => {
    const items = ['Night Static', 'Low Tide', 'Glass Arcade', 'Paper Moons', 'Iron Orchard'].map(
      (a, i) => item(a, `Dec ${i + 1}`),
    );
    const text = digestText({ items, url });
    expect(text).toBe(
      `5 new shows near you on Encore: Night Static (Dec 1), Low Tide (Dec 2), Glass Arcade (Dec 3) and 2 more ${url} Reply STOP to stop.`,
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('keeps the count, the link and STOP when not even one name fits', () => {
    const items = [item('A'.repeat(120), 'Dec 1'), item('B', 'Dec 2')];
    expect(digestText({ items, url })).toBe(
      `2 new shows near you on Encore: ${url} Reply STOP to stop.`,
    );
  });
});
