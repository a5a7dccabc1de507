import { tripLabel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { EARTH_RADIUS_M, METERS_PER_MILE } from '../../src/domain/earth.ts';
import { tripLabelSql } from '../../src/repositories/alerts/match-places.repo.ts';
import { channelsOf, deliveries, eventOf, fan } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Genre-and-radius matching over the places a fan keeps besides home (decision 049): a place
 * within its own radius of the venue alerts like the home does, a trip only for a show starting
 * inside its days (the venue's calendar), a fan once however many of their places match, the
 * nearest naming the why ('Rock show 3 mi from Austin, TX — your trip, Jun 10–17').
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = { id: string; cookie: string };

async function keep(someone: Member, body: Record<string, unknown>) {
  const answer = await send(t.app, 'POST', '/api/fan/places', someone.cookie, body);
  if (answer.statusCode !== 200) throw new Error(`keep: ${answer.body}`);
}

/** A Rock fan living in Denver, far from Austin. */
const denverRockFan = () =>
  fan(t, { zipCode: '80205', homeCity: 'Denver', preferredRadius: 25, favoriteGenres: ['Rock'] });

/** A Rock artist and an Austin venue (ZIP 78702, east of downtown). */
async function stage() {
  const artist = await member(t, 'performer', { artistName: 'Night Static', genres: ['Rock'] });
  const venue = await member(t, 'venue', { venueName: 'Eastside Hall', zipCode: '78702' });
  return { artist, venue };
}

/** Announces a Rock show at the venue `day` days after June 14 next year, and matches it. */
async function announceAndMatch(artist: Member, venue: Member, day = 0) {
  const show = await announceConfirmed(t, artist, venue, {
    genre: 'Rock',
    startsAtLocal: laterStart(day),
  });
  const eventId = await eventOf(t, show.id, 'announced');
  await matchEvent(t.database.orm, eventId);
  return eventId;
}

async function rowsOf(eventId: string, fanId: string) {
  return (await deliveries(t, eventId)).filter((r) => r.fan_id === fanId);
}

const MILES = '(\\d+|under 1) mi';

describe('a trip', () => {
  it('alerts for a show inside its days, naming the trip, and not for one after it', async () => {
    const { artist, venue } = await stage();
    const traveller = await denverRockFan();
    await keep(traveller, {
      near: 'Austin, TX',
      radius: 25,
      tripStart: `${YEAR}-06-10`,
      tripEnd: `${YEAR}-06-17`,
    });
    const inside = await announceAndMatch(artist, venue, 0);
    const rows = await rowsOf(inside, traveller.id);
    expect(channelsOf(rows, traveller.id)).toEqual(['email', 'in_app']);
    for (const row of rows) {
      expect(row.reason).toMatch(
        new RegExp(`^Rock show ${MILES} from Austin, TX — your trip, Jun 10–17$`),
      );
    }
    // June 24: a week after the trip, in Austin, within its radius — no news for this fan.
    const after = await announceAndMatch(artist, venue, 10);
    expect(await rowsOf(after, traveller.id)).toEqual([]);
  });

  it('reads the window on the venue’s calendar: a show on its last evening counts', async () => {
    const { artist, venue } = await stage();
    const traveller = await denverRockFan();
    // 20:00 on June 17 in Austin is June 18 in UTC: the venue's day decides.
    await keep(traveller, {
      near: '78701',
      radius: 10,
      tripStart: `${YEAR}-06-17`,
      tripEnd: `${YEAR}-06-17`,
    });
    const lastEvening = await announceAndMatch(artist, venue, 3);
    const rows = await rowsOf(lastEvening, traveller.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.reason).toMatch(/— your trip, Jun 17$/);
  });
});

describe('several places', () => {
  it('alerts a fan once when two places match, the nearest naming the why', async () => {
    const { artist, venue } = await stage();
    const someone = await denverRockFan();
    await keep(someone, { near: 'Round Rock, TX', radius: 50 });
    await keep(someone, { near: '78702', radius: 10 });
    const eventId = await announceAndMatch(artist, venue);
    const rows = await rowsOf(eventId, someone.id);
    expect(channelsOf(rows, someone.id)).toEqual(['email', 'in_app']);
    expect(new Set(rows.map((r) => r.reason))).toEqual(
      new Set(['Rock show under 1 mi from Austin, TX — within your 10 mi radius']),
    );
  });

  it('lets the home name the why when it is nearer than a place', async () => {
    const { artist, venue } = await stage();
    const local = await fan(t, {
      zipCode: '78702',
      homeCity: 'Austin',
      preferredRadius: 25,
      favoriteGenres: ['Rock'],
    });
    await keep(local, { near: 'Round Rock, TX', radius: 50 });
    const eventId = await announceAndMatch(artist, venue);
    const rows = await rowsOf(eventId, local.id);
    expect(channelsOf(rows, local.id)).toEqual(['email', 'in_app']);
    expect(rows[0]?.reason).toMatch(
      /^Rock show under 1 mi from Austin, TX — within your 25 mi radius$/,
    );
  });

  it('does not alert through a place beyond its radius, nor a fan of other genres', async () => {
    const { artist, venue } = await stage();
    const far = await denverRockFan();
    await keep(far, { near: 'Houston, TX', radius: 100 });
    const jazz = await fan(t, { zipCode: '80205', homeCity: 'Denver', favoriteGenres: ['Jazz'] });
    await keep(jazz, { near: '78702', radius: 10 });
    const eventId = await announceAndMatch(artist, venue);
    expect(await rowsOf(eventId, far.id)).toEqual([]);
    expect(await rowsOf(eventId, jazz.id)).toEqual([]);
  });
});

/** A point due north of `venue`'s own, `meters` away along its meridian (a great circle). */
async function northOf(venue: Member, meters: number) {
  const { rows } = await t.database.pool.query<{ latitude: number; longitude: number }>(
    'select latitude, longitude from venue_profiles where user_id = $1',
    [venue.id],
  );
  const at = rows[0];
  if (!at) throw new Error('the venue has no point');
  return {
    latitude: at.latitude + (meters / EARTH_RADIUS_M) * (180 / Math.PI),
    longitude: at.longitude,
  };
}

describe('the edges', () => {
  // A ZIP gives no point this exact: the rows are moved to 5 m either side of the radius (a match
  // measured on another sphere or in other units is off by more), the home's and the place's.
  const TEN_MILES = 10 * METERS_PER_MILE;

  it('holds a place and a home to their radius, 5 m either side, and a trip to its days', async () => {
    const { artist, venue } = await stage();
    const inside = await northOf(venue, TEN_MILES - 5);
    const outside = await northOf(venue, TEN_MILES + 5);
    const placeAt = async (point: { latitude: number; longitude: number }) => {
      const someone = await denverRockFan();
      await keep(someone, { near: '78702', radius: 10 });
      await t.database.pool.query(
        'update fan_places set latitude = $2, longitude = $3 where fan_id = $1',
        [someone.id, point.latitude, point.longitude],
      );
      return someone;
    };
    const homeAt = async (point: { latitude: number; longitude: number }) => {
      const someone = await fan(t, {
        zipCode: '78702',
        homeCity: 'Austin',
        preferredRadius: 10,
        favoriteGenres: ['Rock'],
      });
      await t.database.pool.query(
        'update fan_profiles set latitude = $2, longitude = $3 where user_id = $1',
        [someone.id, point.latitude, point.longitude],
      );
      return someone;
    };
    const tripOf = async (tripStart: string, tripEnd: string) => {
      const someone = await denverRockFan();
      await keep(someone, { near: '78702', radius: 10, tripStart, tripEnd });
      return someone;
    };
    const placeInside = await placeAt(inside);
    const placeOutside = await placeAt(outside);
    const homeInside = await homeAt(inside);
    const homeOutside = await homeAt(outside);
    // The show is on June 14: a trip from that day counts, one from the next day or ended the day
    // before does not.
    const tripFromShowDay = await tripOf(`${YEAR}-06-14`, `${YEAR}-06-16`);
    const tripFromNextDay = await tripOf(`${YEAR}-06-15`, `${YEAR}-06-17`);
    const tripEndedDayBefore = await tripOf(`${YEAR}-06-10`, `${YEAR}-06-13`);
    const eventId = await announceAndMatch(artist, venue, 0);

    const reasons = async (someone: Member) => [
      ...new Set((await rowsOf(eventId, someone.id)).map((r) => r.reason)),
    ];
    expect(await reasons(placeInside)).toEqual([
      'Rock show 10 mi from Austin, TX — within your 10 mi radius',
    ]);
    expect(await reasons(homeInside)).toEqual([
      'Rock show 10 mi from Austin, TX — within your 10 mi radius',
    ]);
    expect(await reasons(tripFromShowDay)).toEqual([
      'Rock show under 1 mi from Austin, TX — your trip, Jun 14–16',
    ]);
    expect(await reasons(placeOutside)).toEqual([]);
    expect(await reasons(homeOutside)).toEqual([]);
    expect(await reasons(tripFromNextDay)).toEqual([]);
    expect(await reasons(tripEndedDayBefore)).toEqual([]);
  });
});

describe('the trip’s words', () => {
  it('are the same in SQL as in the contract', async () => {
    const pairs: Array<[string, string]> = [
      [`${YEAR}-03-10`, `${YEAR}-03-17`],
      [`${YEAR}-03-30`, `${YEAR}-04-02`],
      [`${YEAR}-03-10`, `${YEAR}-03-10`],
      [`${YEAR}-12-28`, `${YEAR + 1}-01-03`],
      [`${YEAR}-01-05`, `${YEAR + 1}-01-09`],
    ];
    for (const [start, end] of pairs) {
      const { rows } = await t.database.orm.execute<{ label: string }>(
        sql`select ${tripLabelSql(sql`${start}::date`, sql`${end}::date`)} as label`,
      );
      expect(rows[0]?.label).toBe(tripLabel(start, end));
    }
  });
});
