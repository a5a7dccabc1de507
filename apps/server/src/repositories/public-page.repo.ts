import type { TShow, TVenuePage } from '@encore/contract';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executeRendered, renderOnce } from '../db/prepared.ts';
import { performerProfile, user } from '../db/schema/index.ts';
import { FRAGMENT_GOING_COUNT, SHOW_FRAGMENT_ROWS } from './alerts-feed-sql.repo.ts';
import {
  CONFIRMED_SHOW,
  type ShowRow,
  showListJsonSql,
  showsFromRows,
} from './show-select.repo.ts';

/** The artist's own part of its page: the profile and the follower count. */
export type ArtistProfile = {
  artist_name: string;
  bio: string;
  genres: string[];
  photo: string | null;
  currently_touring: boolean;
  website_url: string | null;
  spotify_url: string | null;
  instagram_handle: string | null;
  followers: number;
};

type ArtistPageRow = ArtistProfile & { upcoming: ShowRow[]; past: ShowRow[] };

/** The page's profile and its shows' ids in the page's order (decision 054). */
type ArtistPageIdsRow = ArtistProfile & {
  upcoming_ids: string[];
  past_ids: string[];
  first_start_ms: number | null;
};

export const UPCOMING = sql`s.starts_at >= now() and ${CONFIRMED_SHOW}`;
const PAST = sql`s.starts_at < now() and ${CONFIRMED_SHOW}`;

/**
 * The shows (condition `where` over the alias s) the artist headlines or plays as a confirmed
 * support act, as a showListJsonSql column. Its candidates are the first `limit` of each kind in
 * the list's order, two short index reads (shows_performer_starts_idx; show_acts_performer_idx,
 * then shows by id) merged: one condition with an OR over both tables is answered by no index, so
 * Postgres walked shows_starts_idx and filtered every upcoming or past show (~500 rows a list).
 * `keptGoingCount`: the going count as the show fragments read it (the artist page's).
 */
export function playedBy(
  performerId: Placeholder | string,
  where: SQL,
  { newestFirst = false, limit = 200, keptGoingCount = false } = {},
) {
  const candidates = playedByCandidates(performerId, where, { newestFirst, limit });
  const going = keptGoingCount ? FRAGMENT_GOING_COUNT : {};
  return showListJsonSql(where, { newestFirst, limit, candidates, ...going });
}

function playedByCandidates(
  performerId: Placeholder | string,
  where: SQL,
  { newestFirst, limit }: { newestFirst: boolean; limit: number },
) {
  const order = newestFirst ? sql`s.starts_at desc, s.id` : sql`s.starts_at, s.id`;
  return sql`(select s.id, s.starts_at from shows s
      where s.performer_id = ${performerId} and ${where}
      order by ${order} limit ${limit})
    union
    (select s.id, s.starts_at from show_acts a join shows s on s.id = a.show_id
      where a.performer_id = ${performerId} and a.confirmation = 'confirmed' and ${where}
      order by ${order} limit ${limit})`;
}

/**
 * The shows of `candidates` (a statement of their `(id, starts_at)`, already the shows the list
 * holds) as their ids only, in the list's order (a JSON array), and the first one's start in ms
 * (`first_start_ms`; null when none): no show row, performer, venue or bill is read (decision 054).
 */
function showIdsSql(candidates: SQL, { newestFirst = false, limit = 200 } = {}) {
  const order = newestFirst ? sql`desc` : sql`asc`;
  return sql`(select coalesce(json_agg(c.id order by c.starts_at ${order}, c.id), '[]') as ids,
      (extract(epoch from min(c.starts_at)) * 1000)::float8 as first_start_ms
    from (select m.id, m.starts_at from (${candidates}) m
      order by m.starts_at ${order}, m.id limit ${limit}) c)`;
}

/** playedBy's shows as showIdsSql's ids. */
function playedByIds(
  performerId: Placeholder | string,
  where: SQL,
  { newestFirst = false, limit = 200 } = {},
) {
  const candidates = playedByCandidates(performerId, where, { newestFirst, limit });
  return showIdsSql(candidates, { newestFirst, limit });
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
    ${playedBy(sql.placeholder('id'), UPCOMING, { keptGoingCount: true })} as upcoming,
    ${playedBy(sql.placeholder('id'), PAST, { newestFirst: true, limit: 20, keptGoingCount: true })} as past
  from performer_profiles pp
  join "user" u on u.id = pp.user_id
  where pp.user_id = ${sql.placeholder('id')} and u.role = 'performer'`);

/**
 * The same page with its shows as ids (decision 054: their cards come from the kept show
 * fragments, http/show-fragments.ts), same candidates, order and limits: 0.33–0.36× the buffers
 * of ARTIST_PAGE, which builds every show's card in Postgres on each miss.
 */
const ARTIST_PAGE_IDS = renderOnce(sql`
  select pp.artist_name, pp.bio, pp.genres, u.image as photo, pp.currently_touring,
    pp.website_url, pp.spotify_url, pp.instagram_handle,
    (select count(*)::int from artist_alerts al -- keyed by (fan_id, performer_id)
      where al.performer_id = pp.user_id) as followers,
    up.ids as upcoming_ids, up.first_start_ms, pa.ids as past_ids
  from performer_profiles pp
  join "user" u on u.id = pp.user_id
  cross join lateral ${playedByIds(sql.placeholder('id'), UPCOMING)} up
  cross join lateral ${playedByIds(sql.placeholder('id'), PAST, { newestFirst: true, limit: 20 })} pa
  where pp.user_id = ${sql.placeholder('id')} and u.role = 'performer'`);

/** The venue page's own columns, as ZVenuePage's venue names them but its id. */
const VENUE_COLUMNS = sql`vp.venue_name as name, vp.description, vp.street_address as "streetAddress",
    vp.city, vp.state, vp.zip_code as "zipCode", vp.max_capacity as capacity,
    vp.venue_type as "venueType", vp.age_restriction as "ageRestriction", vp.amenities,
    vp.website_url as "websiteUrl", u.image as "photoUrl"`;
const VENUE_ID = sql.placeholder('id');
const AT_VENUE = sql`s.venue_id = ${VENUE_ID} and ${UPCOMING}`;

/**
 * The venue page: the venue and every future show there (cancelled ones too, marked by status),
 * nearest first, in one statement (value: `id`); the going count as the show fragments read it.
 */
const VENUE_PAGE = renderOnce(sql`
  select ${VENUE_COLUMNS},
    ${showListJsonSql(AT_VENUE, FRAGMENT_GOING_COUNT)} as upcoming
  from venue_profiles vp
  join "user" u on u.id = vp.user_id
  where vp.user_id = ${VENUE_ID} and u.role = 'venue'`);

/** The same page with its shows as ids (decision 054), same order and limit. */
const VENUE_PAGE_IDS = renderOnce(sql`
  select ${VENUE_COLUMNS}, up.ids as upcoming_ids, up.first_start_ms
  from venue_profiles vp
  join "user" u on u.id = vp.user_id
  cross join lateral ${showIdsSql(sql`select s.id, s.starts_at from shows s where ${AT_VENUE}
    order by s.starts_at, s.id limit 200`)} up
  where vp.user_id = ${VENUE_ID} and u.role = 'venue'`);

type VenuePageRow = Omit<TVenuePage['venue'], 'id'> & { upcoming: ShowRow[] };
type VenuePageIdsRow = Omit<TVenuePage['venue'], 'id'> & {
  upcoming_ids: string[];
  first_start_ms: number | null;
};

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

    /** The artist page's profile, follower count and show ids (ARTIST_PAGE_IDS), or null. */
    async artistPageIds(id: string): Promise<ArtistPageIdsRow | null> {
      const { rows } = await executeRendered<ArtistPageIdsRow>(orm, ARTIST_PAGE_IDS, { id });
      return rows[0] ?? null;
    },

    /** The public shows `ids` (in no order) as their fragments show them: the ones not kept. */
    async showsByIds(ids: string[]): Promise<TShow[]> {
      const { rows } = await executeRendered<ShowRow>(orm, SHOW_FRAGMENT_ROWS, { ids });
      return showsFromRows(rows);
    },

    /** The venue page read whole (VENUE_PAGE), or null. */
    async venuePage(id: string) {
      const { rows } = await executeRendered<VenuePageRow>(orm, VENUE_PAGE, { id });
      const [row] = rows;
      if (!row) return null;
      return { ...row, upcoming: showsFromRows(row.upcoming) };
    },

    /** The venue page's own columns and show ids (VENUE_PAGE_IDS), or null. */
    async venuePageIds(id: string): Promise<VenuePageIdsRow | null> {
      const { rows } = await executeRendered<VenuePageIdsRow>(orm, VENUE_PAGE_IDS, { id });
      return rows[0] ?? null;
    },
  };
}

export type PublicPageRepo = ReturnType<typeof createPublicPageRepo>;
