/**
 * What `npm run bench:traffic` reads and writes, taken from the demo database: every public page
 * key (each artist, venue and upcoming show page, the city listing for each city with an Encore
 * venue at each radius the contract allows), the fans who sign in, and the performers and venues
 * who write. Everyone signs in through the login API, as a browser does.
 */
import { CITY_SHOWS_RADII } from '@encore/contract';
import type pg from 'pg';
import { DEMO_EMAIL_DOMAIN, DEMO_LOGINS } from '../src/demo/demo-accounts.ts';
import { MARK } from './api-pg.ts';
import { signIn } from './demo-encore.ts';

export type Actor = { id: string; cookie: string };
/** A venue with past shows, and its room's size: results above it would ask to be confirmed. */
export type Venue = Actor & { pastShows: string[]; capacity: number };
export type PageKind = 'artist' | 'venue' | 'show' | 'city';

export type TrafficWorld = {
  /** Public page paths by kind (the cold pass, traffic-cold.ts, keeps those that answer 200). */
  pages: Record<PageKind, string[]>;
  /** Signed-in fans, the demo fan first. */
  fans: Actor[];
  /** Who announces: the demo performer and the most followed performers. */
  performers: Actor[];
  /** Who enters results (and confirms announcements at their room): venues with past shows. */
  venues: Venue[];
  upcomingShows: string[];
  artists: string[];
  /** Every demo fan: whom pal requests go to. */
  fanIds: string[];
};

/** A public page kind's label in the bench's tables (the cold pass's, the rounds'). */
export const pageLabel = (kind: PageKind) => `${kind} page`;

/** The signed-in fans' own pages, by label. */
export const FAN_PAGES = [
  ['Your Alerts', '/api/fan/alerts'],
  ['fan dashboard', '/api/fan/home'],
  ['notifications', '/api/notifications'],
] as const;

const DEMO = `%@${DEMO_EMAIL_DOMAIN}`;
const BOOKERS = 5;
const SIGN_IN_AT_ONCE = 8;

export async function loadWorld(
  db: pg.Client,
  base: string,
  fanCount: number,
): Promise<TrafficWorld> {
  const ids = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(`${MARK} ${sql}`, params)).rows.map((r) => r.id);
  const artists = await ids(`SELECT user_id AS id FROM performer_profiles ORDER BY user_id`);
  const venueIds = await ids(`SELECT user_id AS id FROM venue_profiles ORDER BY user_id`);
  const upcomingShows = await ids(
    `SELECT id FROM shows WHERE confirmation = 'confirmed' AND starts_at > now() ORDER BY id`,
  );
  const cities = await db.query<{ city: string; state: string }>(
    `${MARK} SELECT DISTINCT city, state FROM venue_profiles ORDER BY state, city`,
  );
  const pages: Record<PageKind, string[]> = {
    artist: artists.map((id) => `/api/artists/${id}`),
    venue: venueIds.map((id) => `/api/venues/${id}`),
    show: upcomingShows.map((id) => `/api/shows/${id}`),
    city: cities.rows.flatMap(({ city, state }) =>
      CITY_SHOWS_RADII.map(
        (r) => `/api/shows?near=${encodeURIComponent(`${city}, ${state}`)}&radius=${r}`,
      ),
    ),
  };

  const people = async (sql: string, params: unknown[]) =>
    (
      await db.query<{ id: string; email: string; shows?: string[]; capacity?: number }>(
        `${MARK} ${sql}`,
        params,
      )
    ).rows;
  // The demo fan, then a fixed pseudo-random draw of the others (the same on every run).
  const fanRows = await people(
    `SELECT id, email FROM "user" WHERE role = 'fan' AND email LIKE $1
     ORDER BY email = $2 DESC, md5(id) LIMIT $3`,
    [DEMO, DEMO_LOGINS.fan, fanCount],
  );
  const performerRows = await people(
    `SELECT u.id, u.email FROM "user" u LEFT JOIN artist_alerts a ON a.performer_id = u.id
     WHERE u.role = 'performer' AND u.email LIKE $1
     GROUP BY u.id ORDER BY u.email = $2 DESC, count(a.fan_id) DESC, u.id LIMIT $3`,
    [DEMO, DEMO_LOGINS.performer, BOOKERS],
  );
  const venueRows = await people(
    `SELECT u.id, u.email, array_agg(s.id ORDER BY s.starts_at) AS shows, v.max_capacity AS capacity
     FROM "user" u JOIN shows s ON s.venue_id = u.id JOIN venue_profiles v ON v.user_id = u.id
     WHERE u.role = 'venue' AND u.email LIKE $1 AND s.starts_at < now() AND s.confirmation = 'confirmed'
     GROUP BY u.id, v.max_capacity ORDER BY u.email = $2 DESC, count(*) DESC, u.id LIMIT $3`,
    [DEMO, DEMO_LOGINS.venue, BOOKERS],
  );
  const fanIds = await ids(`SELECT id FROM "user" WHERE role = 'fan' AND email LIKE $1`, [DEMO]);

  const signed = await signInAll(base, [...fanRows, ...performerRows, ...venueRows]);
  const actor = (r: { id: string; email: string }): Actor => ({
    id: r.id,
    cookie: signed.get(r.email) as string,
  });
  return {
    pages,
    fans: fanRows.map(actor),
    performers: performerRows.map(actor),
    venues: venueRows.map((r) => ({
      ...actor(r),
      pastShows: r.shows ?? [],
      capacity: r.capacity ?? 0,
    })),
    upcomingShows,
    artists,
    fanIds,
  };
}

/** Signs everyone in, a few at a time (each sign-in verifies an argon2id hash). */
async function signInAll(base: string, rows: { email: string }[]) {
  const cookies = new Map<string, string>();
  const queue = rows.map((r) => r.email);
  const worker = async () => {
    for (let email = queue.shift(); email; email = queue.shift()) {
      cookies.set(email, await signIn(base, email));
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_AT_ONCE }, worker));
  return cookies;
}
