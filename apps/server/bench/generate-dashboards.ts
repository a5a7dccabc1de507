import { AGE_RANGES, GENDERS, GENRES } from '@encore/contract';
import type pg from 'pg';
import { createBenchZips, timedSteps } from './bench-sql.ts';

export type DashboardWorldSize = {
  /** Fans; every one follows the bench performer. */
  fans: number;
  /** The bench venue's shows over five years (and a few weeks ahead). */
  venueShows: number;
  /** Going and attended marks on the bench venue's shows. */
  attendance: number;
};

/** The two accounts the bench signs in as. */
export const BENCH_PERFORMER = { id: 'bp', email: 'bp@bench.test' };
export const BENCH_VENUE = { id: 'bv', email: 'bv@bench.test', zip: '10012', capacity: 1500 };
/** Other performers (the venue's acts) and venues (the bench performer's tours). */
const ACTS = 300;
const TOUR_VENUES = 60;

const USERS = `insert into "user" (id, name, email, username, display_username, role,
    profile_complete)`;
const PERFORMER = `insert into performer_profiles (user_id, artist_name, bio, genres, email, phone,
    years_active, avg_show_length, typical_venue_capacity, currently_touring)`;
const VENUE = `insert into venue_profiles (user_id, venue_name, description, street_address, city,
    state, zip_code, phone, email, max_capacity, venue_type, age_restriction, booking_contact_name,
    booking_email, booking_phone, booking_lead_time, typical_show_time, operating_days, amenities,
    latitude, longitude)`;

/**
 * The dashboards' worst case, set-based in SQL so a million of each takes minutes:
 * one venue with `venueShows` shows over five years and `attendance` marks on them from fans of
 * every age range, gender and ZIP (a third of the fans live within 50 miles of it), and one
 * performer followed by every fan (follows spread over four years, more each year), with past
 * tours (results and merch), upcoming shows with ticket clicks, and 1.2 alerts delivered per fan
 * about its shows. Rows go into the ordinary
 * tables only, so whatever triggers keep (the dashboards' rollups) is kept as a real load would.
 * Seeded, so runs are comparable.
 */
export async function generateDashboardWorld(
  pool: pg.Pool,
  size: DashboardWorldSize,
  passwordHash: string,
  log: (step: string) => void,
): Promise<Record<string, number>> {
  const client = await pool.connect();
  const step = timedSteps(client, log);
  try {
    await client.query('select setseed(0.14)');
    const metro = { zip: BENCH_VENUE.zip, miles: 50, share: 0.35 };
    const { zipCount, metroZips } = await createBenchZips(client, metro);
    const genres = [...GENRES];

    await step(
      'performers',
      `with u as (${USERS}
         select id, 'Bench Artist ' || id, id || '@bench.test', id, id, 'performer', true
         from (select 'bp' as id union all select 'p' || i from generate_series(1, $1::int) i) p
         returning id)
       ${PERFORMER}
       select id, 'Bench Artist ' || id, '', array[($2::text[])[1 + abs(hashtext(id)) % 12]],
         id || '@bench.test', '(555) 555-0100', 5, '1 hour', '500-1000', true
       from u`,
      [ACTS, genres],
    );
    await step(
      'venues',
      `with u as (${USERS}
         select id, 'Bench Venue ' || id, id || '@bench.test', id, id, 'venue', true
         from (select 'bv' as id, 0 as i union all
               select 'v' || i, i from generate_series(1, $1::int) i) v
         returning id)
       ${VENUE}
       select u.id, 'Bench Venue ' || u.id, '', '1 Main Street', z.city, z.state, z.zip,
         '(555) 555-0100', u.id || '@bench.test',
         case when u.id = 'bv' then $3::int else 400 + floor(random() * 2000)::int end, 'club',
         'all-ages', 'Booker', u.id || '@bench.test', '(555) 555-0100', '1 month', '20:00',
         array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], '{}',
         z.lat, z.lon
       from u join bench_zips z on z.n = case when u.id = 'bv'
         then (select n from bench_zips where zip = $4) else 1 + abs(hashtext(u.id)) % $2 end`,
      [TOUR_VENUES, zipCount, BENCH_VENUE.capacity, BENCH_VENUE.zip],
    );
    await step(
      'fans',
      `with g as (
         select i, case when random() < $3 then 1 + floor(random() * $4)::int
           else 1 + floor(random() * $2)::int end as zn,
           ($5::text[])[1 + floor(power(random(), 1.6) * 7)::int] as age_range,
           ($6::text[])[1 + floor(random() * 4)::int] as gender
         from generate_series(1, $1::int) i),
       u as (${USERS}
         select 'f' || i, 'Bench Fan ' || i, 'f' || i || '@bench.test', 'f' || i, 'f' || i, 'fan',
           true from g returning id)
       insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
         zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
       select 'f' || g.i, 'Fan ' || g.i, g.age_range, g.gender, 'f' || g.i || '@bench.test',
         '(555) 555-0100', z.city, z.zip, 50, false, array[($7::text[])[1 + g.i % 12]], z.lat, z.lon
       from g join bench_zips z on z.n = g.zn`,
      [
        size.fans,
        zipCount,
        metro.share,
        metroZips,
        // Younger ranges first: power(random(), 1.6) leans towards them, as concert crowds do.
        ['18-24', '25-34', '35-44', '45-54', '13-17', '55-64', '65+'].filter((a) =>
          (AGE_RANGES as readonly string[]).includes(a),
        ),
        [...GENDERS],
        genres,
      ],
    );
    await step(
      'accounts',
      `insert into account (id, account_id, provider_id, user_id, password)
       select 'a-' || id, id, 'credential', id, $1 from (values ('bp'), ('bv')) v(id)`,
      [passwordHash],
    );
    return await showsAndMarks(client, step, size);
  } finally {
    client.release();
  }
}

type Step = ReturnType<typeof timedSteps>;

async function showsAndMarks(client: pg.PoolClient, step: Step, size: DashboardWorldSize) {
  // Five years back to three months ahead, one show every ~0.96 day; 4% cancelled.
  await step(
    "venue's shows",
    `insert into shows (id, performer_id, venue_id, latitude, longitude, starts_at, time_zone,
       genre, status, price_min, price_max, ticket_url, created_by, created_at)
     select 'vs' || g.i, p.user_id, 'bv', v.latitude, v.longitude, g.at, 'America/New_York',
       p.genres[1], case when random() < 0.04 then 'cancelled' else 'on_sale' end, 15, 35,
       'https://tickets.example.com/vs' || g.i, 'bv', g.at - interval '60 days'
     from (select i, 1 + floor(random() * $2)::int as pn,
             now() - interval '1826 days' + (i - 0.5) * interval '1916 days' / $1 as at
           from generate_series(1, $1::int) i) g
     join performer_profiles p on p.user_id = 'p' || g.pn
     join venue_profiles v on v.user_id = 'bv'`,
    [size.venueShows, ACTS],
  );
  await client.query(`create temp table venue_shows as
    select row_number() over (order by id) as n, id, starts_at from shows
    where venue_id = 'bv' and status <> 'cancelled'`);
  await client.query(`create temp table local_fans as
    select row_number() over (order by f.user_id) as n, f.user_id from fan_profiles f
    join venue_profiles v on v.user_id = 'bv'
    where earth_distance(ll_to_earth(f.latitude, f.longitude),
      ll_to_earth(v.latitude, v.longitude)) < 50 * 1609.344`);
  const count = async (table: string) =>
    Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  const [shows, locals] = [await count('venue_shows'), await count('local_fans')];
  // A few more draws than asked: a fan drawn twice for one show counts once.
  await step(
    'attendance',
    `insert into show_attendance (fan_id, show_id, status, updated_at)
     select f.user_id, s.id,
       case when s.starts_at > now() or random() < 0.1 then 'going' else 'attended' end,
       least(s.starts_at + interval '14 hours', now() - interval '1 hour')
     from (select 1 + floor(random() * $2)::int as sn, 1 + floor(random() * $3)::int as fn
           from generate_series(1, $1::int)) d
     join venue_shows s on s.n = d.sn join local_fans f on f.n = d.fn
     on conflict do nothing`,
    [Math.round(size.attendance * 1.0008), shows, locals],
  );
  await step(
    "venue's results",
    `update shows s set attendance = r.attendance, gross_revenue = r.attendance * 24.5,
       merch_revenue = case when random() < 0.5 then r.attendance * 6 end
     from (select s.id, least($1::int, greatest(count(a.fan_id)::int,
             floor($1 * (0.35 + random() * 0.6))::int)) as attendance
           from venue_shows s left join show_attendance a on a.show_id = s.id
           where s.starts_at < now() group by s.id) r
     where s.id = r.id`,
    [BENCH_VENUE.capacity],
  );
  await performerWorld(step, size);
  await step('analyze', 'analyze');
  const counts: Record<string, number> = {};
  for (const table of [
    'fan_profiles',
    'shows',
    'show_attendance',
    'artist_alerts',
    'alert_deliveries',
  ]) {
    counts[table] = await count(table);
  }
  counts.ticket_clicks = await count('ticket_clicks');
  return counts;
}

/**
 * The bench performer: a tour of 15 shows every 4 days each quarter for three years (results
 * and merch at the tour venues), 12 upcoming shows with 60 days of ticket clicks each, and every
 * fan following it since some day in the last four years, more of them each year.
 */
async function performerWorld(step: Step, size: DashboardWorldSize) {
  await step(
    "performer's shows",
    `insert into shows (id, performer_id, venue_id, latitude, longitude, starts_at, time_zone,
       genre, status, attendance, gross_revenue, merch_revenue, ticket_url, created_by, created_at)
     select 'ps' || k, 'bp', v.user_id, v.latitude, v.longitude, t.at, z.tz, 'Indie',
       'on_sale', r.attendance, r.attendance * 30, r.attendance * 9,
       'https://tickets.example.com/ps' || k, 'bp', t.at - interval '60 days'
     from generate_series(0, 191) k
     cross join lateral (select case when k < 180
       then now() - interval '1095 days' + (k / 15) * interval '91 days' + (k % 15) * interval '4 days'
       else now() + (k - 179) * interval '6 days' end as at) t
     join venue_profiles v on v.user_id = 'v' || (1 + k % ${TOUR_VENUES})
     join bench_zips z on z.zip = v.zip_code
     cross join lateral (select case when t.at < now()
       then floor(v.max_capacity * (0.4 + random() * 0.55))::int end as attendance) r`,
  );
  await step(
    'ticket clicks',
    `insert into ticket_clicks (show_id, day, clicks)
     select s.id, d::date, floor(random() * 40)::int
     from shows s, generate_series(current_date - 59, current_date, interval '1 day') d
     where s.performer_id = 'bp' and s.starts_at > now()`,
  );
  await step(
    'followers',
    `insert into artist_alerts (fan_id, performer_id, channels, created_at)
     select 'f' || i, 'bp', array['push', 'email'],
       now() - (1 - sqrt(random())) * interval '1460 days' - interval '1 hour'
     from generate_series(1, $1::int) i`,
    [size.fans],
  );
  // Each show announced and its alerts delivered: 1.2 rows per fan in all (in-app, push, email;
  // a few failed), so "alerts delivered" counts a million-row outbox as the matcher leaves it.
  await step(
    "performer's show events",
    `insert into show_events (id, show_id, kind, created_at, matched_at)
     select 'pe' || substr(id, 3), id, 'announced', created_at, created_at from shows
     where performer_id = 'bp'`,
  );
  await step(
    'alerts delivered',
    `insert into alert_deliveries (fan_id, show_event_id, channel, reason, state, sent_at,
       created_at)
     select 'f' || (1 + (e.k * per.n + j) % $1::int), 'pe' || e.k, c.channel, 'You watch them',
       case when c.channel <> 'in_app' and random() < 0.03 then 'failed' else 'sent' end,
       e.at, e.at
     from (select k, s.created_at as at from generate_series(0, 191) k
           join shows s on s.id = 'ps' || k) e
     cross join (select ceil($1 * 1.2 / 192 / 2)::int as n) per
     cross join generate_series(0, per.n - 1) j
     cross join lateral (values ('in_app'), (case when j % 2 = 0 then 'push' else 'email' end))
       c(channel)`,
    [size.fans],
  );
}
