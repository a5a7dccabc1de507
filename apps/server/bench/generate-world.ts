import { GENRES } from '@encore/contract';
import type pg from 'pg';
import { createBenchZips, type Metro, timedSteps } from './bench-sql.ts';

export type { Metro } from './bench-sql.ts';

/**
 * The bench fans' profiles, selected from `g` (i: the fan's number, k and extra: random 0..11 and
 * 0..2) joined to a bench ZIP `z`, with the genres as $3: one to three distinct favourite genres,
 * radius 10..100 in steps of 5 like the slider. The statement's `from` follows.
 */
export const FAN_PROFILES_INSERT = `insert into fan_profiles (user_id, tag_name, age_range, gender,
    email, phone, home_city, zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude,
    longitude)
  select 'f' || g.i, 'Fan ' || g.i, '25-34', 'other', 'f' || g.i || '@bench.test',
    '(555) 555-0100', z.city, z.zip, 10 + 5 * floor(random() * 19)::int, false,
    case g.extra
      when 0 then array[($3::text[])[1 + g.k]]
      when 1 then array[($3::text[])[1 + g.k], ($3::text[])[1 + (g.k + 5) % 12]]
      else array[($3::text[])[1 + g.k], ($3::text[])[1 + (g.k + 5) % 12],
        ($3::text[])[1 + (g.k + 9) % 12]]
    end,
    z.lat, z.lon`;

export type WorldSize = { fans: number; shows: number; performers: number; venues: number };

/**
 * Fills an empty Encore database with a large world, set-based in SQL (INSERT ... SELECT over
 * generate_series) so a million fans take seconds, not the hours a row-by-row API load would.
 * Rows satisfy the tables' CHECKs like user-entered ones. Seeded, so runs are comparable.
 * Fans live at real US ZIPs (uniform over ZIPs, which are denser where people live); artist
 * alerts follow a skewed popularity curve (a few artists are watched by many fans).
 */
export async function generateWorld(
  pool: pg.Pool,
  size: WorldSize,
  log: (step: string) => void,
  metro?: Metro,
): Promise<Record<string, number>> {
  const client = await pool.connect();
  const step = timedSteps(client, log);
  try {
    await client.query('select setseed(0.42)');
    const t0 = performance.now();
    const { zipCount, metroZips, rows } = await createBenchZips(client, metro);
    log(`ZIPs: ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const genres = [...GENRES];

    await step(
      'performer users',
      `insert into "user" (id, name, email, username, display_username, role, profile_complete)
       select 'p' || i, 'Bench Artist ' || i, 'p' || i || '@bench.test', 'p' || i, 'p' || i,
         'performer', true
       from generate_series(1, $1::int) i`,
      [size.performers],
    );
    await step(
      'performer profiles',
      `insert into performer_profiles (user_id, artist_name, bio, genres, email, phone,
         years_active, avg_show_length, typical_venue_capacity, currently_touring)
       select 'p' || i, 'Bench Artist ' || i, '', array[($2::text[])[1 + i % 12]],
         'p' || i || '@bench.test', '(555) 555-0100', 5, '1 hour', '100-500', true
       from generate_series(1, $1::int) i`,
      [size.performers, genres],
    );
    await step(
      'venue users',
      `insert into "user" (id, name, email, username, display_username, role, profile_complete)
       select 'v' || i, 'Bench Venue ' || i, 'v' || i || '@bench.test', 'v' || i, 'v' || i,
         'venue', true
       from generate_series(1, $1::int) i`,
      [size.venues],
    );
    await step(
      'venue profiles',
      `insert into venue_profiles (user_id, venue_name, description, street_address, city, state,
         zip_code, phone, email, max_capacity, venue_type, age_restriction, booking_contact_name,
         booking_email, booking_phone, booking_lead_time, typical_show_time, operating_days,
         amenities, latitude, longitude)
       select 'v' || g.i, 'Bench Venue ' || g.i, '', g.i || ' Main Street', z.city, z.state,
         z.zip, '(555) 555-0100', 'v' || g.i || '@bench.test', 500, 'club', '21+', 'Booker',
         'v' || g.i || '@bench.test', '(555) 555-0100', '1 month', '20:00',
         array['Friday', 'Saturday'], '{}', z.lat, z.lon
       from (select i, 1 + floor(random() * $2)::int as zn from generate_series(1, $1::int) i) g
       join bench_zips z on z.n = g.zn`,
      [size.venues, zipCount],
    );
    // Shows over the past 12 months and the next 6, a few cancelled; genre from the performer.
    await step(
      'shows',
      `insert into shows (performer_id, venue_id, latitude, longitude, starts_at, time_zone,
         genre, status, created_by)
       select 'p' || g.pn, 'v' || g.vn, vp.latitude, vp.longitude,
         now() - interval '365 days' + random() * interval '548 days', z.tz, pp.genres[1],
         case when random() < 0.04 then 'cancelled' else 'announced' end, 'p' || g.pn
       from (select i, 1 + floor(random() * $2)::int as pn, 1 + floor(random() * $3)::int as vn
             from generate_series(1, $1::int) i) g
       join performer_profiles pp on pp.user_id = 'p' || g.pn
       join venue_profiles vp on vp.user_id = 'v' || g.vn
       join bench_zips z on z.zip = vp.zip_code`,
      [size.shows, size.performers, size.venues],
    );
    await step(
      'fan users',
      `insert into "user" (id, name, email, username, display_username, role, profile_complete)
       select 'f' || i, 'Bench Fan ' || i, 'f' || i || '@bench.test', 'f' || i, 'f' || i,
         'fan', true
       from generate_series(1, $1::int) i`,
      [size.fans],
    );
    // Without a metro the expression stays as it was, so other benches' seeded worlds do not change.
    const homeZip = metro
      ? `case when random() < $4 then 1 + floor(random() * $5)::int
          else 1 + floor(random() * $2)::int end`
      : '1 + floor(random() * $2)::int';
    await step(
      'fan profiles',
      `${FAN_PROFILES_INSERT}
       from (select i, ${homeZip} as zn, floor(random() * 12)::int as k,
               floor(random() * 3)::int as extra
             from generate_series(1, $1::int) i) g
       join bench_zips z on z.n = g.zn`,
      [size.fans, zipCount, genres, ...(metro ? [metro.share, metroZips] : [])],
    );
    // Three alerts per fan on average; random()^3 makes a few artists very popular.
    await step(
      'artist alerts',
      `insert into artist_alerts (fan_id, performer_id, channels)
       select 'f' || i, 'p' || (1 + floor(power(random(), 3) * $2))::int, array['push', 'email']
       from generate_series(1, $1::int) i, generate_series(1, 3) k
       on conflict do nothing`,
      [size.fans, size.performers],
    );
    await client.query(`create temp table upcoming as
      select row_number() over () as n, id from shows where starts_at > now()`);
    await client.query(`create temp table past as
      select row_number() over () as n, id from shows where starts_at <= now()`);
    const count = async (table: string) =>
      Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    await step(
      'going marks',
      `insert into show_attendance (fan_id, show_id, status)
       select 'f' || g.i, u.id, 'going'
       from (select i, 1 + floor(random() * $2)::int as sn from generate_series(1, $1::int) i) g
       join upcoming u on u.n = g.sn
       on conflict do nothing`,
      [size.fans, await count('upcoming')],
    );
    await step(
      'attended marks',
      `insert into show_attendance (fan_id, show_id, status)
       select 'f' || g.i, p.id, 'attended'
       from (select i, 1 + floor(random() * $2)::int as sn from generate_series(1, $1::int) i) g
       join past p on p.n = g.sn
       on conflict do nothing`,
      [size.fans, await count('past')],
    );
    await client.query('drop table bench_zips');
    await step('analyze', 'analyze');
    const counts: Record<string, number> = {};
    for (const table of [
      'fan_profiles',
      'performer_profiles',
      'venue_profiles',
      'shows',
      'artist_alerts',
      'show_attendance',
    ]) {
      counts[table] = await count(table);
    }
    return counts;
  } finally {
    client.release();
  }
}
