import { DELIVERY_CHANNELS } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { DELIVERY_STATES } from '../db/schema/alert-delivery.ts';

export type AlertsStatus = {
  /**
   * counts[channel][state]. Digest rows are pending until their message goes: held ones until
   * the release, carried ones until their carrier is sent or fails.
   */
  counts: Record<string, Record<string, number>>;
  /** Pending rows held for the daily digest (not released yet). */
  digest: number;
  /** Pending rows of released digests, going out in another row's message. */
  carried: number;
  /** The messages carrying them (digest carriers still pending). */
  carriers: number;
  /**
   * Age in seconds of the oldest pending row that is due (not held or carried), counted from its
   * match: a released digest's carrier reads as old as its first held alert until it is sent.
   */
  oldestPendingSeconds: number | null;
  /** Show events not matched yet. */
  unmatchedEvents: number;
  lastFailures: Array<{ at: string; channel: string; email: string; error: string }>;
};

/** What `npm run alerts:status` reports, in four small queries. */
export async function readAlertsStatus(orm: Orm): Promise<AlertsStatus> {
  const counts: AlertsStatus['counts'] = {};
  for (const channel of DELIVERY_CHANNELS) {
    counts[channel] = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0]));
  }
  const { rows } = await orm.execute<{ channel: string; state: string; n: number }>(sql`
    select channel, state, count(*)::int as n from alert_deliveries group by channel, state`);
  for (const r of rows) {
    const channel = counts[r.channel];
    if (channel) channel[r.state] = r.n;
  }
  const { rows: pending } = await orm.execute<{
    digest: number;
    carried: number;
    carriers: number;
    oldest: number | null;
  }>(sql`
    select count(*) filter (where digest and carrier_id is null)::int as digest,
      count(*) filter (where carrier_id is not null)::int as carried,
      count(distinct carrier_id)::int as carriers,
      extract(epoch from now() - min(created_at) filter (where not digest))::float8 as oldest
    from alert_deliveries where state = 'pending'`);
  const { rows: unmatched } = await orm.execute<{ n: number }>(sql`
    select count(*)::int as n from show_events where matched_at is null`);
  const { rows: failures } = await orm.execute<{
    at: Date;
    channel: string;
    email: string;
    error: string | null;
  }>(sql`
    select d.created_at as at, d.channel, u.email, d.last_error as error
    from alert_deliveries d join "user" u on u.id = d.fan_id
    where d.state = 'failed'
    order by d.id desc limit 10`);
  return {
    counts,
    digest: pending[0]?.digest ?? 0,
    carried: pending[0]?.carried ?? 0,
    carriers: pending[0]?.carriers ?? 0,
    oldestPendingSeconds: pending[0]?.oldest == null ? null : Math.round(pending[0].oldest),
    unmatchedEvents: unmatched[0]?.n ?? 0,
    lastFailures: failures.map((f) => ({
      at: new Date(f.at).toISOString(),
      channel: f.channel,
      email: f.email,
      error: f.error ?? '',
    })),
  };
}

/** The report as plain text lines for a terminal. */
export function formatAlertsStatus(status: AlertsStatus): string {
  const header = ['channel', ...DELIVERY_STATES];
  const table = [
    header,
    ...Object.entries(status.counts).map(([channel, byState]) => [
      channel,
      ...DELIVERY_STATES.map((s) => String(byState[s] ?? 0)),
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  const lines = [
    'Alert deliveries by channel and state:',
    ...table.map((row) =>
      `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd(),
    ),
    '',
    `Oldest pending delivery: ${status.oldestPendingSeconds === null ? 'none' : `${status.oldestPendingSeconds} s old`}`,
    `Held for the daily digest: ${status.digest}`,
    `Released in a digest, going out in another row's message: ${status.carried} (in ${status.carriers} messages)`,
    `Show events waiting to be matched: ${status.unmatchedEvents}`,
    '',
    status.lastFailures.length === 0 ? 'No failed deliveries.' : 'Last failures (newest first):',
    ...status.lastFailures.map((f) => `  ${f.at}  ${f.channel.padEnd(5)}  ${f.email}  ${f.error}`),
  ];
  return lines.join('\n');
}
