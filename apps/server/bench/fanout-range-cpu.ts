/**
 * `npx tsx apps/server/bench/fanout-range-cpu.ts --dir /tmp/x [--range 2 --rounds 5]`
 *
 * What one fan range of the matcher costs Postgres, part by part, on a world kept by
 * fanout-match.ts (`--dir`): the backend's own CPU-seconds (/proc, so a loaded machine disturbs
 * it less than wall time) for variants of the range's statement, each in a transaction that is
 * rolled back, interleaved over `--rounds` rounds:
 * - `insert`: the range's INSERT … SELECT (stored genre set; `--part`: the in-app pass's by
 *   default, as a big match writes first);
 * - `as run`: the statement the matcher runs, the same insert answering its count and a small
 *   audience's fans (matchRepo.insertDeliveries);
 * - `select`: its SELECT side alone (the same rows counted, nothing written);
 * - `insert, no count trigger`: the same insert with alert_delivery_counts' INSERT trigger off;
 * - experiments (text edits of the statement; EXPERIMENTS=name,name picks some, `none` none): no
 *   sort, the count by RETURNING instead of the trigger, the count trigger's body emptied (what
 *   its transition table alone costs);
 * - `bare`: the same rows (copied first) inserted by a plain INSERT … SELECT into the outbox
 *   itself, trigger off: what bench:fanout's bare reference pays for this range.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { fanSlices, SLICE_FANS } from '../src/alerts/match-slices.ts';
import { MATCHED_ROWS_NAMED } from '../src/alerts/matched-notice.ts';
import { createDatabase } from '../src/db/client.ts';
import { matchRepo } from '../src/repositories/alerts/match.repo.ts';
import {
  type DeliveryPart,
  insertDeliveriesNamingSql,
  insertDeliveriesSql,
} from '../src/repositories/alerts/match-audience.repo.ts';
import { holdFanDeletionsSql } from '../src/repositories/alerts/match-locks.repo.ts';
import { benchPlace } from './bench-place.ts';
import { loadAverage, machineLine } from './bench-sinks.ts';
import { WRITTEN_COLUMNS } from './fanout-measure.ts';
import { announceHeadliner, startScratchPostgres } from './fanout-setup.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    range: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    port: { type: 'string' },
    /** Which rows the range's statement writes (DeliveryPart): a big match's in-app pass first. */
    part: { type: 'string', default: 'in_app' },
  },
});
const part = values.part as DeliveryPart;
if (!['all', 'in_app', 'outbound'].includes(part))
  throw new Error('--part: all, in_app or outbound');
if (!values.dir) throw new Error('--dir is required (a world kept by fanout-match.ts)');
const { port } = await benchPlace('fanout-range-cpu', values.port, 1);
console.log(machineLine());

const dialect = new PgDialect();
const inline = (query: SQL) => dialect.sqlToQuery(query.inlineParams()).sql;
const ticks = Number(process.env.CLK_TCK ?? 100);
/** A backend's user + system CPU-seconds. */
function backendCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

const NO_COUNT_TRIGGER = 'alter table alert_deliveries disable trigger alert_delivery_counts_added';
/** Variants of the range's statement tried by hand (text edits of the SQL; each must change it). */
function experiments(insert: string): Array<[string, string]> {
  const edit = (name: string, from: RegExp, to: string): [string, string] => {
    const text = insert.replace(from, to);
    if (text === insert) throw new Error(`${name}: the edit matched nothing`);
    return [name, text];
  };
  const only = (process.env.EXPERIMENTS ?? '').split(',').filter(Boolean);
  const all: Array<[string, string]> = [
    edit('no order by', /order by f\.fan_id/, ''),
    // Decision 018's fallback: the insert's rows counted by its RETURNING, the trigger off.
    [
      'counted by RETURNING',
      `${NO_COUNT_TRIGGER}; ${insert.replace(
        /\n\s*insert into alert_deliveries/,
        ', ins as (insert into alert_deliveries',
      )} returning channel) select count(*) filter (where channel = 'in_app') as sent from ins`,
    ],
    [
      'trigger body empty',
      `create or replace function alert_delivery_counts_changed() returns trigger language plpgsql as $$ begin return null; end $$; ${insert}`,
    ],
  ];
  return all.filter(([name]) => only.length === 0 || only.includes(name));
}

let stop = async () => {};
const postgres = await startScratchPostgres(values.dir, port, (h) => {
  stop = h.stop;
});
const database = createDatabase(postgres.connectionString);
try {
  const { showId, eventId } = await announceHeadliner(database);
  try {
    // The event's in-app id is drawn as a match begins (decision 059).
    await matchRepo.beginMatch(database.orm, eventId);
    const ev = await matchRepo.eventFacts(database.orm, eventId);
    if (!ev) throw new Error('the announced event has no facts');
    const slices = await fanSlices(database.orm, SLICE_FANS);
    const index = Number(values.range);
    const range = slices[index];
    if (!range) throw new Error(`only ${slices.length} ranges`);
    await matchRepo.storeNearbyFans(database.orm, eventId, ev, false);
    const insert = inline(insertDeliveriesSql(eventId, ev, range, null, false, index !== 0, part));
    // What the matcher runs: the same insert, answering its count and a small audience's fans.
    const asRun = inline(
      insertDeliveriesNamingSql(
        MATCHED_ROWS_NAMED,
        eventId,
        ev,
        range,
        null,
        false,
        index !== 0,
        part,
      ),
    );
    const selectOnly = `select count(*) from (${insert.replace(
      /insert into alert_deliveries\s*\([^)]*\)/,
      '',
    )}) x`;
    const columns = WRITTEN_COLUMNS;
    // The range's rows, computed once by the matcher's own statement, then kept for the bare copy.
    await database.pool.query('drop table if exists range_rows');
    await database.pool.query(`create table range_rows as select ${columns}
      from alert_deliveries where false`);
    {
      const c = await database.pool.connect();
      try {
        await c.query('begin');
        await c.query(insert);
        await c.query(
          `insert into range_rows select ${columns} from alert_deliveries
          where show_event_id = $1 order by fan_id`,
          [eventId],
        );
        await c.query('commit');
        await c.query('delete from alert_deliveries where show_event_id = $1', [eventId]);
      } finally {
        c.release();
      }
    }
    await database.pool.query('vacuum analyze alert_deliveries, range_rows');
    const noTrigger = NO_COUNT_TRIGGER;
    const variants: Array<[string, string[]]> = [
      ['insert', [inline(holdFanDeletionsSql), "set local work_mem = '64MB'", insert]],
      [
        'as run (count, fans named)',
        [inline(holdFanDeletionsSql), "set local work_mem = '64MB'", asRun],
      ],
      ['select', ["set local work_mem = '64MB'", selectOnly]],
      ['insert, no count trigger', [noTrigger, "set local work_mem = '64MB'", insert]],
      ...experiments(insert).map(([name, text]): [string, string[]] => [
        name,
        ["set local work_mem = '64MB'", text],
      ]),
      [
        'bare',
        [noTrigger, `insert into alert_deliveries (${columns}) select ${columns} from range_rows`],
      ],
    ];
    const totals = new Map<string, number[]>();
    const client: pg.PoolClient = await database.pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]?.pid ?? 0;
      const { rows: count } = await client.query('select count(*)::int as n from range_rows');
      console.log(
        `range ${index} of ${slices.length}: ${count[0]?.n} rows (load ${loadAverage()})`,
      );
      for (let round = 0; round < Number(values.rounds); round++) {
        // Rotated each round; a vacuum before each, so no variant meets another's dead rows
        // (a rolled-back insert leaves index entries the next insert's key checks would visit).
        const order = variants.map((_, i) => variants[(i + round) % variants.length]);
        for (const [name, statements] of order.filter((v) => v !== undefined)) {
          await client.query('vacuum alert_deliveries');
          await client.query('begin');
          const c0 = backendCpu(pid);
          for (const text of statements) await client.query(text);
          const cpu = backendCpu(pid) - c0;
          await client.query('rollback');
          totals.set(name, [...(totals.get(name) ?? []), cpu]);
        }
      }
    } finally {
      client.release();
    }
    for (const [name, cpus] of totals) {
      const warm = cpus.slice(1);
      const mean = warm.reduce((a, b) => a + b, 0) / warm.length;
      console.log(
        `${name.padEnd(26)} Postgres CPU mean ${(mean * 1000).toFixed(0)} ms (warm rounds: ${warm.map((c) => (c * 1000).toFixed(0)).join(' ')}; first ${(cpus[0] ?? 0) * 1000} ms)`,
      );
    }
    console.log(`(load ${loadAverage()})`);
  } finally {
    await database.pool.query('drop table if exists range_rows');
    await database.pool.query('delete from alert_match_nearby where show_event_id = $1', [eventId]);
    await database.pool.query('delete from shows where id = $1', [showId]);
  }
} finally {
  await database.close();
  await stop();
}
