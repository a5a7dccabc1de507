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
  /**
   * The second outbox (decision 045): artist messages' deliveries, counts[channel][state] for
   * 'in_app' (written sent) and 'email', and the age of the oldest pending one.
   */
  artistMessages: {
    counts: Record<string, Record<string, number>>;
    oldestPendingSeconds: number | null;
  };
  lastFailures: Array<{ at: string; channel: string; email: string; error: string }>;
};

/** counts[channel][state] of some channels, every state listed (0 when none). */
function countsOf(
  channels: readonly string[],
  rows: Array<{ channel: string; state: string; n: number }>,
): Record<string, Record<string, number>> {
  const counts: AlertsStatus['counts'] = {};
  for (const channel of channels) {
    counts[channel] = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0]));
  }
  for (const r of rows) {
    const channel = counts[r.channel];
    if (channel) channel[r.state] = r.n;
  }
  return counts;
}

const ARTIST_MESSAGE_CHANNELS = ['in_app', 'email'] as const;

/** What `npm run alerts:status` reports, in six small queries. */
export async function readAlertsStatus(orm: Orm): Promise<AlertsStatus> {
  const repo = createAlertStatusRepo(orm);
  const counts = countsOf(DELIVERY_CHANNELS, await repo.countsByChannelAndState());
  const messageCounts = countsOf(ARTIST_MESSAGE_CHANNELS, await repo.artistMessageCounts());
  const messageAges = (await repo.pendingByChannel())
    .filter((r) => r.outbox === 'artist_messages' && r.oldestSeconds !== null)
    .map((r) => r.oldestSeconds as number);
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
    artistMessages: {
      counts: messageCounts,
      oldestPendingSeconds: messageAges.length === 0 ? null : Math.round(Math.max(...messageAges)),
    },
    lastFailures: failures.map((f) => ({
      at: new Date(f.at).toISOString(),
      channel: f.channel,
      email: f.email,
      error: f.error ?? '',
    })),
  };
}

/** A channel × state table, indented, columns padded. */
function tableLines(counts: AlertsStatus['counts']): string[] {
  const header = ['channel', ...DELIVERY_STATES];
  const table = [
    header,
    ...Object.entries(counts).map(([channel, byState]) => [
      channel,
      ...DELIVERY_STATES.map((s) => String(byState[s] ?? 0)),
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  return table.map((row) =>
    `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd(),
  );
}

const age = (seconds: number | null) => (seconds === null ? 'none' : `${seconds} s old`);

/** The report as plain text lines for a terminal. */
export function formatAlertsStatus(status: AlertsStatus): string {
  const lines = [
    'Alert deliveries by channel and state:',
    ...tableLines(status.counts),
    '',
    `Oldest pending delivery: ${age(status.oldestPendingSeconds)}`,
    `Held for the daily digest: ${status.digest}`,
    `Released in a digest, going out in another row's message: ${status.carried} (in ${status.carriers} messages)`,
    `Show events waiting to be matched: ${status.unmatchedEvents}`,
    '',
    'Artist message deliveries by channel and state:',
    ...tableLines(status.artistMessages.counts),
    `Oldest pending artist message delivery: ${age(status.artistMessages.oldestPendingSeconds)}`,
    '',
    status.lastFailures.length === 0 ? 'No failed deliveries.' : 'Last failures (newest first):',
    ...status.lastFailures.map((f) => `  ${f.at}  ${f.channel.padEnd(5)}  ${f.email}  ${f.error}`),
  ];
  return lines.join('\n');
}
