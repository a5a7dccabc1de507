import type pg from 'pg';
import { createBenchZips } from './bench-sql.ts';

/**
 * Where the bench's kept places lie. `country` (the default): at a ZIP drawn uniformly from the
 * country's (as the world's homes outside the metro are), as real fans' places are — family and
 * trips spread over the whole country, issue 35 — so about as many lie near the venue as the
 * country's ZIPs there (~6% within 100 mi of Times Square). `homes`: at another fan's home, so
 * places crowd the metro as the world's homes do (30% within 50 mi): as many places near the
 * venue as 60% of the homes there, the extreme the first measurement used (decision 049).
 */
export type PlacesAt = 'country' | 'homes';

/** The benches' `--places-at` option, read. */
export function placesAtOption(value: string | undefined): PlacesAt {
  if (value === undefined || value === 'country' || value === 'homes') return value ?? 'country';
  throw new Error('--places-at is country or homes');
}

/**
 * Issue 35's cost question (decision 049): `share` of the fans keep 1–3 places besides home,
 * lying as `at` says, with a radius on the slider's 10–50 mi, a third of them a 3–10 day trip
 * starting within four months (the headliner's show, 60 days out, falls in some). Replaces the
 * places a previous run left, so runs with and without them interleave on one kept world
 * (fanout-match.ts). Seeded.
 */
export async function generatePlaces(
  pool: pg.Pool,
  share: number,
  at: PlacesAt,
  log: (step: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('truncate fan_places');
    if (share <= 0) return;
    const t0 = performance.now();
    // The country's ZIPs as the world's generator numbers them (dropped again below).
    if (at === 'country') await createBenchZips(client);
    await client.query('select setseed(0.35)');
    // Volatile CTEs are computed once: each place keeps the random home or ZIP (k) it drew.
    const spots =
      at === 'homes'
        ? `select row_number() over (order by user_id) as k, 'Bench' as city, 'NY' as state,
             latitude, longitude from fan_profiles`
        : 'select n as k, city, state, lat as latitude, lon as longitude from bench_zips';
    const { rowCount } = await client.query(
      `with homes as (${spots}),
       keepers as (
         select f.user_id, (1 + floor(random() * (select count(*) from homes)))::bigint as k,
           10 + 5 * floor(random() * 9)::int as radius,
           case when random() < 1.0 / 3 then current_date + floor(random() * 120)::int end as trip_start,
           3 + floor(random() * 8)::int as trip_days
         from (select user_id from fan_profiles where random() < $1) f
         -- 1 to 3 each; the 0 * length(...) ties the series to its fan, so each draws its own.
         cross join lateral generate_series(1, 1 + floor(random() * 3)::int + 0 * length(f.user_id)) n)
       insert into fan_places (fan_id, label, city, state, latitude, longitude, radius, trip_start,
         trip_end)
       select p.user_id, 'Bench place', h.city, h.state, h.latitude, h.longitude, p.radius,
         p.trip_start, p.trip_start + p.trip_days
       from keepers p join homes h on h.k = p.k`,
      [share],
    );
    if (at === 'country') await client.query('drop table bench_zips');
    await client.query('analyze fan_places');
    log(
      `fan places (at ${at}): ${rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    client.release();
  }
}
