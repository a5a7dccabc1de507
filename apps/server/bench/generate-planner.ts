import { DAYS_OF_WEEK, GENRES } from '@encore/contract';
import type pg from 'pg';
import { createBenchZips, timedSteps } from './bench-sql.ts';
import { FAN_PROFILES_INSERT } from './generate-world.ts';

export type PlannerWorldSize = {
  venues: number;
  fans: number;
  /** How many of the fans follow the bench performer. */
  followers: number;
  /** Past shows per venue (with results), over the last year. */
  pastShows: number;
  /** Upcoming shows per venue over the next 200 days: the nights already booked. */
  upcomingShows: number;
};

/** The performer the bench signs in as: Indie, Alternative and Rock, like the demo's. */
export const BENCH_PLANNER_PERFORMER = {
  id: 'tp',
  email: 'tp@bench.test',
  genres: ['Indie', 'Alternative', 'Rock'],
};
/** The acts that played the venues' shows, one or two genres each. */
const ACTS = 3000;

/**
 * The tour planner's world, set-based in SQL (INSERT … SELECT over generate_series):
 * venues at real US ZIPs (uniform over ZIPs, so denser where people live) of 100–3,000
 * capacity, open three to seven nights a week, each with a year of past shows with results and
 * half a year of booked nights, by acts of every genre; fans at real ZIPs with radii of 10–100 mi
 * and one to three favourite genres; and the bench performer followed by `followers` of them.
 * Seeded, so runs are comparable. VACUUM ANALYZE at the end, as a live database would be.
 */
export async function generatePlannerWorld(
  pool: pg.Pool,
  size: PlannerWorldSize,
  passwordHash: string,
  log: (step: string) => void,
): Promise<Record<string, number>> {
  const client = await pool.connect();
  const step = timedSteps(client, log);
  const genres = [...GENRES];
  try {
    await client.query('select setseed(0.16)');
    const { zipCount } = await createBenchZips(client);
    await step(
      'performers',
      `with u as (insert into "user" (id, name, email, username, display_username, role,
           profile_complete)
         select id, 'Bench Artist ' || id, id || '@bench.test', id, id, 'performer', true
         from (select 'tp' as id union all select 'p' || i from generate_series(1, $1::int) i) p
         returning id),
       g as (select id, abs(hashtext(id)) % 12 as k, abs(hashtext(id || 'x')) % 2 as two from u)
       insert into performer_profiles (user_id, artist_name, bio, genres, email, phone,
         years_active, avg_show_length, typical_venue_capacity, currently_touring)
       select id, 'Bench Artist ' || id, '',
         case when id = 'tp' then $3::text[] when two = 0 then array[($2::text[])[1 + k]]
           else array[($2::text[])[1 + k], ($2::text[])[1 + (k + 4) % 12]] end,
         id || '@bench.test', '(555) 555-0100', 5, '1 hour', '500-1000', true
       from g`,
      [ACTS, genres, BENCH_PLANNER_PERFORMER.genres],
    );
    // Capacity leans small (power 1.6) as rooms do; opening days are a week's tail, from 3 to 7.
    await step(
      'venues',
      `with g as (select i, 1 + floor(random() * $2)::int as zn,
           100 + 10 * floor(power(random(), 1.6) * 290)::int as capacity,
           floor(random() * 5)::int as closed
         from generate_series(1, $1::int) i),
       u as (insert into "user" (id, name, email, username, display_username, role,
           profile_complete)
         select 'v' || i, 'Bench Venue ' || i, 'v' || i || '@bench.test', 'v' || i, 'v' || i,
           'venue', true from g returning id)
       insert into venue_profiles (user_id, venue_name, description, street_address, city, state,
         zip_code, phone, email, max_capacity, venue_type, age_restriction, booking_contact_name,
         booking_email, booking_phone, booking_lead_time, typical_show_time, operating_days,
         amenities, latitude, longitude)
       select 'v' || g.i, 'Bench Venue ' || g.i, '', g.i || ' Main Street', z.city, z.state, z.zip,
         '(555) 555-0100', 'v' || g.i || '@bench.test', g.capacity,
         case when g.capacity >= 800 then 'theater' else 'club' end, 'all-ages', 'Booker',
         'v' || g.i || '@bench.test', '(555) 555-0100', '1 month', '20:00',
         ($3::text[])[1 + g.closed : 7], '{}', z.lat, z.lon
       from g join bench_zips z on z.n = g.zn`,
      [size.venues, zipCount, [...DAYS_OF_WEEK]],
    );
    await shows(step, size);
    await fans(step, size, zipCount, genres);
    await step(
      'account',
      `insert into account (id, account_id, provider_id, user_id, password)
       values ('a-tp', 'tp', 'credential', 'tp', $1)`,
      [passwordHash],
    );
    await client.query('drop table bench_zips');
    await step('vacuum analyze', 'vacuum analyze');
    const counts: Record<string, number> = {};
    for (const table of ['venue_profiles', 'shows', 'fan_profiles', 'artist_alerts']) {
      const { rows } = await client.query(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0].n;
    }
    return counts;
  } finally {
    client.release();
  }
}

type Step = ReturnType<typeof timedSteps>;

/**
 * Past shows at 20:00 local over the last year, 3% cancelled, the rest confirmed with results
 * (35–95% full, $15–40 a head); upcoming ones over the next 200 days, booked nights to avoid.
 */
async function shows(step: Step, size: PlannerWorldSize) {
  const insert = (past: boolean) => `
    insert into shows (performer_id, venue_id, latitude, longitude, starts_at, time_zone, genre,
      status, attendance, gross_revenue, created_by)
    select 'p' || g.pn, v.user_id, v.latitude, v.longitude, g.local at time zone z.tz, z.tz,
      pp.genres[1], case when g.cancelled then 'cancelled' else 'announced' end,
      r.attendance, r.attendance * (15 + random() * 25), 'p' || g.pn
    from (select i, 1 + i % $2::int as vn, 1 + floor(random() * $3)::int as pn,
            ${past ? 'current_date - 1 - floor(random() * 365)::int' : 'current_date + 1 + floor(random() * 200)::int'}
              + time '20:00' as local,
            random() < 0.03 as cancelled
          from generate_series(1, $1::int) i) g
    join venue_profiles v on v.user_id = 'v' || g.vn
    join performer_profiles pp on pp.user_id = 'p' || g.pn
    join bench_zips z on z.zip = v.zip_code
    cross join lateral (select case when ${past} and not g.cancelled
      then floor(v.max_capacity * (0.35 + random() * 0.6))::int end as attendance) r`;
  await step('past shows', insert(true), [size.venues * size.pastShows, size.venues, ACTS]);
  await step('upcoming shows', insert(false), [
    size.venues * size.upcomingShows,
    size.venues,
    ACTS,
  ]);
}

/** Fans as generate-world.ts makes them; the first `followers` follow the bench performer. */
async function fans(step: Step, size: PlannerWorldSize, zipCount: number, genres: string[]) {
  await step(
    'fans',
    `with g as (select i, 1 + floor(random() * $2)::int as zn, floor(random() * 12)::int as k,
         floor(random() * 3)::int as extra
       from generate_series(1, $1::int) i),
     u as (insert into "user" (id, name, email, username, display_username, role,
         profile_complete)
       select 'f' || i, 'Bench Fan ' || i, 'f' || i || '@bench.test', 'f' || i, 'f' || i, 'fan',
         true from g returning id)
     ${FAN_PROFILES_INSERT}
     from g join bench_zips z on z.n = g.zn`,
    [size.fans, zipCount, genres],
  );
  await step(
    'followers',
    `insert into artist_alerts (fan_id, performer_id, channels, created_at)
     select 'f' || i, 'tp', array['push', 'email'], now() - random() * interval '730 days'
     from generate_series(1, $1::int) i`,
    [Math.min(size.followers, size.fans)],
  );
}
