/**
 * Scratch experiment ("one row per fan and event", decision 035): on a kept world
 * (`fanout-match.ts --dir`), match the headliner's announcement once, copy its rows, then write
 * them again, interleaved, as
 * - today's outbox: one row per fan, event and channel, into a copy of `alert_deliveries`
 *   (LIKE … INCLUDING ALL: its key, partial indexes and checks);
 * - one row per fan and event: the in-app row with each outbound channel's delivery state in
 *   columns of its own (state, attempts, next attempt, error, sent), keyed (event, fan), the
 *   notification centre's index as today, and one partial claim index per channel on its pending
 *   rows (the digest's and carriers' columns left out: a prototype of the write, not the schema).
 * Prints wall time and Postgres CPU per variant and round, and rows and index entries written.
 * With `--dispatch`, each variant's outbound rows are then "sent" as dispatch writes them, one
 * channel after another from one session: claims of 200 due rows (FOR UPDATE SKIP LOCKED, the
 * lease moved ahead) and outcomes 20 at a time (sent, attempts + 1), as outbox.repo.ts does,
 * without the claim's joins for the message's facts (the same in both). With `--parallel` too,
 * the three channels are sent at once, each from its own session as the per-channel workers do:
 * in one row per fan they claim and update the same rows, and the run counts what that costs
 * (claims that found every due row locked by another channel, deadlocks, time in each statement).
 *
 * With `--in-app`, three more variants: the event's in-app rows alone, into today's table, into a
 * narrow table keyed (event, fan) with the notification centre's index, and into one without any
 * index (the floor of writing a row per fan), for an announcement that writes only its in-app
 * alerts at once and the outbound rows after.
 *
 * With `--keys`, the in-app rows into today's table with one part of the write changed at a time
 * (see the option), and into the outbox keyed by the notification centre (decision 059: one id per
 * event, the centre's index the in-app rows' unique key, the outbound rows' key partial, a BRIN on
 * the id). `--only a,b` runs only the variants whose names contain one of those texts.
 *
 * `npx tsx apps/server/bench/fanout-one-row.ts --dir /tmp/world [--rounds 3] [--dispatch
 *   [--parallel]] [--in-app] [--keys] [--halves] [--only text,…]`
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { matchEvent } from '../src/alerts/match-event.ts';
import { createDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { benchPlace } from './bench-place.ts';
import { loadAverage, machineLine } from './bench-sinks.ts';
import { WRITTEN_COLUMNS } from './fanout-measure.ts';
import { postgresCpuSeconds } from './fanout-processes.ts';
import { announceHeadliner, startScratchPostgres } from './fanout-setup.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    /** Also send every outbound row as dispatch writes it: claims of 200, outcomes 20 at a time. */
    dispatch: { type: 'boolean', default: false },
    /** With --dispatch: the three channels at once, a session each. */
    parallel: { type: 'boolean', default: false },
    /**
     * Also the in-app pairs alone (the announcement's least write, issue 29): the event's in-app
     * rows only, into today's table, into a narrow table keyed (event, fan) with the notification
     * centre's index, and into one with no index at all (the floor of any write of a row per fan).
     */
    'in-app': { type: 'boolean', default: false },
    /**
     * Each variant's insert also as two statements at once, each writing half the fans (split at
     * the median fan id) from a session of its own: what the two cores can write, as the matcher
     * writes two fan ranges at a time.
     */
    halves: { type: 'boolean', default: false },
    /**
     * The in-app rows into today's table, what each part of its write costs: without the
     * notification centre's index, without the primary key, with the event as a 4-byte number in
     * the key instead of its 36-character id, and each fan's id as long as a real account's (32
     * characters; the world's are 'f123456').
     */
    keys: { type: 'boolean', default: false },
    /** Only the variants whose name contains one of these texts (comma-separated). */
    only: { type: 'string' },
  },
});
if (!values.dir) throw new Error('--dir is required: a world kept by fanout-match.ts --dir');
const dataDir = values.dir;
const { port } = await benchPlace('fanout-one-row', undefined, 1);
console.log(machineLine());
let stop = async () => {};
const postgres = await startScratchPostgres(dataDir, port, (h) => {
  stop = h.stop;
});
const database = createDatabase(postgres.connectionString);
const { pool } = database;

const COLUMNS = WRITTEN_COLUMNS;
const PER_CHANNEL = ['push', 'email', 'sms'] as const;

/** The outbound channels' columns of the one-row table. */
const channelColumns = PER_CHANNEL.map(
  (c) => `${c}_state text check (${c}_state in ('pending', 'sent', 'failed')),
    ${c}_attempts integer not null default 0,
    ${c}_next_attempt_at timestamptz,
    ${c}_last_error text,
    ${c}_sent_at timestamptz`,
).join(',\n    ');

const ONE_ROW_TABLE = `create table t (
    show_event_id text not null,
    fan_id text not null,
    notification_id bigint,
    reason text not null check (btrim(reason) <> ''),
    created_at timestamptz not null default now(),
    read_at timestamptz,
    ${channelColumns},
    primary key (show_event_id, fan_id))`;

/** A claim of 200 due rows of a channel, and an outcome of 20, per layout ($1: keys). */
const DISPATCH = {
  'today (per channel)': (c: string) => ({
    claim: `with due as (select show_event_id, fan_id from t
        where channel = '${c}' and state = 'pending' and not digest and next_attempt_at <= now()
        order by next_attempt_at limit 200 for update skip locked)
      update t d set next_attempt_at = now() + interval '1 minute' from due
      where d.show_event_id = due.show_event_id and d.fan_id = due.fan_id and d.channel = '${c}'
      returning d.show_event_id, d.fan_id`,
    outcome: `update t d set state = 'sent', sent_at = now(), attempts = d.attempts + 1
      from unnest($1::text[], $2::text[]) as u(event_id, fan_id)
      where d.show_event_id = u.event_id and d.fan_id = u.fan_id and d.channel = '${c}'
        and d.state = 'pending'`,
  }),
  'one row per fan and event': (c: string) => ({
    claim: `with due as (select show_event_id, fan_id from t
        where ${c}_state = 'pending' and ${c}_next_attempt_at <= now()
        order by ${c}_next_attempt_at limit 200 for update skip locked)
      update t d set ${c}_next_attempt_at = now() + interval '1 minute' from due
      where d.show_event_id = due.show_event_id and d.fan_id = due.fan_id
      returning d.show_event_id, d.fan_id`,
    outcome: `update t d set ${c}_state = 'sent', ${c}_sent_at = now(),
        ${c}_attempts = d.${c}_attempts + 1
      from unnest($1::text[], $2::text[]) as u(event_id, fan_id)
      where d.show_event_id = u.event_id and d.fan_id = u.fan_id and d.${c}_state = 'pending'`,
  }),
} as const;

const ONE_ROW_INDEXES = [
  'create index on t (fan_id, notification_id)',
  ...PER_CHANNEL.map(
    (c) => `create index on t (${c}_next_attempt_at) where ${c}_state = 'pending'`,
  ),
];

/** Each fan's rows of the event as one: the in-app row's id and reason, each channel's state. */
const ONE_ROW_SELECT = `select show_event_id, fan_id,
    max(notification_id) as notification_id,
    max(reason) filter (where channel = 'in_app') as reason,
    min(created_at) as created_at,
    ${PER_CHANNEL.map(
      (c) => `max(state) filter (where channel = '${c}') as ${c}_state,
    case when bool_or(channel = '${c}') then min(created_at) end as ${c}_next_attempt_at`,
    ).join(',\n    ')}
  from scratch_rows group by show_event_id, fan_id order by fan_id`;

try {
  await runMigrations(database);
  const { showId, eventId } = await announceHeadliner(database);
  await matchEvent(database.orm, eventId);
  await pool.query(
    `create table scratch_rows as select ${COLUMNS} from alert_deliveries
     where show_event_id = $1 order by fan_id`,
    [eventId],
  );
  await pool.query('delete from shows where id = $1', [showId]);
  // The one-row variant's input computed once, as the matcher would produce it: only the write
  // is compared.
  await pool.query(`create table scratch_one as ${ONE_ROW_SELECT}`);
  const count = async (table: string) =>
    Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
  console.log(
    `rows: today ${await count('scratch_rows')}, one per fan and event ${await count('scratch_one')}`,
  );
  const oneColumns =
    'show_event_id, fan_id, notification_id, reason, created_at, ' +
    PER_CHANNEL.map((c) => `${c}_state, ${c}_next_attempt_at`).join(', ');
  /** The in-app pairs alone: what a fan's notification centre needs of an alert, nothing more. */
  const IN_APP_COLUMNS = 'show_event_id, fan_id, notification_id, reason, created_at';
  const IN_APP_TABLE = `create table t (
    show_event_id text not null,
    fan_id text not null,
    notification_id bigint not null,
    reason text not null check (btrim(reason) <> ''),
    created_at timestamptz not null default now(),
    read_at timestamptz`;
  const inAppInsert = `insert into t (${IN_APP_COLUMNS}) select ${IN_APP_COLUMNS} from scratch_rows
    where channel = 'in_app'`;
  const inAppVariants: Record<string, { setup: string[]; insert: string }> = {
    // The same table as today, its in-app rows only: a first pass of the same outbox.
    "in-app rows, today's table": {
      setup: ['create table t (like alert_deliveries including all)'],
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} from scratch_rows where channel = 'in_app'`,
    },
    'in-app pairs, narrow': {
      setup: [
        `${IN_APP_TABLE}, primary key (show_event_id, fan_id))`,
        'create index on t (fan_id, notification_id)',
      ],
      insert: inAppInsert,
    },
    'in-app pairs, no index': { setup: [`${IN_APP_TABLE})`], insert: inAppInsert },
  };
  /** The outbox as it is (decision 059: the in-app rows keyed by the centre, one index entry). */
  const LIKE_TODAY = 'create table t (like alert_deliveries including all)';
  /**
   * The outbox before decision 059, the base of the part-by-part variants: the primary key
   * (show_event_id, fan_id, channel) for every row, and the centre's index beside it.
   */
  const BEFORE_059 = [
    LIKE_TODAY,
    `do $$ declare r record; begin
      for r in select indexname from pg_indexes where tablename = 't'
        and (indexdef like '%UNIQUE%' or indexdef like '%brin%') loop
        execute 'drop index ' || quote_ident(r.indexname); end loop; end $$`,
    'alter table t drop constraint if exists alert_deliveries_in_app_id_check',
    'alter table t add constraint t_pkey primary key (show_event_id, fan_id, channel)',
    `create index on t (fan_id, notification_id) where channel = 'in_app'`,
  ];
  const dropCentreIndex = `do $$ declare r record; begin
    for r in select indexname from pg_indexes where tablename = 't'
      and indexdef like '%(fan_id, notification_id)%' loop
      execute 'drop index ' || quote_ident(r.indexname); end loop; end $$`;
  const byNumber = [
    ...BEFORE_059,
    'alter table t drop constraint t_pkey',
    'alter table t alter show_event_id drop not null',
    'alter table t add column show_event_no integer not null',
    'alter table t add primary key (show_event_no, fan_id, channel)',
  ];
  const IN_APP = `from scratch_rows where channel = 'in_app' order by 1`;
  const numbered = COLUMNS.replace('show_event_id', 'show_event_no');
  const numberedSelect = numbered.replace('show_event_no', '1');
  const longFans = (select: string) => select.replace('fan_id', 'md5(fan_id)');
  // The outbox as it is since decision 059; a prototype of it on the old layout measured it.
  const centreKeyOnly = [
    LIKE_TODAY,
    `do $$ declare r record; begin
      for r in select indexname from pg_indexes where tablename = 't' and indexdef like '%brin%'
      loop execute 'drop index ' || quote_ident(r.indexname); end loop; end $$`,
    'create index on t using brin (notification_id)',
  ];
  const centreKeyInsert = (select: string) =>
    `insert into t (${COLUMNS}) select ${select.replace('notification_id', '42')} ${IN_APP}`;
  const keyVariants: Record<string, { setup: string[]; insert: string }> = {
    'in-app rows, before 059': {
      setup: BEFORE_059,
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} ${IN_APP}`,
    },
    'no centre index': {
      setup: [...BEFORE_059, dropCentreIndex],
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} ${IN_APP}`,
    },
    'no primary key': {
      setup: [...BEFORE_059, 'alter table t drop constraint t_pkey'],
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} ${IN_APP}`,
    },
    'event number in the key': {
      setup: byNumber,
      insert: `insert into t (${numbered}) select ${numberedSelect} ${IN_APP}`,
    },
    'before 059, 32-char fan ids': {
      setup: BEFORE_059,
      insert: `insert into t (${COLUMNS}) select ${longFans(COLUMNS)} ${IN_APP}`,
    },
    'event number, 32-char fans': {
      setup: byNumber,
      insert: `insert into t (${numbered}) select ${longFans(numberedSelect)} ${IN_APP}`,
    },
    // One index for an in-app row (decision 059, today's outbox): the event's one notification id
    // shared by every fan it reaches, so the centre's (fan, id) is the row's unique key too; the
    // outbound rows keep theirs as a partial key, and the in-app rows of an event are found by a
    // BRIN on the id (rows of one event are written together).
    'centre key only': { setup: centreKeyOnly, insert: centreKeyInsert(COLUMNS) },
    'centre key only, no BRIN': {
      setup: centreKeyOnly.slice(0, -1),
      insert: centreKeyInsert(COLUMNS),
    },
    'centre key + in-app event index': {
      setup: [
        ...centreKeyOnly.slice(0, -1),
        `create index on t (show_event_id) where channel = 'in_app'`,
      ],
      insert: centreKeyInsert(COLUMNS),
    },
    'centre key + event index, 32-char fans': {
      setup: [
        ...centreKeyOnly.slice(0, -1),
        `create index on t (show_event_id) where channel = 'in_app'`,
      ],
      insert: centreKeyInsert(longFans(COLUMNS)),
    },
    'centre key, on conflict': {
      setup: centreKeyOnly,
      insert: `${centreKeyInsert(COLUMNS)} on conflict do nothing`,
    },
    'before 059, on conflict': {
      setup: BEFORE_059,
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} ${IN_APP} on conflict do nothing`,
    },
    'centre key only, 32-char fans': {
      setup: centreKeyOnly,
      insert: centreKeyInsert(longFans(COLUMNS)),
    },
  };
  const variants: Record<string, { setup: string[]; insert: string }> = {
    ...(values.keys && keyVariants),
    ...(values['in-app'] && inAppVariants),
    'today (per channel)': {
      setup: ['create table t (like alert_deliveries including all)'],
      insert: `insert into t (${COLUMNS}) select ${COLUMNS} from scratch_rows`,
    },
    'one row per fan and event': {
      setup: [ONE_ROW_TABLE, ...ONE_ROW_INDEXES],
      insert: `insert into t (${oneColumns}) select ${oneColumns} from scratch_one`,
    },
  };
  const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
  /** Every outbound row of `t` sent, the three channels at once, a session each; prints the cost. */
  async function dispatchParallel(layout: keyof typeof DISPATCH) {
    await pool.query('checkpoint');
    const pg0 = postgresCpuSeconds(postmaster);
    const t0 = performance.now();
    const channels = await Promise.all(PER_CHANNEL.map((c) => sendChannel(layout, c)));
    const ms = performance.now() - t0;
    const pg = postgresCpuSeconds(postmaster) - pg0;
    const sent = channels.reduce((sum, c) => sum + c.sent, 0);
    console.log(
      `  dispatch, 3 channels at once: ${sent.toLocaleString('en-US')} sent in ${(ms / 1000).toFixed(2)} s wall, Postgres CPU ${pg.toFixed(2)} s (${((pg / sent) * 1000).toFixed(3)} ms a message)`,
    );
    for (const c of channels) {
      console.log(
        `    ${c.channel.padEnd(5)} ${c.sent.toLocaleString('en-US')} sent, ${c.claims} claims (${(c.claimMs / c.claims).toFixed(2)} ms each), ${c.outcomes} outcomes (${(c.outcomeMs / c.outcomes).toFixed(2)} ms each), ${c.emptyWhileDue} claims empty while rows were due, ${c.deadlocks} deadlocks`,
      );
    }
  }

  /** One channel's worker: claims until none of its rows is pending, outcomes 20 at a time. */
  async function sendChannel(layout: keyof typeof DISPATCH, channel: (typeof PER_CHANNEL)[number]) {
    const { claim, outcome } = DISPATCH[layout](channel);
    const pendingLeft =
      layout === 'today (per channel)'
        ? `select count(*)::int as n from t where channel = '${channel}' and state = 'pending'`
        : `select count(*)::int as n from t where ${channel}_state = 'pending'`;
    const tally = { channel, sent: 0, claims: 0, claimMs: 0, outcomes: 0, outcomeMs: 0 };
    let emptyWhileDue = 0;
    let deadlocks = 0;
    const client = await pool.connect();
    /** A statement, retried when Postgres broke a deadlock by failing it. */
    const run = async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => {
      for (;;) {
        try {
          return await client.query<R>(text, params);
        } catch (error) {
          if ((error as { code?: string }).code !== '40P01') throw error;
          deadlocks++;
        }
      }
    };
    try {
      for (;;) {
        const c0 = performance.now();
        const { rows } = await run<{ show_event_id: string; fan_id: string }>(claim);
        tally.claimMs += performance.now() - c0;
        tally.claims++;
        if (rows.length === 0) {
          const { rows: left } = await client.query<{ n: number }>(pendingLeft);
          if ((left[0]?.n ?? 0) === 0) break;
          emptyWhileDue++;
          continue;
        }
        for (let i = 0; i < rows.length; i += 20) {
          const part = rows.slice(i, i + 20);
          const o0 = performance.now();
          await run(outcome, [part.map((r) => r.show_event_id), part.map((r) => r.fan_id)]);
          tally.outcomeMs += performance.now() - o0;
          tally.outcomes++;
        }
        tally.sent += rows.length;
      }
    } finally {
      client.release();
    }
    return { ...tally, emptyWhileDue, deadlocks };
  }

  /** Every outbound row of `t` sent, channel by channel; prints the cost. */
  async function dispatchAll(layout: keyof typeof DISPATCH) {
    const client = await pool.connect();
    try {
      await client.query('checkpoint');
      const pg0 = postgresCpuSeconds(postmaster);
      const t0 = performance.now();
      let sent = 0;
      for (const channel of PER_CHANNEL) {
        const { claim, outcome } = DISPATCH[layout](channel);
        for (;;) {
          const { rows } = await client.query<{ show_event_id: string; fan_id: string }>(claim);
          if (rows.length === 0) break;
          for (let i = 0; i < rows.length; i += 20) {
            const part = rows.slice(i, i + 20);
            await client.query(outcome, [
              part.map((r) => r.show_event_id),
              part.map((r) => r.fan_id),
            ]);
          }
          sent += rows.length;
        }
      }
      const ms = performance.now() - t0;
      const pg = postgresCpuSeconds(postmaster) - pg0;
      const { rows: size } = await client.query<{ bytes: string }>(
        `select pg_total_relation_size('t') as bytes`,
      );
      console.log(
        `  dispatch: ${sent.toLocaleString('en-US')} sent in ${(ms / 1000).toFixed(2)} s wall, Postgres CPU ${pg.toFixed(2)} s (${((pg / sent) * 1000).toFixed(3)} ms a message), table + indexes now ${(Number(size[0]?.bytes) / 2 ** 20).toFixed(0)} MiB`,
      );
    } finally {
      client.release();
    }
  }
  const { rows: middle } = await pool.query<{ fan_id: string }>(
    'select percentile_disc(0.5) within group (order by fan_id) as fan_id from scratch_rows',
  );
  const median = middle[0]?.fan_id ?? '';
  /** The insert's source cut to the fans below the median (`<`) or from it on (`>=`). */
  const half = (insert: string, op: '<' | '>=') =>
    insert.replace(
      /from (scratch_rows|scratch_one)\b/,
      (_all, table: string) =>
        `from (select * from ${table} where fan_id ${op} '${median}') ${table}`,
    );
  const runs = Object.entries(variants)
    .filter(([name]) => !values.only || values.only.split(',').some((t) => name.includes(t)))
    .flatMap(([name, variant]) => [
      { name, variant, halves: false },
      ...(values.halves ? [{ name, variant, halves: true }] : []),
    ]);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const { name, variant, halves } of runs) {
      for (const statement of variant.setup) await pool.query(statement);
      await pool.query('checkpoint');
      const pg0 = postgresCpuSeconds(postmaster);
      const t0 = performance.now();
      if (halves) {
        await Promise.all([
          pool.query(half(variant.insert, '<')),
          pool.query(half(variant.insert, '>=')),
        ]);
      } else {
        await pool.query(variant.insert);
      }
      const ms = performance.now() - t0;
      const pg = postgresCpuSeconds(postmaster) - pg0;
      const { rows } = await pool.query<{ entries: string; bytes: string }>(
        `select sum(i.reltuples)::bigint as entries, pg_total_relation_size('t') as bytes
         from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = 't'::regclass`,
      );
      await pool.query('analyze t');
      const { rows: after } = await pool.query<{ entries: string }>(
        `select sum(i.reltuples)::bigint as entries
         from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = 't'::regclass`,
      );
      console.log(
        `${(halves ? `${name}, two halves at once` : name).padEnd(26)} ${(ms / 1000).toFixed(2)} s wall, Postgres CPU ${pg.toFixed(2)} s, index entries ${Number(after[0]?.entries ?? rows[0]?.entries).toLocaleString('en-US')}, ${(Number(rows[0]?.bytes) / 2 ** 20).toFixed(0)} MiB (load ${loadAverage()})`,
      );
      const layout = name as keyof typeof DISPATCH;
      if (values.dispatch && !halves && layout in DISPATCH)
        await (values.parallel ? dispatchParallel : dispatchAll)(layout);
      await pool.query('drop table t');
    }
  }
  await pool.query('drop table scratch_rows');
  await pool.query('drop table scratch_one');
} finally {
  await database.close();
  await stop();
}
