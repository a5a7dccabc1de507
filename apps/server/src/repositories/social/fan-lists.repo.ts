import {
  ATTENDEES_LIMIT,
  DECLINED_REQUEST_COOLDOWN_DAYS,
  PROFILE_SHOWS_LIMIT,
  SUGGESTIONS_LIMIT,
  type TFanWithRelation,
  type TShow,
} from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { METERS_PER_MILE } from '../../domain/earth.ts';
import { earthPoint, metersBetween, rendered } from '../earth-sql.repo.ts';
import { CONFIRMED_SHOW, selectShows } from '../show-select.repo.ts';
import {
  attendanceVisibleSql,
  blockedEitherWaySql,
  palsSql,
  profileVisibleSql,
} from './fan-visibility.repo.ts';

/** One fan as the viewer may see them, with what the visibility rule decided. */
export type ProfileRow = TFanWithRelation & {
  blocked: boolean;
  profileVisible: boolean;
  attendanceVisible: boolean;
  visibility: 'public' | 'friends' | 'private';
  favoriteGenres: string[] | null;
  palsCount: number;
};

/**
 * Suggestions look for candidates among a bounded sample, so their cost does not grow with a
 * popular show's crowd or a popular artist's followers (bench:social: exact counts over every
 * attendance row of 200 shows and every follower took p95 4.4 s at 1,000,000 fans): my latest
 * SAMPLED_SHOWS marks and the latest SAMPLED_FANS fans going and attended at each; my first
 * SAMPLED_SHOWS artists and SAMPLED_FANS of their followers (by id: an arbitrary, stable sample).
 * The CANDIDATE_POOL fans found most often there are checked against the rule and the filters
 * (the costly part, per fan), ranked (metro first on ties), and the ten shown get exact counts of
 * shows and artists in common.
 */
const SAMPLED_SHOWS = 30;
const SAMPLED_FANS = 100;
const CANDIDATE_POOL = 200;

/** Fans within this distance of my home count as my metro (suggestions rank them first on ties). */
const METRO_METERS = 50 * METERS_PER_MILE;
/** From my home to a candidate's: earthdistance spelled out (earth-sql.repo.ts, ~35 µs a call site a run). */
const METRO_METERS_BETWEEN = rendered(
  metersBetween(earthPoint(sql`home.latitude`, sql`home.longitude`), sql`fp`),
);

/**
 * Joins, for the fan `u` (with `fp` their profile, `s` their settings), my link with them as `l`.
 * The columns below read it: my relation to them, and whether 'Add' is offered.
 */
/** The other fan of a link row `l`, as seen from `me`. */
const otherOf = (me: string) => sql`case when l.fan_a = ${me} then l.fan_b else l.fan_a end`;

const linkJoin = (me: string) => sql`
  left join fan_profiles fp on fp.user_id = u.id
  left join fan_settings s on s.user_id = u.id
  left join pal_links l on l.fan_a = least(${me}::text, u.id) and l.fan_b = greatest(${me}::text, u.id)`;

const fanColumns = (me: string) => sql`
  u.id, u.username, coalesce(fp.tag_name, u.name) as name, u.image as "photoUrl",
  case when ${profileVisibleSql(me, sql`u.id`)} then fp.home_city end as city,
  case when u.id = ${me} then 'self' when l.state = 'pals' then 'pals'
    when l.state = 'requested' and l.requested_by = ${me} then 'requested'
    when l.state = 'requested' then 'incoming' else 'none' end as relation,
  (u.id <> ${me} and (l.state is null or (l.state = 'declined' and (l.requested_by <> ${me}
      or l.updated_at <= now() - make_interval(days => ${DECLINED_REQUEST_COOLDOWN_DAYS}))))
    and coalesce(s.allow_friend_requests, true) and coalesce(s.visibility, 'public') <> 'private')
    as "canRequest"`;

/**
 * Other fans for one viewer: who goes to a show, who they might know, one fan's profile. Each
 * passes the one visibility rule (fan-visibility.repo.ts), so a fan hidden from the viewer is never
 * named, and a hidden part of a profile never leaves the server.
 */
export function createFanListsRepo(orm: Orm) {
  return {
    /**
     * Fans going to the show: how many in all, how many of them I may see (attendeeCountsSql),
     * and those (not me), pals first, then the latest marks. The names come from two lists cut to
     * a page each before the merge (my pals going, probed by their ids; the others, read newest
     * first from the show's index until a page passed the rule), so a show with thousands going
     * reads a page of them, not all of them (bench:social).
     */
    async attendees(showId: string, me: string) {
      const visible: SQL = attendanceVisibleSql(me, sql`a.fan_id`);
      const going = sql`a.show_id = ${showId} and a.status = 'going' and a.fan_id <> ${me} and ${visible}`;
      const [counts, named] = await Promise.all([
        executePrepared<{ total: number; visible: number }>(orm, attendeeCountsSql(showId, me)),
        executePrepared<TFanWithRelation>(
          orm,
          sql`
          select ${fanColumns(me)}
          from (
            (select a.fan_id, a.updated_at, true as pal from show_attendance a
              where ${going} and ${palsSql(me, sql`a.fan_id`)}
              order by a.updated_at desc, a.fan_id limit ${ATTENDEES_LIMIT})
            union all
            (select a.fan_id, a.updated_at, false from show_attendance a
              where ${going} and not ${palsSql(me, sql`a.fan_id`)}
              order by a.updated_at desc, a.fan_id limit ${ATTENDEES_LIMIT})
          ) a
          join "user" u on u.id = a.fan_id
          ${linkJoin(me)}
          order by a.pal desc, a.updated_at desc, u.id
          limit ${ATTENDEES_LIMIT}`,
        ),
      ]);
      const { total = 0, visible: seen = 0 } = counts.rows[0] ?? {};
      return { total, hidden: total - seen, attendees: named.rows };
    },

    /**
     * Fans with the most shows in common with me (both marked going or attended), then the most
     * artists watched in common, my metro first on ties; only fans whose profile I may see, who
     * take requests and are not Private, with no link to me yet. Shows count only where I may see
     * their attendance. The rule and the filters run once per candidate in `candidates`
     * (materialised, so Postgres cannot push them into a scan of every user); only the candidates
     * tied with or above the tenth get a distance from my home, and the ten a name and relation.
     */
    async suggestions(me: string) {
      const { rows } = await executePrepared<
        TFanWithRelation & { sharedShows: number; sharedArtists: number; artist: string | null }
      >(
        orm,
        sql`
        with mine as (
          select show_id from show_attendance where fan_id = ${me}
          order by updated_at desc limit ${SAMPLED_SHOWS}),
        by_shows as (
          select x.fan_id, count(*)::int as n from mine m
          cross join lateral (
            (select a.fan_id from show_attendance a
              where a.show_id = m.show_id and a.status = 'going'
              order by a.updated_at desc limit ${SAMPLED_FANS})
            union all
            (select a.fan_id from show_attendance a
              where a.show_id = m.show_id and a.status = 'attended'
              order by a.updated_at desc limit ${SAMPLED_FANS})) x
          where x.fan_id <> ${me} group by x.fan_id),
        my_artists as (
          select performer_id from artist_alerts where fan_id = ${me}
          order by performer_id limit ${SAMPLED_SHOWS}),
        by_artists as (
          select x.fan_id, count(*)::int as n, min(pp.artist_name) as artist
          from my_artists m
          join performer_profiles pp on pp.user_id = m.performer_id
          cross join lateral (select a.fan_id from artist_alerts a
            where a.performer_id = m.performer_id
            order by a.fan_id limit ${SAMPLED_FANS}) x
          where x.fan_id <> ${me} group by x.fan_id),
        pool as (
          select coalesce(bs.fan_id, ba.fan_id) as fan_id, coalesce(bs.n, 0) as shows,
            coalesce(ba.n, 0) as artists
          from by_shows bs full join by_artists ba on ba.fan_id = bs.fan_id
          order by 2 desc, 3 desc, 1
          limit ${CANDIDATE_POOL}),
        candidates as materialized (
          select c.fan_id, c.artists, c.seen,
            case when c.seen then c.shows else 0 end as shows
          from (select p.*, ${attendanceVisibleSql(me, sql`p.fan_id`)} as seen from pool p) c
          join "user" u on u.id = c.fan_id and u.role = 'fan'
          left join fan_settings s on s.user_id = c.fan_id
          where c.fan_id not in (select ${otherOf(me)} from pal_links l
              where l.fan_a = ${me} or l.fan_b = ${me})
            and coalesce(s.allow_friend_requests, true) and coalesce(s.visibility, 'public') <> 'private'
            and ${profileVisibleSql(me, sql`c.fan_id`)}
            and (c.artists > 0 or c.seen)),
        tenth as (select shows, artists from candidates order by shows desc, artists desc
          offset ${SUGGESTIONS_LIMIT - 1} limit 1),
        home as materialized (select latitude, longitude from fan_profiles where user_id = ${me}),
        top as (
          select c.*, coalesce((select home.latitude is not null and fp.latitude is not null
              and ${METRO_METERS_BETWEEN} < ${METRO_METERS}
            from fan_profiles fp left join home on true where fp.user_id = c.fan_id), false) as near
          from candidates c
          where not exists (select 1 from tenth t where (c.shows, c.artists) < (t.shows, t.artists))
          order by c.shows desc, c.artists desc, near desc, c.fan_id
          limit ${SUGGESTIONS_LIMIT}),
        exact as (
          select c.fan_id, c.near,
            case when c.seen then (select count(*)::int from show_attendance a
              join show_attendance b on b.show_id = a.show_id and b.fan_id = ${me}
              where a.fan_id = c.fan_id) else 0 end as shows,
            ar.n as artists, ar.artist
          from top c
          cross join lateral (select count(*)::int as n, min(pp.artist_name) as artist
            from artist_alerts a
            join artist_alerts b on b.performer_id = a.performer_id and b.fan_id = ${me}
            join performer_profiles pp on pp.user_id = a.performer_id
            where a.fan_id = c.fan_id) ar)
        select ${fanColumns(me)}, c.shows as "sharedShows", c.artists as "sharedArtists", c.artist
        from exact c
        join "user" u on u.id = c.fan_id
        ${linkJoin(me)}
        order by c.shows desc, c.artists desc, c.near desc, u.id
        limit ${SUGGESTIONS_LIMIT}`,
      );
      return rows;
    },

    profile: (me: string, username: string) => fanProfileRow(orm, me, username),
    profileShows: (fanId: string, status: 'going' | 'attended') =>
      fanProfileShows(orm, fanId, status),
  };
}

export type FanListsRepo = ReturnType<typeof createFanListsRepo>;

/**
 * A show's going fans (`total`) and those of them `me` may see (`visible`), whatever the show's
 * size: both from show_faces' kept counts (migration 0048), where `going_shown` counts the fans
 * whose attendance anyone may see. The rule treats every fan who is not me, my Show Pal or
 * blocked either way as it treats a stranger, seen exactly when shown; so `visible` is the kept
 * figure with those few fans (`near`) going taken out as strangers and put back as the rule sees
 * them for me (a Friends Only pal is seen, a blocked fan is not, I always see myself).
 */
function attendeeCountsSql(showId: string, me: string): SQL {
  return sql`
    with near as (
      select ${me}::text as fan_id
      union select case when pl.fan_a = ${me} then pl.fan_b else pl.fan_a end from pal_links pl
        where (pl.fan_a = ${me} or pl.fan_b = ${me}) and pl.state = 'pals'
      union select fb.blocked_id from fan_blocks fb where fb.blocker_id = ${me}
      union select fb.blocker_id from fan_blocks fb where fb.blocked_id = ${me}),
    near_going as (
      select not exists (select 1 from fan_settings vs where vs.user_id = a.fan_id
          and (vs.visibility <> 'public' or not vs.show_attendance)) as shown,
        ${attendanceVisibleSql(me, sql`a.fan_id`)} as seen
      from show_attendance a
      where a.fan_id in (select fan_id from near) and a.show_id = ${showId} and a.status = 'going')
    select coalesce(f.going, 0) as total,
      coalesce(f.going_shown, 0) - (select count(*) filter (where shown) from near_going)::int
        + (select count(*) filter (where seen) from near_going)::int as visible
    from (select) one left join show_faces f on f.show_id = ${showId}`;
}

/** A fan's profile row by username (fans only), with the rule's verdicts for this viewer. */
async function fanProfileRow(orm: Orm, me: string, username: string) {
  const { rows } = await orm.execute<ProfileRow>(sql`
    select ${fanColumns(me)},
      ${blockedEitherWaySql(me, sql`u.id`)} as blocked,
      ${profileVisibleSql(me, sql`u.id`)} as "profileVisible",
      ${attendanceVisibleSql(me, sql`u.id`)} as "attendanceVisible",
      coalesce(s.visibility, 'public') as visibility,
      fp.favorite_genres as "favoriteGenres",
      (select count(*)::int from pal_links p
        where (p.fan_a = u.id or p.fan_b = u.id) and p.state = 'pals') as "palsCount"
    from "user" u
    ${linkJoin(me)}
    where u.username = lower(${username}) and u.role = 'fan'`);
  return rows[0] ?? null;
}

/** The public shows a fan is going to (soonest first) or attended (latest first). */
function fanProfileShows(orm: Orm, fanId: string, status: 'going' | 'attended'): Promise<TShow[]> {
  const upcoming = status === 'going';
  return selectShows(
    orm,
    sql`s.id in (select a.show_id from show_attendance a
        where a.fan_id = ${fanId} and a.status = ${status})
      and ${CONFIRMED_SHOW} and s.status <> 'cancelled'
      and ${upcoming ? sql`s.starts_at > now()` : sql`true`}`,
    upcoming ? sql`s.starts_at, s.id` : sql`s.starts_at desc, s.id`,
    PROFILE_SHOWS_LIMIT,
  );
}
