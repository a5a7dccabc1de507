import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatchOptions, matchEvent } from '../../src/alerts/match-event.ts';
import { ALL_FANS } from '../../src/repositories/alerts/fan-range.repo.ts';
import { matchRepo } from '../../src/repositories/alerts/match.repo.ts';
import { insertDeliveriesSql } from '../../src/repositories/alerts/match-audience.repo.ts';
import { createNotificationRepo } from '../../src/repositories/notification.repo.ts';
import {
  channelsOf,
  deliveries,
  eventOf,
  fan,
  notificationSettings,
  watch,
} from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The requesters slice: a fan who asked an artist for a show near home is alerted when the artist
 * announces one within their radius of the place ("You asked for a show in Denver"), whatever
 * their new-shows setting and genres, on in-app plus their channels, once; the request then
 * closes with the show. An announcement of an artist nobody asked is matched as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REASON = 'You asked for a show in Denver';

async function ask(cookie: string, artistId: string, zipCode: string) {
  const answer = await send(t.app, 'POST', `/api/artists/${artistId}/show-request`, cookie, {
    zipCode,
  });
  if (answer.statusCode !== 200) throw new Error(`ask: ${answer.body}`);
}

async function requestsOf(fanId: string) {
  const { rows } = await t.database.orm.execute<{ status: string; show_id: string | null }>(
    sql`select status, show_id from show_requests where fan_id = ${fanId} order by created_at`,
  );
  return rows;
}

/** A Rock artist, a venue in Denver and one in Chicago. */
async function stage() {
  const artist = await member(t, 'performer', { artistName: 'Night Static', genres: ['Rock'] });
  const denver = await member(t, 'venue', { venueName: 'Larimer Hall', zipCode: '80202' });
  const chicago = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  return { artist, denver, chicago };
}

/** A Denver fan who would hear of nothing else: no Rock in their genres, new shows off. */
async function asker(artistId: string) {
  const someone = await fan(t, {
    zipCode: '80205',
    homeCity: 'Denver',
    preferredRadius: 25,
    favoriteGenres: ['Jazz'],
  });
  await notificationSettings(t, someone.cookie, { newShows: false, push: false });
  await ask(someone.cookie, artistId, '80205');
  return someone;
}

async function announceAndMatch(
  artist: { id: string; cookie: string },
  venue: { id: string; cookie: string },
  day = 0,
  options: MatchOptions = {},
) {
  const show = await announceConfirmed(t, artist, venue, {
    genre: 'Rock',
    startsAtLocal: laterStart(day),
  });
  const eventId = await eventOf(t, show.id, 'announced');
  await matchEvent(t.database.orm, eventId, options);
  return { show, eventId };
}

describe('an announcement near a requested place', () => {
  // Matched whole, and as a big audience is: one fan range at a time, every in-app row in a first
  // pass (which closes the request) and the outbound rows in a second (decision 056).
  it.each([
    ['in one statement', {}],
    ['in two passes over fan ranges', { sliceFans: 5 }],
  ])(
    'alerts the requester with the request as the why, on in-app and their channels, and closes the request (%s)',
    async (_, options: MatchOptions) => {
      const { artist, denver } = await stage();
      const someone = await asker(artist.id);
      const { show, eventId } = await announceAndMatch(artist, denver, 0, options);
      const rows = (await deliveries(t, eventId)).filter((r) => r.fan_id === someone.id);
      // In-app plus email (push is off, SMS never chosen); not held for a digest.
      expect(channelsOf(rows, someone.id)).toEqual(['email', 'in_app']);
      expect(new Set(rows.map((r) => r.reason))).toEqual(new Set([REASON]));
      expect(rows.every((r) => !r.digest)).toBe(true);
      expect(await requestsOf(someone.id)).toEqual([{ status: 'closed', show_id: show.id }]);
    },
  );

  it('reaches the requester before their row is written, and only the row closes the request', async () => {
    // A big audience's reach (decision 064): the centre reads the match's rules, which must not
    // close the request it reads (the in-app pass's statement does, with the row).
    const { artist, denver } = await stage();
    const someone = await asker(artist.id);
    const repo = createNotificationRepo(t.database.orm);
    let reasonDuring: string | undefined;
    let requestsDuring: Awaited<ReturnType<typeof requestsOf>> = [];
    const { show } = await announceAndMatch(artist, denver, 1, {
      sliceFans: 5,
      afterReach: async () => {
        const page = await repo.page(someone.id, null, 20);
        reasonDuring = page.items[0]?.reason;
        requestsDuring = await requestsOf(someone.id);
      },
    });
    expect(reasonDuring).toBe(REASON);
    expect(requestsDuring).toEqual([{ status: 'open', show_id: null }]);
    expect(await requestsOf(someone.id)).toEqual([{ status: 'closed', show_id: show.id }]);
  });

  it('takes precedence over a watch for the why, and the fan is alerted once per channel', async () => {
    const { artist, denver } = await stage();
    const someone = await asker(artist.id);
    await watch(t, someone.cookie, artist.id, ['email']);
    const { eventId } = await announceAndMatch(artist, denver);
    const rows = (await deliveries(t, eventId)).filter((r) => r.fan_id === someone.id);
    expect(channelsOf(rows, someone.id)).toEqual(['email', 'in_app']);
    expect(new Set(rows.map((r) => r.reason))).toEqual(new Set([REASON]));
  });

  it('alerts exactly once: the same event matched again and the next show nearby add nothing', async () => {
    const { artist, denver } = await stage();
    const someone = await asker(artist.id);
    const { show, eventId } = await announceAndMatch(artist, denver);
    // A replay of the match (matched_at cleared) writes no second row.
    await t.database.orm.execute(
      sql`update show_events set matched_at = null where id = ${eventId}`,
    );
    await matchEvent(t.database.orm, eventId);
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === someone.id)).toHaveLength(2);
    // The request is answered: the artist's next Denver show is no news for this fan.
    const next = await announceAndMatch(artist, denver, 3);
    expect((await deliveries(t, next.eventId)).filter((r) => r.fan_id === someone.id)).toEqual([]);
    expect(await requestsOf(someone.id)).toEqual([{ status: 'closed', show_id: show.id }]);
  });

  it('leaves a request open when the show is beyond the fan’s radius of the place', async () => {
    const { artist, chicago } = await stage();
    const someone = await asker(artist.id);
    const { eventId } = await announceAndMatch(artist, chicago);
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === someone.id)).toEqual([]);
    expect(await requestsOf(someone.id)).toEqual([{ status: 'open', show_id: null }]);
  });

  it('is the artist’s own: another artist’s show in Denver answers nothing', async () => {
    const { artist, denver } = await stage();
    const other = await member(t, 'performer', { artistName: 'Other Band', genres: ['Rock'] });
    const someone = await asker(artist.id);
    const { eventId } = await announceAndMatch(other, denver);
    expect((await deliveries(t, eventId)).filter((r) => r.fan_id === someone.id)).toEqual([]);
    expect(await requestsOf(someone.id)).toEqual([{ status: 'open', show_id: null }]);
  });
});

describe('the matcher’s cost without requests', () => {
  it('an announcement of an artist nobody asked is written by the statement without the slice', async () => {
    const { artist, denver } = await stage();
    const show = await announceConfirmed(t, artist, denver, { genre: 'Rock' });
    const eventId = await eventOf(t, show.id, 'announced');
    const facts = await matchRepo.eventFacts(t.database.orm, eventId);
    expect(facts?.requested).toBe(false);
    if (!facts) throw new Error('no facts');
    const text = (q: ReturnType<typeof insertDeliveriesSql>) => new PgDialect().sqlToQuery(q).sql;
    const without = text(insertDeliveriesSql(eventId, facts, ALL_FANS, null, false));
    expect(without).not.toContain('show_requests');
    // The same event with requests would read them.
    const withRequests = text(
      insertDeliveriesSql(eventId, { ...facts, requested: true }, ALL_FANS, null, false),
    );
    expect(withRequests).toContain('show_requests');
  });
});
