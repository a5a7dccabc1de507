/**
 * `npx tsx apps/server/bench/fanout-explain.ts --dir /tmp/x [--range 2]`
 *
 * Where one fan range of the matcher spends its time, on a world kept by fanout-match.ts
 * (`--dir`): announces the headliner's show, stores its genre-and-radius set as the match does,
 * then runs each statement of one range's transaction (the range `--range`, 0 = the first; its
 * in-app pass, or `--part outbound` or `all`) under EXPLAIN (ANALYZE, BUFFERS) and prints the plans with the time of each statement; the
 * transaction is rolled back and the show deleted, so the world stays as it was.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fanSlices, SLICE_FANS } from '../src/alerts/match-slices.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { matchRepo } from '../src/repositories/alerts/match.repo.ts';
import {
  type DeliveryPart,
  insertDeliveriesSql,
} from '../src/repositories/alerts/match-audience.repo.ts';
import { holdFanDeletionsSql } from '../src/repositories/alerts/match-locks.repo.ts';
import { storeNearbyFansSql } from '../src/repositories/alerts/match-nearby.repo.ts';
import { loadAverage } from './bench-sinks.ts';
import { postgresCpuSeconds } from './fanout-processes.ts';
import { announceHeadliner, inlineSql, openKeptWorld } from './fanout-setup.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    range: { type: 'string', default: '2' },
    port: { type: 'string' },
    'slice-fans': { type: 'string' },
    /** Which rows the range's insert writes (DeliveryPart): a big match's two passes, or all. */
    part: { type: 'string', default: 'in_app' },
  },
});
const part = values.part as DeliveryPart;
if (!['all', 'in_app', 'outbound'].includes(part))
  throw new Error('--part: all, in_app or outbound');
if (!values.dir) throw new Error('--dir is required (a world kept by fanout-match.ts)');
const dataDir = values.dir;
const { database, close } = await openKeptWorld('fanout-explain', dataDir, values.port);
const inline = inlineSql;
try {
  const { showId, eventId } = await announceHeadliner(database);
  try {
    // The event's in-app id is drawn as a match begins (decision 059).
    await matchRepo.beginMatch(database.orm, eventId);
    const ev = await matchRepo.eventFacts(database.orm, eventId);
    if (!ev) throw new Error('the announced event has no facts');
    const slices = await fanSlices(
      database.orm,
      values['slice-fans'] ? Number(values['slice-fans']) : SLICE_FANS,
    );
    const index = Number(values.range);
    const range = slices[index];
    if (!range) throw new Error(`only ${slices.length} ranges`);
    const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
    const t0 = performance.now();
    const pg0 = postgresCpuSeconds(postmaster);
    // The genre-and-radius set, stored as the match does (and kept for the range below).
    const { rows: storePlan } = await database.pool.query(
      `explain (analyze, buffers) ${inline(storeNearbyFansSql(eventId, ev))}`,
    );
    console.log(
      `== genre set stored: ${(performance.now() - t0).toFixed(0)} ms, Postgres CPU ${(postgresCpuSeconds(postmaster) - pg0).toFixed(2)} s`,
    );
    for (const r of storePlan) console.log(r['QUERY PLAN']);
    console.log(
      `range ${index} of ${slices.length}: ${JSON.stringify(range)} (load ${loadAverage()})`,
    );
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      const statements: Array<[string, string]> = [
        ['hold fan deletions', inline(holdFanDeletionsSql)],
        [
          // matchRepo.lockEventForRange: a rerun is known as the match begins (decision 059).
          'event lock',
          inline(sql`select 1 from show_events e where e.id = ${eventId} and e.matched_at is null
            for key share of e`),
        ],
        ['work_mem', `set local work_mem = '64MB'`],
        [
          `insert of the ${part} rows (stored genre set)`,
          inline(insertDeliveriesSql(eventId, ev, range, null, false, index !== 0, part)),
        ],
      ];
      for (const [name, text] of statements) {
        const explained = !text.startsWith('set ');
        const s0 = performance.now();
        const { rows } = await client.query(
          explained ? `explain (analyze, buffers, verbose off) ${text}` : text,
        );
        console.log(`\n== ${name}: ${(performance.now() - s0).toFixed(1)} ms`);
        if (explained) for (const r of rows) console.log(r['QUERY PLAN']);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  } finally {
    await database.pool.query('delete from alert_match_nearby where show_event_id = $1', [eventId]);
    await database.pool.query('delete from shows where id = $1', [showId]);
  }
} finally {
  await close();
}
