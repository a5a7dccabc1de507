import type pg from 'pg';
import { ALERT_POOL_MAX } from '../src/alerts/alert-workers.ts';
import { matchEvent } from '../src/alerts/match-event.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { announceHeadliner } from './fanout-setup.ts';
import { measureHostSpeed } from './host-speed.ts';

/**
 * Times taken from Postgres itself: with track_commit_timestamp on, every row's xmin tells when
 * the transaction that wrote it committed, on the database's clock, whoever wrote it. In-app rows
 * are never updated after the matcher wrote them (outbound rows are, by dispatch), and the event
 * row's last update is the matcher setting matched_at, after its last fan range committed.
 */
export type FanoutTimes = {
  /** Commit of the announcement (show + event + NOTIFY), epoch ms. */
  announced: number;
  /**
   * When the matcher began writing: the earliest created_at of the event's rows, which is the
   * start of the first fan range's transaction (a big audience is written one range per
   * transaction, match-event.ts), epoch ms. A reached audience's in-app rows are dated at its
   * reach (decision 064), which begins just before the first range.
   */
  matchStarted: number;
  /** Commit of the matcher's last statement (matched_at, after every range): all rows written. */
  lastRow: number;
  firstInApp: number;
  /**
   * Commit of the last in-app row: every fan of the audience has the alert (a big audience's
   * first pass, decision 056; the outbound rows come after it).
   */
  lastInApp: number;
  inAppRows: number;
};

export async function fanoutTimes(pool: pg.Pool, showId: string, eventId: string) {
  const { rows } = await pool.query<Record<string, string>>(
    `select
       (select extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 from shows where id = $1)
         as announced,
       (select extract(epoch from min(created_at)) * 1000 from alert_deliveries
        where show_event_id = $2) as match_started,
       extract(epoch from pg_xact_commit_timestamp(e.xmin)) * 1000 as last_row,
       (select extract(epoch from min(pg_xact_commit_timestamp(xmin))) * 1000
        from alert_deliveries where show_event_id = $2 and channel = 'in_app') as first_in_app,
       (select extract(epoch from max(pg_xact_commit_timestamp(xmin))) * 1000
        from alert_deliveries where show_event_id = $2 and channel = 'in_app') as last_in_app,
       (select count(*) from alert_deliveries where show_event_id = $2 and channel = 'in_app')
         as in_app_rows
     from show_events e where e.id = $2`,
    [showId, eventId],
  );
  const r = rows[0] ?? {};
  return {
    announced: Number(r.announced),
    matchStarted: Number(r.match_started),
    lastRow: Number(r.last_row),
    firstInApp: Number(r.first_in_app),
    lastInApp: Number(r.last_in_app),
    inAppRows: Number(r.in_app_rows),
  } satisfies FanoutTimes;
}

export type ChannelFigures = {
  channel: string;
  rows: number;
  sent: number;
  failed: number;
  pending: number;
  /** Epoch ms of the last sent_at. */
  lastSent: number;
};

export async function channelFigures(pool: pg.Pool, eventId: string): Promise<ChannelFigures[]> {
  const { rows } = await pool.query<Record<string, string>>(
    `select channel, count(*) as rows,
       count(*) filter (where state = 'sent') as sent,
       count(*) filter (where state = 'failed') as failed,
       count(*) filter (where state = 'pending') as pending,
       extract(epoch from max(sent_at)) * 1000 as last_sent
     from alert_deliveries where show_event_id = $1
     group by channel order by channel`,
    [eventId],
  );
  return rows.map((r) => ({
    channel: String(r.channel),
    rows: Number(r.rows),
    sent: Number(r.sent),
    failed: Number(r.failed),
    pending: Number(r.pending),
    lastSent: Number(r.last_sent),
  }));
}

/** Outbound rows still waiting to be sent (digest rows wait for 17:00 UTC, so they don't count). */
export async function pendingOutbound(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from alert_deliveries where state = 'pending' and not digest`,
  );
  return Number(rows[0]?.n);
}

/** Announce → delivered for the fans of one channel, in ms: every sent row counted. */
export type ChannelLatency = {
  channel: string;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
};

/**
 * What a fan feels: for every sent row of the event, the time from the announcement's commit
 * to delivery. In-app rows are delivered when the range that wrote them commits (their xmin's
 * commit timestamp: they are never updated after); push, email and SMS when the worker recorded
 * the sink's answer (sent_at). Digest rows wait for the daily release and are not counted.
 */
export async function channelLatencies(
  pool: pg.Pool,
  eventId: string,
  announced: number,
): Promise<ChannelLatency[]> {
  const { rows } = await pool.query<Record<string, string>>(
    `select channel, count(*) as delivered,
       percentile_disc(0.5) within group (order by ms) as p50,
       percentile_disc(0.99) within group (order by ms) as p99,
       max(ms) as max
     from (
       select channel, extract(epoch from case when channel = 'in_app'
           then pg_xact_commit_timestamp(xmin) else sent_at end) * 1000 - $2 as ms
       from alert_deliveries where show_event_id = $1 and state = 'sent') t
     group by channel order by channel`,
    [eventId, announced],
  );
  return rows.map((r) => ({
    channel: String(r.channel),
    delivered: Number(r.delivered),
    p50: Number(r.p50),
    p99: Number(r.p99),
    max: Number(r.max),
  }));
}

/**
 * The columns the matcher writes into the outbox, as the bare references copy them (the in-app
 * rows' notification ids too: the same rows, whose ids the matcher draws).
 */
export const WRITTEN_COLUMNS =
  'fan_id, show_event_id, channel, reason, digest, state, sent_at, created_at, notification_id';

/** Elapsed ms of each bare reference; `inAppIndexed`: the in-app rows alone, indexed. */
export type BareTimes = { indexed: number; unindexed: number; inAppIndexed: number };

/**
 * The references, in the same run: the event's own rows (copied first into a plain table, in
 * fan order as the matcher writes them) written by one bare INSERT ... SELECT into
 * - a table created LIKE alert_deliveries INCLUDING ALL: the outbox's indexes, unique key,
 *   checks and defaults (not its triggers: LIKE copies none), the honest reference;
 * - a table with only its columns and defaults: no index, key or check (the earlier reference).
 * Each after a checkpoint, so neither writes the other's dirty pages.
 */
export async function bareInserts(pool: pg.Pool, eventId: string): Promise<BareTimes> {
  const [indexed = 0, unindexed = 0, inAppIndexed = 0] = await timedInserts(pool, eventId, [
    { table: 'scratch_indexed', like: 'including all' },
    { table: 'scratch_unindexed', like: 'including defaults' },
    IN_APP_INTO_COPY,
  ]);
  return { indexed, unindexed, inAppIndexed };
}

/** What a big audience's first pass writes (decision 056): its in-app rows, in fan order. */
const IN_APP_INTO_COPY = {
  table: 'scratch_in_app',
  like: 'including all',
  where: "channel = 'in_app'",
};

/** The in-app reference alone (bareInserts' `inAppIndexed`): ms. */
export async function bareInAppInsert(pool: pg.Pool, eventId: string): Promise<number> {
  const [ms = 0] = await timedInserts(pool, eventId, [IN_APP_INTO_COPY]);
  return ms;
}

/**
 * The event's rows (copied first into a plain table, in fan order as the matcher writes them)
 * inserted by one bare INSERT … SELECT into each table made `like` alert_deliveries, in turn,
 * each after a checkpoint: the ms of each.
 */
async function timedInserts(
  pool: pg.Pool,
  eventId: string,
  variants: ReadonlyArray<{ table: string; like: string; where?: string }>,
): Promise<number[]> {
  const columns = WRITTEN_COLUMNS;
  await pool.query(
    `create table scratch_rows as select ${columns} from alert_deliveries
     where show_event_id = $1 order by fan_id`,
    [eventId],
  );
  try {
    const times: number[] = [];
    for (const { table, like, where = 'true' } of variants) {
      await pool.query(`create table ${table} (like alert_deliveries ${like})`);
      await pool.query('checkpoint');
      const t0 = performance.now();
      await pool.query(
        `insert into ${table} (${columns}) select ${columns} from scratch_rows where ${where}`,
      );
      times.push(performance.now() - t0);
      await pool.query(`drop table ${table}`);
    }
    return times;
  } finally {
    await pool.query('drop table scratch_rows');
  }
}

/**
 * One warm trial: its in-app pass and the bare insert of its in-app rows, in ms; the WAL its match
 * wrote (both passes) and the part of it that was full-page images, in MB; bare Fastify's rate
 * (host-speed.ts) measured just before it, with Postgres quiet.
 */
export type WarmTrial = {
  passMs: number;
  bareMs: number;
  inAppRows: number;
  walMb: number;
  fullPagesMb: number;
  hostReqPerSec: number;
};

/** How long to wait for autovacuum to finish before a host measure, at most. */
const QUIET_WAIT_MS = 120_000;

/**
 * The host's speed (host-speed.ts) in the middle of a bench whose Postgres has just written: once
 * no autovacuum worker runs (at most QUIET_WAIT_MS), so that it measures the host and not the
 * share left beside this bench's own database. The caller has just checkpointed. A bench of a
 * quarter of an hour outlasts a host's slow or fast spell: the line taken at its start does not
 * say which its later figures had.
 */
export async function quietHostSpeed(pool: pg.Pool): Promise<number> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`,
    );
    if ((rows[0]?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const host = await measureHostSpeed();
  return host.bareReqPerSec[0] ?? Number.NaN;
}

/**
 * The WAL written since `from` (an LSN), and how much of it full-page images (pg_walinspect reads
 * the WAL files: exact, where pg_stat_wal's counters lag until each backend flushes them). The
 * caller creates the extension (warmInAppTrials, fanout-match.ts).
 */
export async function walSince(pool: pg.Pool, from: string) {
  try {
    const { rows } = await pool.query<{ mb: number; fpi_mb: number }>(
      `select coalesce(sum(record_size + fpi_size), 0) / 1048576.0 as mb,
         coalesce(sum(fpi_size), 0) / 1048576.0 as fpi_mb
       from pg_get_wal_stats($1, pg_current_wal_lsn())`,
      [from],
    );
    return { walMb: Number(rows[0]?.mb ?? 0), fullPagesMb: Number(rows[0]?.fpi_mb ?? 0) };
  } catch (error) {
    // A checkpoint during the match may have recycled the first segments: said, not guessed.
    console.log(`  (the match's WAL could not be read: ${String(error)})`);
    return { walMb: Number.NaN, fullPagesMb: Number.NaN };
  }
}

/**
 * The same announcement's in-app pass again, on the same world, each followed by its own bare
 * reference (the host's speed moves within minutes: a pass and its reference are measured side
 * by side). Before each: the previous show deleted (its rows go with it), the outbox vacuumed, a
 * checkpoint; then the headliner announced anew and matched in this process (call it once the
 * worker is stopped: nothing is sent). The run's own pass is the world's first match: the fans'
 * pages are not in Postgres' buffers yet and each is read through the kernel (~20 µs a page here,
 * track_io_timing); these are warm, as a running service's match is. The first of them runs on a
 * new pool of this process (`newConnections`: its backends map in the shared buffers they write,
 * decision 065), the `trials` after it on the same pool, kept as the alert workers keep theirs.
 */
export async function warmInAppTrials(
  database: Database,
  showId: string,
  trials: number,
): Promise<{ newConnections: WarmTrial; kept: WarmTrial[] }> {
  const { pool } = database;
  const url = pool.options.connectionString ?? '';
  const matching = createDatabase(url, { max: ALERT_POOL_MAX, keepConnections: true });
  const done: WarmTrial[] = [];
  let previous = showId;
  await pool.query('create extension if not exists pg_walinspect');
  try {
    for (let trial = 0; trial <= trials; trial++) {
      await pool.query('delete from shows where id = $1', [previous]);
      await pool.query('vacuum analyze alert_deliveries');
      await pool.query('checkpoint');
      const hostReqPerSec = await quietHostSpeed(pool);
      const again = await announceHeadliner(database);
      const { rows } = await pool.query<{ lsn: string }>('select pg_current_wal_lsn() as lsn');
      await matchEvent(matching.orm, again.eventId);
      const wal = await walSince(pool, rows[0]?.lsn ?? '0/0');
      const times = await fanoutTimes(pool, again.showId, again.eventId);
      const bareMs = await bareInAppInsert(pool, again.eventId);
      done.push({
        passMs: times.lastInApp - times.matchStarted,
        bareMs,
        inAppRows: times.inAppRows,
        ...wal,
        hostReqPerSec,
      });
      previous = again.showId;
    }
  } finally {
    await matching.close();
  }
  const [newConnections, ...kept] = done;
  if (!newConnections) throw new Error('no warm pass ran');
  return { newConnections, kept };
}
