import type { TShow } from '@encore/contract';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executeRendered, renderOnce } from '../db/prepared.ts';
import { performerProfile, user, venueProfile } from '../db/schema/index.ts';
import {
  CONFIRMED_SHOW,
  type ShowRow,
  selectShows,
  showListJsonSql,
  showsFromRows,
} from './show-select.repo.ts';

type ArtistPageRow = {
  artist_name: string;
  bio: string;
  genres: string[];
  photo: string | null;
  currently_touring: boolean;
  website_url: string | null;
  spotify_url: string | null;
  instagram_handle: string | null;
  followers: number;
  upcoming: ShowRow[];
  past: ShowRow[];
};

export const UPCOMING = sql`s.starts_at >= now() and ${CONFIRMED_SHOW}`;
const PAST = sql`s.starts_at < now() and ${CONFIRMED_SHOW}`;
const upcomingWhere = (own: SQL) => sql`${own} and ${UPCOMING}`;

/**
 * The shows (condition `where` over the alias s) the artist headlines or plays as a confirmed
 * support act, as a showListJsonSql column. Its candidates are the first `limit` of each kind in
 * the list's order, two short index reads (shows_performer_starts_idx; show_acts_performer_idx,
 * then shows by id) merged: one condition with an OR over both tables is answered by no index, so
 * Postgres walked shows_starts_idx and filtered every upcoming or past show (~500 rows a list).
 */
export function playedBy(
  performerId: Placeholder | string,
  where: SQL,
  { newestFirst = false, limit = 200 } = {},
) {
  const order = newestFirst ? sql`s.starts_at desc, s.id` : sql`s.starts_at, s.id`;
  const candidates = sql`(select s.id, s.starts_at from shows s
      where s.performer_id = ${performerId} and ${where}
      order by ${order} limit ${limit})
    union
    (select s.id, s.starts_at from show_acts a join shows s on s.id = a.show_id
      where a.performer_id = ${performerId} and a.confirmation = 'confirmed' and ${where}
      order by ${order} limit ${limit})`;
  return showListJsonSql(where, { newestFirst, limit, candidates });
}

/**
 * The artist page's statement, rendered to text once (db/prepared.ts' renderOnce; value: `id`):
 * drizzle walked its many fragments and the text was looked up on every miss (~4% of its Node time).
 */
const ARTIST_PAGE = renderOnce(sql`
  select pp.artist_name, pp.bio, pp.genres, u.image as photo, pp.currently_touring,
    pp.website_url, pp.spotify_url, pp.instagram_handle,
    (select count(*)::int from artist_alerts al -- keyed by (fan_id, performer_id)
      where al.performer_id = pp.user_id) as followers,
    ${playedBy(sql.placeholder('id'), UPCOMING)} as upcoming,
    ${playedBy(sql.placeholder('id'), PAST, { newestFirst: true, limit: 20 })} as past
  from performer_profiles pp
  join "user" u on u.id = pp.user_id
  where pp.user_id = ${sql.placeholder('id')} and u.role = 'performer'`);

/** The public artist and venue pages: the profile and its confirmed shows. */
export function createPublicPageRepo(orm: Orm) {
  return {
    async artist(id: string) {
      const [found] = await orm
        .select({ profile: performerProfile, photoUrl: user.image })
        .from(performerProfile)
        .innerJoin(user, eq(user.id, performerProfile.userId))
        .where(and(eq(performerProfile.userId, id), eq(user.role, 'performer')));
      return found ?? null;
    },

    async venue(id: string) {
      const [found] = await orm
        .select({ profile: venueProfile, photoUrl: user.image })
        .from(venueProfile)
        .innerJoin(user, eq(user.id, venueProfile.userId))
        .where(and(eq(venueProfile.userId, id), eq(user.role, 'venue')));
      return found ?? null;
    },

    /**
     * The artist page's profile, follower count, every future show it headlines or confirmed
     * playing as a support act (cancelled ones too, marked by status), nearest first, and the
     * last 20 that have started, newest first, in one prepared statement: a cache miss makes one
     * round trip, and its shows come as one JSON value instead of ~30 rows of ~30 columns.
     */
    async artistPage(id: string) {
      const { rows } = await executeRendered<ArtistPageRow>(orm, ARTIST_PAGE, { id });
      const [row] = rows;
      if (!row) return null;
      return { ...row, upcoming: showsFromRows(row.upcoming), past: showsFromRows(row.past) };
    },

    /** Every future show at the venue (cancelled ones too, marked by status), nearest first. */
    venueUpcoming(venueId: string): Promise<TShow[]> {
      return selectShows(orm, upcomingWhere(sql`s.venue_id = ${venueId}`));
    },
  };
}

export type PublicPageRepo = ReturnType<typeof createPublicPageRepo>;
