import type pg from 'pg';
import { timedSteps } from './bench-sql.ts';

export type SocialWorldSize = {
  /** Fans who go out: 200 shows and 50 pals each on average, as the Show Pals brief's world has for all. */
  active: number;
  /** Extra going/attended marks drawn per active fan (a few repeats are dropped: ~200 stay). */
  showsPerFan: number;
  /** Pal links each active fan starts (as many again reach it from others: ~50 pals in all). */
  linksPerFan: number;
  /** Artists each active fan watches on top of the base world's three. */
  artistsPerFan: number;
};

export const SOCIAL_DEFAULTS: Omit<SocialWorldSize, 'active'> = {
  showsPerFan: 205,
  linksPerFan: 29,
  artistsPerFan: 17,
};

/**
 * Show Pals' layer over a base world (generate-world.ts: fans f1…fN, shows, performers, three
 * artist alerts and two marks per fan), set-based in SQL. The first `active` fans (f1…fA) get the
 * issue's per-fan degrees: ~200 going/attended marks on shows chosen by popularity (a show's
 * weight is log-uniform over 1…100, so most shows draw hundreds of fans and the biggest
 * thousands), ~50 pal links with other active fans (88% pals, the rest open requests both ways
 * or declined), 17 more watched artists, and a mix of privacy settings and blocks (a block ends
 * the pair's link, as the app does). Seeded, so runs are comparable.
 */
export async function generateSocialLayer(
  pool: pg.Pool,
  size: SocialWorldSize,
  log: (step: string) => void,
): Promise<void> {
  const client = await pool.connect();
  const step = timedSteps(client, log);
  try {
    await client.query('select setseed(0.15)');
    // Each confirmed show repeated by its weight: a random slot is a show drawn by popularity.
    await client.query(`create temp table show_slots as
      select row_number() over () as n, id, starts_at
      from (select id, starts_at, ceil(exp(random() * ln(100)))::int as w from shows
            where status <> 'cancelled' and confirmation = 'confirmed') s,
        generate_series(1, s.w)`);
    await client.query('alter table show_slots add primary key (n)');
    const slots = Number((await client.query('select count(*) as n from show_slots')).rows[0].n);
    // Tens of millions of marks: written without the migration's show index (built once after,
    // with room to sort) and without triggers (session_replication_role = replica skips the
    // foreign-key checks, which the generated ids satisfy, and the dashboards' rollup triggers,
    // which no Show Pals read uses), as the index build is minutes faster than row-by-row upkeep.
    await client.query('drop index show_attendance_show_status_idx');
    await client.query("set session_replication_role = 'replica'");
    await step(
      'active fans’ marks',
      `insert into show_attendance (fan_id, show_id, status, updated_at)
       select 'f' || d.i, s.id, case when s.starts_at > now() then 'going' else 'attended' end,
         least(s.starts_at, now()) - random() * interval '30 days'
       from (select i, 1 + floor(random() * $3)::int as sn
             from generate_series(1, $1::int) i, generate_series(1, $2::int) k) d
       join show_slots s on s.n = d.sn
       on conflict do nothing`,
      [size.active, size.showsPerFan, slots],
    );
    await client.query("set maintenance_work_mem = '1GB'");
    await step(
      'show index again',
      `create index show_attendance_show_status_idx on show_attendance
         using btree (show_id, status, updated_at)`,
    );
    await step(
      'pal links',
      `insert into pal_links (fan_a, fan_b, requested_by, state, created_at, updated_at)
       select least(a, b), greatest(a, b), case when random() < 0.5 then a else b end,
         case when r < 0.88 then 'pals' when r < 0.97 then 'requested' else 'declined' end,
         at, at
       from (select 'f' || i as a, 'f' || (1 + (i + floor(random() * ($1 - 1))::int) % $1) as b,
               random() as r, now() - random() * interval '400 days' as at
             from generate_series(1, $1::int) i, generate_series(1, $2::int) k) d
       on conflict do nothing`,
      [size.active, size.linksPerFan],
    );
    await step(
      'active fans’ artists',
      `insert into artist_alerts (fan_id, performer_id, channels)
       select 'f' || i, 'p' || (1 + floor(power(random(), 1.5) * p.n))::int, array['push']
       from (select count(*) as n from performer_profiles) p,
         generate_series(1, $1::int) i, generate_series(1, $2::int) k
       on conflict do nothing`,
      [size.active, size.artistsPerFan],
    );
    // Privacy: 70% Public, 20% Friends Only, 10% Private; 15% hide their attendance; 10% refuse
    // requests. Fans without a row (the inactive ones) have the defaults.
    await step(
      'privacy settings',
      `insert into fan_settings (user_id, visibility, show_attendance, allow_friend_requests)
       select 'f' || i,
         case when r < 0.7 then 'public' when r < 0.9 then 'friends' else 'private' end,
         random() >= 0.15, random() >= 0.1
       from (select i, random() as r from generate_series(1, $1::int) i) d`,
      [size.active],
    );
    await step(
      'blocks',
      `insert into fan_blocks (blocker_id, blocked_id)
       select 'f' || i, 'f' || (1 + (i + floor(random() * ($1 - 1))::int) % $1)
       from generate_series(1, $1::int) i, generate_series(1, 3) k
       where random() < 0.1
       on conflict do nothing`,
      [size.active],
    );
    await step(
      'links ended by blocks',
      `delete from pal_links l using fan_blocks b
       where l.fan_a = least(b.blocker_id, b.blocked_id)
         and l.fan_b = greatest(b.blocker_id, b.blocked_id)`,
    );
    await client.query("set session_replication_role = 'origin'");
    // The marks and settings above skipped show_faces' triggers: its rows again, counts included
    // (Connect with Attendees counts from them, migration 0048).
    await client.query('delete from show_faces');
    await step(
      'show faces again',
      `select show_faces_refresh(array(select distinct show_id from show_attendance
         where status = 'going'))`,
    );
    await step('shown going counts', 'select show_faces_recount_shown()');
    // Vacuumed as a database in service is: the visibility map set (index-only scans) and no
    // autovacuum of millions of new rows running into the measurement.
    await step('vacuum, analyze', 'vacuum (analyze)');
  } finally {
    client.release();
  }
}

/** Row counts of the tables the three APIs read. */
export async function socialCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'fan_profiles',
    'shows',
    'show_attendance',
    'pal_links',
    'fan_settings',
    'fan_blocks',
    'artist_alerts',
  ]) {
    const { rows } = await pool.query(`select count(*) as n from ${table}`);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}
