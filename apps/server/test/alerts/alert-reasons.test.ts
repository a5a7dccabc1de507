import { SHOW_EVENT_KINDS, type TShowEventKind } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { deliveries, eventOf, fan, going, watch } from '../support/alerts.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every alert's "why" names the rule that fired and its facts, and nothing fires
 * without one. The matcher writes the why into alert_deliveries.reason; every channel shows it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** earthdistance's earth() radius, in metres: the distance the match measures, done in JS. */
const EARTH_METERS = 6378168;
const METERS_PER_MILE = 1609.344;

async function coordinates(table: 'fan_profiles' | 'shows', id: string) {
  const key = table === 'shows' ? sql`id` : sql`user_id`;
  const { rows } = await t.database.orm.execute<{ latitude: number; longitude: number }>(
    sql`select latitude, longitude from ${sql.raw(table)} where ${key} = ${id}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no ${table} row ${id}`);
  return row;
}

/** Great-circle miles between a fan's home and a show's venue, rounded as the reason says them. */
async function milesBetween(fanId: string, showId: string): Promise<number> {
  const [a, b] = [await coordinates('fan_profiles', fanId), await coordinates('shows', showId)];
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return Math.round((2 * EARTH_METERS * Math.asin(Math.sqrt(h))) / METERS_PER_MILE);
}

async function stage() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  return { performer, venue };
}

const reasonOf = (rows: Awaited<ReturnType<typeof deliveries>>, fanId: string) => [
  ...new Set(rows.filter((r) => r.fan_id === fanId).map((r) => r.reason)),
];

describe('the why of an announcement', () => {
  it('a genre match names the genre, the distance measured, the home and the radius', async () => {
    const { performer, venue } = await stage();
    // Evanston, north of the Loop: a Rock fan whose 25 mi radius reaches the venue.
    const evanston = await fan(t, {
      zipCode: '60201',
      homeCity: 'Evanston',
      preferredRadius: 25,
      favoriteGenres: ['Indie', 'Rock'],
    });
    // Living in the venue's own ZIP: closer than a mile.
    const downtown = await fan(t, {
      zipCode: '60601',
      homeCity: 'Chicago',
      preferredRadius: 10,
      favoriteGenres: ['Rock'],
    });
    const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    const rows = await deliveries(t, eventId);

    const miles = await milesBetween(evanston.id, show.id);
    expect(miles).toBeGreaterThan(5);
    expect(miles).toBeLessThan(25);
    // One reason on every channel of the fan (in-app, email, push if subscribed).
    expect(reasonOf(rows, evanston.id)).toEqual([
      `Rock show ${miles} mi from Evanston, IL — within your 25 mi radius`,
    ]);
    expect(reasonOf(rows, downtown.id)).toEqual([
      'Rock show under 1 mi from Chicago, IL — within your 10 mi radius',
    ]);
  });

  it('a watcher near the show keeps the watch as the why', async () => {
    const { performer, venue } = await stage();
    const both = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });
    await watch(t, both.cookie, performer.id, ['email']);
    const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    const [reason, ...others] = reasonOf(await deliveries(t, eventId), both.id);
    expect(others).toEqual([]);
    expect(reason).toMatch(/^You watch Night Static/);
  });
});

describe('every kind of alert has a why naming its rule', () => {
  const followUps = SHOW_EVENT_KINDS.filter((k) => k !== 'announced');

  it.each(followUps)(
    '%s: going fans are told they are going, watchers what they watch',
    async (kind) => {
      const { performer, venue } = await stage();
      const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
      await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
      const goer = await fan(t, { zipCode: '10001' });
      await going(t, goer.cookie, show.id);
      const watcher = await fan(t, { zipCode: '10001' });
      await watch(t, watcher.cookie, performer.id, ['email']);
      // A Rock fan nearby hears of the announcement only: a follow-up is no genre match.
      const nearby = await fan(t, { zipCode: '60614', favoriteGenres: ['Rock'] });

      const eventId = await followUp(show.id, kind);
      expect(await matchEvent(t.database.orm, eventId)).toBeGreaterThan(0);
      const rows = await deliveries(t, eventId);
      expect(reasonOf(rows, goer.id)).toEqual(["You're going to this show"]);
      expect(reasonOf(rows, watcher.id)).toEqual([
        expect.stringMatching(/^You watch Night Static/),
      ]);
      expect(reasonOf(rows, nearby.id)).toEqual([]);
      // Nothing the matcher wrote is without a why.
      for (const row of rows) expect(row.reason.trim()).not.toBe('');
    },
  );
});

describe('nothing fires without a why', () => {
  it('alert_deliveries refuses a blank reason', async () => {
    const { performer, venue } = await stage();
    const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
    const eventId = await eventOf(t, show.id, 'announced');
    const someone = await fan(t);
    for (const blank of ['', '   ']) {
      await expect(
        t.database.orm.execute(sql`
          insert into alert_deliveries (fan_id, show_event_id, channel, reason)
          values (${someone.id}, ${eventId}, 'in_app', ${blank})`),
      ).rejects.toMatchObject({ cause: { constraint: 'alert_deliveries_reason_check' } });
    }
  });
});

/** A follow-up event of the kind on the show, as the show's change writes it; its id. */
async function followUp(showId: string, kind: TShowEventKind): Promise<string> {
  const { rows } = await t.database.orm.execute<{ id: string }>(sql`
    insert into show_events (show_id, kind) values (${showId}, ${kind}) returning id`);
  const id = rows[0]?.id;
  if (!id) throw new Error('no event');
  return id;
}
