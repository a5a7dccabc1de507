import type pg from 'pg';

/**
 * Issue 35's cost question (decision 049): `share` of the fans keep 1–3 places besides home. A
 * place lies at another fan's home (so places are as dense as homes, the metro included), with a
 * radius on the slider's 10–50 mi, a third of them a 3–10 day trip starting within four months
 * (the headliner's show, 60 days out, falls in some). Replaces the places a previous run left, so
 * runs with and without them interleave on one kept world (fanout-match.ts). Seeded.
 */
export async function generatePlaces(
  pool: pg.Pool,
  share: number,
  log: (step: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('truncate fan_places');
    if (share <= 0) return;
    const t0 = performance.now();
    await client.query('select setseed(0.35)');
    // Volatile CTEs are computed once: each place keeps the random other fan (k) it drew.
    const { rowCount } = await client.query(
      `with homes as (
         select row_number() over (order by user_id) as k, latitude, longitude from fan_profiles),
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
       select p.user_id, 'Bench place', 'Bench', 'NY', h.latitude, h.longitude, p.radius,
         p.trip_start, p.trip_start + p.trip_days
       from keepers p join homes h on h.k = p.k`,
      [share],
    );
    await client.query('analyze fan_places');
    log(`fan places: ${rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    client.release();
  }
}
