/**
 * `npx tsx apps/server/bench/fanout-parallel-bare.ts --dir /tmp/x [--rounds 4 --unlogged]`
 *
 * How far two writers at once beat one on this host: the ceiling of the in-app pass, which
 * writes two fan ranges at a time (alerts/match-event.ts) and is judged against ONE bare
 * INSERT … SELECT of its rows (bench:fanout's materialisation). On a world kept by
 * fanout-match.ts (`--dir`), the headliner's announcement is matched once, its in-app rows copied
 * in fan order, and then, each round, into fresh copies of the outbox (`like … including all`,
 * after a checkpoint):
 * - one insert of every row;
 * - two inserts at once, each of half the rows (split at the median fan), into one table;
 * - the same into two tables (nothing shared but the WAL);
 * - one insert of half the rows (the ideal for the two above).
 * `--unlogged` makes the copies unlogged: what the same writes cost without the WAL.
 */
import { parseArgs } from 'node:util';
import { matchEvent } from '../src/alerts/match-event.ts';
import { loadAverage } from './bench-sinks.ts';
import { WRITTEN_COLUMNS } from './fanout-measure.ts';
import { announceHeadliner, openKeptWorld } from './fanout-setup.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    port: { type: 'string' },
    unlogged: { type: 'boolean', default: false },
  },
});
if (!values.dir) throw new Error('--dir is required (a world kept by fanout-match.ts)');
const world = await openKeptWorld('fanout-parallel-bare', values.dir, values.port);
const { pool } = world.database;
const columns = WRITTEN_COLUMNS;
const kind = values.unlogged ? 'unlogged table' : 'table';

/** Makes the tables, checkpoints, then runs the inserts at once: their wall ms. */
async function timed(parts: Array<{ table: string; where: string }>): Promise<number> {
  const tables = [...new Set(parts.map((p) => p.table))];
  for (const t of tables)
    await pool.query(`create ${kind} ${t} (like alert_deliveries including all)`);
  try {
    await pool.query('checkpoint');
    const t0 = performance.now();
    await Promise.all(
      parts.map((p) =>
        pool.query(
          `insert into ${p.table} (${columns}) select ${columns} from scratch_rows where ${p.where}`,
        ),
      ),
    );
    return performance.now() - t0;
  } finally {
    for (const t of tables) await pool.query(`drop table ${t}`);
  }
}

try {
  await pool.query('vacuum analyze alert_deliveries');
  const { showId, eventId } = await announceHeadliner(world.database);
  try {
    await matchEvent(world.database.orm, eventId);
    await pool.query(
      `create table scratch_rows as select ${columns} from alert_deliveries
       where show_event_id = $1 and channel = 'in_app' order by fan_id`,
      [eventId],
    );
    const { rows } = await pool.query<{ mid: string; n: number }>(
      `select percentile_disc(0.5) within group (order by fan_id) as mid, count(*)::int as n
       from scratch_rows`,
    );
    const mid = rows[0]?.mid ?? '';
    console.log(`${rows[0]?.n} in-app rows, copies ${kind}s (load ${loadAverage()})`);
    const low = `fan_id < '${mid}'`;
    const high = `fan_id >= '${mid}'`;
    // Each shape: its inserts, and the share of the rows they write together.
    const shapes: Array<[string, Array<{ table: string; where: string }>, number]> = [
      ['one insert, every row', [{ table: 'bare_a', where: 'true' }], 1],
      [
        'two at once, one table',
        [
          { table: 'bare_a', where: low },
          { table: 'bare_a', where: high },
        ],
        1,
      ],
      [
        'two at once, two tables',
        [
          { table: 'bare_a', where: low },
          { table: 'bare_b', where: high },
        ],
        1,
      ],
      ['one insert, half the rows', [{ table: 'bare_a', where: low }], 0.5],
    ];
    const times = new Map<string, number[]>();
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [name, parts] of shapes)
        times.set(name, [...(times.get(name) ?? []), await timed(parts)]);
    }
    const one = median(times.get('one insert, every row') ?? []);
    for (const [name, , share] of shapes) {
      const ms = times.get(name) ?? [];
      const m = median(ms);
      console.log(
        `${name.padEnd(26)} median ${m.toFixed(0)} ms (${ms.map((x) => x.toFixed(0)).join(', ')}): rows/s ${((share * one) / m).toFixed(2)}× one insert's`,
      );
    }
    console.log(`(load ${loadAverage()})`);
  } finally {
    await pool.query('drop table if exists scratch_rows');
    await pool.query('delete from shows where id = $1', [showId]);
  }
} finally {
  await world.close();
}
