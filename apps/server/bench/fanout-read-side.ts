/**
 * Scratch experiment for decision 058 (a big announcement's in-app alerts read per fan, not
 * written per fan): on a kept world (`fanout-match.ts --dir`), what the notification centre's
 * read-side branch would cost a request. 100 big events are made up as scratch rows — the 100
 * most watched performers' announcements (the worst case: most fans watch one), each with a
 * genre-and-radius set of 25,000 fans drawn at random — and for 1,000 random fans, one at a time
 * on one connection, two statements are timed:
 * - the centre's first page of big events: the fan's watches joined to the big events, beside
 *   their rows of the stored sets, newest 20 by notification id, with the read state (a read row
 *   of the outbox);
 * - the unread count of big events.
 * Prints p50/p95/p99 per statement and Postgres CPU a statement, and one plan of each.
 *
 * `npx tsx apps/server/bench/fanout-read-side.ts --dir /tmp/world [--fans 1000] [--events 100]`
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { postgresCpuSeconds } from './fanout-processes.ts';
import { openKeptWorld } from './fanout-setup.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    fans: { type: 'string', default: '1000' },
    events: { type: 'string', default: '100' },
    'set-fans': { type: 'string', default: '25000' },
  },
});
if (!values.dir) throw new Error('--dir is required: a world kept by fanout-match.ts --dir');
const dataDir = values.dir;
const { database, close } = await openKeptWorld('fanout-read-side', dataDir);
const { pool } = database;

/** The centre's first page of big events for one fan: watches and stored sets, read state. */
const PAGE = `
  select b.event_id, b.notification_id, r.reason, d.read_at
  from (
    select distinct on (b.event_id) b.event_id, 'You watch ' || b.artist as reason
    from artist_alerts a join scratch_big_events b on b.performer_id = a.performer_id
    where a.fan_id = $1
    union all
    select n.event_id, n.reason from scratch_big_sets n where n.fan_id = $1
  ) r
  join scratch_big_events b on b.event_id = r.event_id
  left join alert_deliveries d
    on d.show_event_id = b.event_id and d.fan_id = $1 and d.channel = 'in_app'
  order by b.notification_id desc
  limit 20`;

/** The unread count of big events for one fan (read: a row of the outbox with read_at). */
const UNREAD = `
  select count(*)::int as n from (
    select b.event_id from artist_alerts a
    join scratch_big_events b on b.performer_id = a.performer_id where a.fan_id = $1
    union
    select n.event_id from scratch_big_sets n where n.fan_id = $1
  ) r
  where not exists (select 1 from alert_deliveries d where d.show_event_id = r.event_id
    and d.fan_id = $1 and d.channel = 'in_app' and d.read_at is not null)`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

try {
  await runMigrations(database);
  await pool.query('drop table if exists scratch_big_events, scratch_big_sets');
  await pool.query(
    `create table scratch_big_events as
     select 'big-' || row_number() over (order by count(*) desc) as event_id, a.performer_id,
       'Artist ' || a.performer_id as artist,
       nextval('alert_deliveries_id_seq') as notification_id
     from artist_alerts a group by a.performer_id order by count(*) desc limit $1`,
    [Number(values.events)],
  );
  await pool.query('alter table scratch_big_events add primary key (event_id)');
  await pool.query('create index on scratch_big_events (performer_id)');
  await pool.query(
    `create table scratch_big_sets as
     select b.event_id, f.id as fan_id, 'Rock show 12 mi from Brooklyn, NY' as reason
     from scratch_big_events b
     cross join lateral (select id from "user" where role = 'fan'
       order by md5(id || b.event_id) limit $1) f`,
    [Number(values['set-fans'])],
  );
  await pool.query('create index on scratch_big_sets (fan_id, event_id)');
  await pool.query('vacuum analyze scratch_big_events, scratch_big_sets');
  const { rows: sizes } = await pool.query<{ events: number; sets: number; watched: number }>(
    `select (select count(*) from scratch_big_events)::int as events,
       (select count(*) from scratch_big_sets)::int as sets,
       (select count(*) from artist_alerts a join scratch_big_events b using (performer_id))::int
         as watched`,
  );
  console.log('big events, rows of their stored sets, watches of their performers:', sizes[0]);
  const { rows: fans } = await pool.query<{ id: string }>(
    `select id from "user" where role = 'fan' order by md5(id || 'read-side') limit $1`,
    [Number(values.fans)],
  );
  const client = await pool.connect();
  try {
    const { rows: pid } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = pid[0]?.pid ?? -1;
    const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
    for (const [name, text] of [
      ['first page', PAGE],
      ['unread count', UNREAD],
    ] as const) {
      // Warm: one pass, not counted; then the timed pass.
      for (const f of fans.slice(0, 100)) await client.query({ name, text, values: [f.id] });
      const times: number[] = [];
      let items = 0;
      const pg0 = postgresCpuSeconds(postmaster);
      for (const f of fans) {
        const t0 = performance.now();
        const { rows } = await client.query({ name, text, values: [f.id] });
        times.push(performance.now() - t0);
        items += name === 'first page' ? rows.length : Number(rows[0]?.n ?? 0);
      }
      const pg = postgresCpuSeconds(postmaster) - pg0;
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(13)} ${fans.length} fans: p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)}, p99 ${percentile(times, 0.99).toFixed(3)} (round trip); Postgres CPU ${((pg / fans.length) * 1000).toFixed(3)} ms a statement; ${(items / fans.length).toFixed(1)} ${name === 'first page' ? 'items' : 'unread'} a fan (backend ${backend})`,
      );
      const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${text.replaceAll('$1', `'${fans[0]?.id}'`)}`,
      );
      console.log(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    client.release();
  }
  await pool.query('drop table scratch_big_events, scratch_big_sets');
} finally {
  await close();
}
