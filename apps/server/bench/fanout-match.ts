/**
 * `npx tsx apps/server/bench/fanout-match.ts --dir /tmp/x [--fans 200000 --trials 3]`
 *
 * The matcher alone, on a persistent scratch world: the first run generates the world of
 * bench:fanout into `--dir` (kept), later runs reuse it (migrations applied first, so a schema
 * change is measured on the same world). Each trial announces the headliner's show, runs
 * `matchEvent` in this process (no worker, no dispatch), prints wall time and CPU-seconds of
 * this process and of Postgres (the robust figure on a loaded machine), then deletes the show
 * (its deliveries go with it) and vacuums, so every trial is a first run. `--places 0.3`: 30% of
 * the fans keep 1–3 places besides home (generate-places.ts, replaced on every run, so runs with
 * and without places interleave on one world); `--places-at homes` puts them at other fans' homes
 * (crowding the metro, the extreme) instead of over the country's ZIPs. `--connections
 * alternate` sets matches on new connections beside matches on kept ones (decision 065), each
 * trial with its Postgres minor page faults. `--host`: the host's speed before each trial.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { ALERT_POOL_MAX } from '../src/alerts/alert-workers.ts';
import { matchEvent } from '../src/alerts/match-event.ts';
import { createDatabase } from '../src/db/client.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { loadAverage } from './bench-sinks.ts';
import { bareInAppInsert, fanoutTimes, quietHostSpeed, walSince } from './fanout-measure.ts';
import { postgresCpuSeconds, postgresMinorFaults } from './fanout-processes.ts';
import { announceHeadliner, openFanoutWorld } from './fanout-setup.ts';
import { generateAudience } from './generate-audience.ts';
import { generatePlaces, placesAtOption } from './generate-places.ts';

/**
 * Each range is one transaction: its rows share an xmin, their created_at is its start (now()),
 * and the commit timestamp its end.
 */
async function printRanges(pool: pg.Pool, eventId: string, announcedMs: number) {
  const { rows } = await pool.query<{ begun: number; committed: number; n: number }>(
    `select extract(epoch from min(created_at)) * 1000 as begun,
       extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 as committed, count(*)::int as n
     from alert_deliveries where show_event_id = $1 group by xmin order by 1`,
    [eventId],
  );
  const s = (ms: number) => ((Number(ms) - announcedMs) / 1000).toFixed(3);
  for (const r of rows) {
    const took = ((Number(r.committed) - Number(r.begun)) / 1000).toFixed(3);
    console.log(
      `  range: begun ${s(r.begun)} s, committed ${s(r.committed)} s (${took} s), ${r.n} rows`,
    );
  }
}

/**
 * Each trial deletes its show, so the outbox is empty between trials; a run stopped halfway
 * leaves its rows (and its genre set), and every later trial then writes beside them. Said
 * first, so that a figure is never read as an empty outbox's when it was not (2026-12-04: a
 * killed run's 459,734 rows stayed in the kept world for two hours of runs).
 */
async function printLeftRows(pool: pg.Pool) {
  const { rows } = await pool.query<{ show_id: string; n: number }>(
    `select e.show_id, count(*)::int as n from alert_deliveries d
     join show_events e on e.id = d.show_event_id group by 1`,
  );
  for (const r of rows) {
    console.log(
      `  the outbox holds ${r.n} rows of show ${r.show_id}, left by an earlier run: every trial writes beside them (delete the show for an empty outbox)`,
    );
  }
}

/** Where the WAL stands and how many checkpoints have begun: what a trial wrote beside its rows. */
async function walState(pool: pg.Pool) {
  const { rows } = await pool.query<{ lsn: string; checkpoints: string }>(
    `select pg_current_wal_lsn() as lsn,
       (select num_timed + num_requested from pg_stat_checkpointer) as checkpoints`,
  );
  const [state] = rows;
  if (!state) throw new Error('pg_current_wal_lsn() answered no row');
  return state;
}

/** The WAL since `before` (walSince, fanout-measure.ts), the checkpoints begun and the settings. */
async function walReport(pool: pg.Pool, before: { lsn: string; checkpoints: string }) {
  const { walMb, fullPagesMb } = await walSince(pool, before.lsn);
  const { rows } = await pool.query<{ checkpoints: number }>(
    `select (select num_timed + num_requested from pg_stat_checkpointer) - $1::int as checkpoints`,
    [before.checkpoints],
  );
  const settings = await pool.query<{ name: string; value: string }>(
    `select name, current_setting(name) as value from pg_settings
     where name in ('shared_buffers', 'max_wal_size', 'wal_buffers', 'wal_compression')`,
  );
  const named = settings.rows.map((r) => `${r.name} ${r.value}`).join(', ');
  return `${walMb.toFixed(0)} MB (${fullPagesMb.toFixed(0)} MB of it full pages), ${rows[0]?.checkpoints} checkpoint(s) begun (${named})`;
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    fans: { type: 'string', default: '200000' },
    trials: { type: 'string', default: '3' },
    port: { type: 'string' },
    /** The share of fans keeping 1–3 places besides home (generate-places.ts); 0.3 in issue 35. */
    places: { type: 'string', default: '0' },
    /** Where the places lie (generate-places.ts): `country` (default) or `homes` (the extreme). */
    'places-at': { type: 'string', default: 'country' },
    /** Fans per range (match-slices.ts' SLICE_FANS by default): smaller cuts more ranges. */
    'slice-fans': { type: 'string' },
    /** Print each fan range's transaction: begun and committed (from the announcement), rows. */
    ranges: { type: 'boolean', default: false },
    /**
     * After each trial, insert its in-app rows again by a bare INSERT … SELECT into a copy of the
     * outbox (bench:fanout's reference) and print the pass against it: materialisation, cold
     * (the first trial after Postgres starts) and warm, on one world.
     */
    bare: { type: 'boolean', default: false },
    /**
     * Which connections each trial's match runs on: `kept` (default), the same ones every trial,
     * as the alert workers keep theirs; `new`, a new pool each trial, as the workers had after
     * 30 s idle before decision 065; `alternate`, new on the second, fourth… trials, kept on the
     * others (the first's, which the later kept trials reuse).
     */
    connections: { type: 'string', default: 'kept' },
    /** Measure the host's speed before each trial (host-speed.ts, ~5 s), Postgres quiet. */
    host: { type: 'boolean', default: false },
  },
});
const connections = values.connections ?? 'kept';
if (!['kept', 'new', 'alternate'].includes(connections)) {
  throw new Error('--connections must be kept, new or alternate');
}
if (!values.dir) throw new Error('--dir is required (the world is kept there)');
const dataDir = values.dir;
const size = { fans: Number(values.fans), shows: 20_000, performers: 10_000, venues: 5_000 };
const { database, fresh, close } = await openFanoutWorld(
  'fanout-match',
  dataDir,
  values.port,
  size,
);
/** The trials' own pools, closed before the world. */
const onClose: Array<() => Promise<void>> = [];
try {
  if (fresh) {
    await generateAudience(
      database.pool,
      { headliner: 'p1', pushEndpointBase: 'https://127.0.0.1:9/push/' },
      (s) => console.log(`  ${s}`),
    );
  }
  const placesAt = placesAtOption(values['places-at']);
  await generatePlaces(database.pool, Number(values.places), placesAt, (s) =>
    console.log(`  ${s}`),
  );
  await printLeftRows(database.pool);
  await database.pool.query('create extension if not exists pg_walinspect');
  const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
  const nodeCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  const url = database.pool.options.connectionString ?? '';
  // As the alert workers' pool (alert-workers.ts).
  const kept = createDatabase(url, { max: ALERT_POOL_MAX, keepConnections: true });
  onClose.push(() => kept.close());
  for (let trial = 0; trial < Number(values.trials); trial++) {
    const newPool = connections === 'new' || (connections === 'alternate' && trial % 2 === 1);
    const matching = newPool ? createDatabase(url, { max: ALERT_POOL_MAX }) : kept;
    if (newPool) onClose.push(() => matching.close());
    await database.pool.query('vacuum analyze alert_deliveries');
    await database.pool.query('checkpoint');
    const host = values.host
      ? `, host ${Math.round(await quietHostSpeed(database.pool)).toLocaleString('en-US')} req/s just before`
      : '';
    const load = loadAverage();
    const { showId, eventId } = await announceHeadliner(database);
    const wal0 = await walState(database.pool);
    const pg0 = postgresCpuSeconds(postmaster);
    const faults0 = postgresMinorFaults(postmaster);
    const node0 = nodeCpu();
    const t0 = performance.now();
    const sliceFans = values['slice-fans'] ? Number(values['slice-fans']) : undefined;
    const rows = await matchEvent(matching.orm, eventId, { sliceFans });
    const wall = (performance.now() - t0) / 1000;
    const pg = postgresCpuSeconds(postmaster) - pg0;
    const faults = postgresMinorFaults(postmaster) - faults0;
    const node = nodeCpu() - node0;
    const times = await fanoutTimes(database.pool, showId, eventId);
    const wal = await walReport(database.pool, wal0);
    console.log(
      `trial ${trial + 1} (${newPool ? 'new' : 'kept'} connections): ${rows} rows in ${wall.toFixed(2)} s wall; CPU Postgres ${pg.toFixed(2)} s + matcher ${node.toFixed(2)} s = ${(pg + node).toFixed(2)} s, Postgres minor page faults ${faults.toLocaleString('en-US')}; announcement → first in-app ${((times.firstInApp - times.announced) / 1000).toFixed(2)} s, → every in-app ${((times.lastInApp - times.announced) / 1000).toFixed(2)} s, → last row ${((times.lastRow - times.announced) / 1000).toFixed(2)} s (load ${load}${host}); WAL ${wal}`,
    );
    if (values.ranges) await printRanges(database.pool, eventId, times.announced);
    if (values.bare) {
      const pass = (times.lastInApp - times.matchStarted) / 1000;
      const bare = (await bareInAppInsert(database.pool, eventId)) / 1000;
      console.log(
        `  in-app pass ${pass.toFixed(2)} s, bare insert of its ${times.inAppRows} rows ${bare.toFixed(2)} s: materialisation ${((bare / pass) * 100).toFixed(0)}%`,
      );
    }
    await database.pool.query('delete from shows where id = $1', [showId]);
  }
} finally {
  for (const closePool of onClose) await closePool();
  await close();
}
