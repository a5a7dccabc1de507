import type { TCityShow } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { earthBox, earthPoint, metersBetween, rendered } from './earth-sql.repo.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

/*
 * earthdistance spelled out (earth-sql.repo.ts): its SQL functions cost ~35 µs of Postgres a call site
 * on every run, four here (Postgres CPU per listing ~0.96 -> ~0.23 ms). The searched point is a
 * cube computed once a run (`here`, materialized: the index scan takes it as a parameter, the
 * distance reads it); the fragments are rendered to text once (drizzle walking them cost ~65 µs
 * of Node a request).
 */
const HERE = rendered(sql`select ${earthPoint(sql`q.lat`, sql`q.lon`)} as p, q.r`);
/** shows_earth_starts_idx's own expression, matched by the index (never evaluated). */
const IN_BOX = rendered(
  sql`${earthBox(sql`h.p`, sql`h.r`)} @> ll_to_earth(s.latitude, s.longitude)`,
);
const METERS = rendered(metersBetween(sql`h.p`, sql`s`));

export type CityShowsFilter = {
  latitude: number;
  longitude: number;
  radiusMiles: number;
  /** Shows starting after this instant (now: the listing is of upcoming shows). */
  now: Date;
  /** Local days of the show's own zone, both included; null: open on that side. */
  fromDay: string | null;
  toDay: string | null;
  /** Instants enclosing those days in any zone, so the index narrows by time as well. */
  after: Date | null;
  before: Date | null;
  genre: string | null;
  offset: number;
  limit: number;
};

type Row = {
  id: string;
  performer_id: string;
  artist_name: string;
  supporting_acts: string[];
  venue_id: string | null;
  venue_name: string | null;
  venue_city: string | null;
  venue_state: string | null;
  starts_at_ms: number;
  time_zone: string;
  genre: string;
  status: TCityShow['status'];
  meters: number;
};

/**
 * The public city listing in one statement: upcoming, confirmed, not cancelled shows within the
 * radius, soonest first. The point-and-time GiST index shows_earth_starts_idx answers
 * `earth_box @> point and starts_at > now` (earth_box is a cube around the circle, so an exact
 * earth_distance check follows); names come from the same joins as every show list. Public
 * fields only: no takings, no attendance, nothing about fans.
 */
export function createCityShowsRepo(orm: Orm) {
  return {
    async near(f: CityShowsFilter): Promise<TCityShow[]> {
      const localDay = sql`(s.starts_at at time zone s.time_zone)::date`;
      const where: SQL[] = [
        sql`${METERS} <= h.r`,
        sql`s.starts_at > ${f.now}`,
        sql`s.status <> 'cancelled'`,
        CONFIRMED_SHOW,
      ];
      if (f.after) where.push(sql`s.starts_at >= ${f.after}`);
      if (f.before) where.push(sql`s.starts_at < ${f.before}`);
      if (f.fromDay) where.push(sql`${localDay} >= ${f.fromDay}::date`);
      if (f.toDay) where.push(sql`${localDay} <= ${f.toDay}::date`);
      if (f.genre) where.push(sql`s.genre = ${f.genre}`);
      // The page is cut from `shows` alone, then named: the joins run for 51 rows, not for every
      // show in reach (hundreds within 250 miles of New York). Prepared (one text per set of
      // filters given, 32 at most): planning it cost as much as running it.
      const { rows } = await executePrepared<Row>(
        orm,
        sql`
        with here as materialized (
          ${HERE} from (select ${f.latitude}::float8 as lat, ${f.longitude}::float8 as lon,
            ${f.radiusMiles * METERS_PER_MILE}::float8 as r) q
        ),
        page as (
          select s.id, s.performer_id, s.venue_id, s.external_name,
            s.external_city, s.external_state, s.starts_at, s.time_zone, s.genre, s.status,
            ${METERS} as meters
          from here h
          join shows s on ${IN_BOX}
          where ${sql.join(where, sql` and `)}
          order by s.starts_at, s.id
          limit ${f.limit} offset ${f.offset}
        )
        select s.id, s.performer_id, coalesce(pp.artist_name, pu.name) as artist_name,
          -- The bill as the public sees it: typed names and the Encore acts that confirmed.
          (select coalesce(array_agg(a.name order by a.position), '{}') from show_acts a
            where a.show_id = s.id and a.confirmation = 'confirmed') as supporting_acts,
          s.venue_id,
          coalesce(vp.venue_name, s.external_name) as venue_name,
          coalesce(vp.city, s.external_city) as venue_city,
          coalesce(vp.state, s.external_state) as venue_state,
          (extract(epoch from s.starts_at) * 1000)::float8 as starts_at_ms, s.time_zone,
          s.genre, s.status, s.meters
        from page s
        join "user" pu on pu.id = s.performer_id
        left join performer_profiles pp on pp.user_id = s.performer_id
        left join venue_profiles vp on vp.user_id = s.venue_id
        order by s.starts_at, s.id`,
      );
      return rows.map(toCityShow);
    },
  };
}

function toCityShow(r: Row): TCityShow {
  return {
    id: r.id,
    artist: { id: r.performer_id, name: r.artist_name },
    supportingActs: r.supporting_acts,
    venue: {
      id: r.venue_id,
      name: r.venue_name ?? '',
      city: r.venue_city ?? '',
      state: r.venue_state ?? '',
    },
    startsAt: new Date(r.starts_at_ms).toISOString(),
    timeZone: r.time_zone,
    genre: r.genre,
    status: r.status,
    distanceMiles: Math.round((r.meters / METERS_PER_MILE) * 10) / 10,
  };
}

export type CityShowsRepo = ReturnType<typeof createCityShowsRepo>;
