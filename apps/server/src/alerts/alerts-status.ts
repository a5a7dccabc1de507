import { DELIVERY_CHANNELS } from '@encore/contract';
import type { Orm } from '../db/client.ts';
import { DELIVERY_STATES } from '../db/schema/alert-delivery.ts';
import { createAlertStatusRepo } from '../repositories/alerts/alert-status.repo.ts';

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
  const repo = createAlertStatusRepo(orm);
  const counts: AlertsStatus['counts'] = {};
  for (const channel of DELIVERY_CHANNELS) {
    counts[channel] = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0]));
  }
  for (const r of await repo.countsByChannelAndState()) {
    const channel = counts[r.channel];
    if (channel) channel[r.state] = r.n;
  }
  const pending = await repo.pending();
  const unmatchedEvents = await repo.unmatchedEvents();
  const failures = await repo.lastFailures();
  return {
    counts,
    digest: pending?.digest ?? 0,
    carried: pending?.carried ?? 0,
    carriers: pending?.carriers ?? 0,
    oldestPendingSeconds: pending?.oldest == null ? null : Math.round(pending.oldest),
    unmatchedEvents,
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
