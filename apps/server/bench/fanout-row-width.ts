/**
 * Scratch experiment ("a narrower row", for the fan-out's 5-s goal): on a kept world (fanout-match.ts --dir),
 * match the headliner's announcement once, copy its rows, then insert them again into copies of
 * the outbox (LIKE … INCLUDING ALL) that differ in one thing, interleaved, printing wall time
 * and Postgres CPU per variant.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { matchEvent } from '../src/alerts/match-event.ts';
import { createDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { benchPlace } from './bench-place.ts';
import { loadAverage } from './bench-sinks.ts';
import { postgresCpuSeconds } from './fanout-processes.ts';
import { announceHeadliner, startScratchPostgres } from './fanout-setup.ts';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
const dataDir = values.dir ?? '';
const { port } = await benchPlace('fanout-row', undefined, 1);
let stop = async () => {};
const postgres = await startScratchPostgres(dataDir, port, (h) => {
  stop = h.stop;
});
const database = createDatabase(postgres.connectionString);
const { pool } = database;
try {
  await runMigrations(database);
  const { showId, eventId } = await announceHeadliner(database);
  await matchEvent(database.orm, eventId);
  const cols = 'fan_id, show_event_id, channel, reason, digest, state, sent_at, created_at';
  await pool.query(
    `create table scratch_rows as select ${cols} from alert_deliveries where show_event_id = $1 order by fan_id`,
    [eventId],
  );
  await pool.query('delete from shows where id = $1', [showId]);
  const { rows: w } = await pool.query(
    `select count(*) as n, avg(pg_column_size(r.*))::int as row_bytes, avg(pg_column_size(reason))::int as reason_bytes,
       count(distinct reason) as reasons from scratch_rows r`,
  );
  console.log('rows', w[0]);
  const variants: Record<string, { setup: string[]; select: string }> = {
    'as is': { setup: [], select: cols },
    'reason 1 char': {
      setup: [],
      select: cols.replace('reason', 'left(reason, 1)'),
    },
    // The outbox has had no primary key since decision 059 (its keys are partial): a no-op there.
    'no primary key': {
      setup: ['alter table t drop constraint if exists t_pkey'],
      select: cols,
    },
  };
  const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, v] of Object.entries(variants)) {
      await pool.query('create table t (like alert_deliveries including all)');
      for (const s of v.setup) await pool.query(s);
      await pool.query('checkpoint');
      const pg0 = postgresCpuSeconds(postmaster);
      const t0 = performance.now();
      await pool.query(`insert into t (${cols}) select ${v.select} from scratch_rows`);
      const ms = performance.now() - t0;
      const pg = postgresCpuSeconds(postmaster) - pg0;
      console.log(
        `${name.padEnd(20)} ${(ms / 1000).toFixed(2)} s wall, Postgres CPU ${pg.toFixed(2)} s (load ${loadAverage()})`,
      );
      await pool.query('drop table t');
    }
  }
  await pool.query('drop table scratch_rows');
} finally {
  await database.close();
  await stop();
}
