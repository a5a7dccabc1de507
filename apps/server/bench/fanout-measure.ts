import type pg from 'pg';

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
   * transaction, match-event.ts), epoch ms.
   */
  matchStarted: number;
  /** Commit of the matcher's last statement (matched_at, after every range): all rows written. */
  lastRow: number;
  firstInApp: number;
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

/**
 * The reference: the same number of rows, of the same shape and width, written by one bare
 * INSERT ... SELECT from generate_series into a table with the outbox's columns and defaults but
 * no index, key, foreign key or check. Returns the elapsed ms.
 */
export async function bareInsert(pool: pg.Pool, rows: number, eventId: string): Promise<number> {
  await pool.query('create table scratch_unindexed (like alert_deliveries including defaults)');
  await pool.query('checkpoint');
  const t0 = performance.now();
  await pool.query(
    `insert into scratch_unindexed (fan_id, show_event_id, channel, reason, digest, state, sent_at)
     select 'f' || (1 + i / 2), $2, (array['in_app', 'push', 'email', 'sms'])[1 + i % 4],
       'You watch Bench Artist 1', false,
       case when i % 4 = 0 then 'sent' else 'pending' end,
       case when i % 4 = 0 then now() end
     from generate_series(0, $1::int - 1) i`,
    [rows, eventId],
  );
  const elapsed = performance.now() - t0;
  await pool.query('drop table scratch_unindexed');
  return elapsed;
}
