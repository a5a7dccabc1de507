import { Counter, Histogram, type Registry } from 'prom-client';
import type { OutboundChannel, OutgoingAlert, SendOutcome } from '../alerts/channel-sender.ts';

/** Announcement → delivered, seconds: a fan's alert within seconds, a big audience's in minutes. */
const DELIVERY_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
/** One fan range's match: milliseconds for a small audience, seconds for 50,000 fans. */
const MATCH_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Why a send did not succeed, from the sender's error text: a closed set, so a provider's
 * message cannot make a new series. In the order they are tried.
 */
export const FAILURE_REASONS = [
  ['opted_out', /opted out|unsubscribed/i],
  ['no_address', /no phone|invalid phone|no push subscription|subscription gone|cannot encrypt/i],
  ['rate_limited', /\b429\b|too many|rate limit/i],
  ['timeout', /timeout|timed out|ETIMEDOUT/i],
  ['connection', /ECONNREFUSED|ECONNRESET|EPIPE|socket|connect|getaddrinfo/i],
  // The receiver answered no: an SMTP or HTTP 4xx/5xx (a bounce, a bad request).
  ['rejected', /\b[45]\d\d\b|rejected/i],
] as const satisfies ReadonlyArray<readonly [string, RegExp]>;

export function failureReason(error: string): string {
  return FAILURE_REASONS.find(([, pattern]) => pattern.test(error))?.[0] ?? 'provider_error';
}

/**
 * What the figures read of a delivery: an alert's show event and digest; an artist message
 * (decision 045) has neither, so it is counted but not timed from an announcement.
 */
type RecordedDelivery = Pick<OutgoingAlert, 'deliveryId'> &
  Partial<Pick<OutgoingAlert, 'showEventId' | 'digest'>>;

export type AlertMetrics = {
  /** Outcomes just written to the outbox (outcome-recorder.ts): counted, and timed when sent. */
  recorded(
    channel: OutboundChannel,
    entries: ReadonlyArray<{ alert: RecordedDelivery; outcome: SendOutcome }>,
  ): void;
  /** One match of an event written: its rows and how long it took. */
  matched(rows: number, seconds: number): void;
};

/** Event ids remembered with their time; past this the memory starts again. */
const EVENT_TIMES_KEPT = 1_000;

/**
 * The alert engine's figures in `registry`: sends by channel and outcome, failures by reason,
 * announcement → delivered latency per channel (from the show event's write, for alerts sent on
 * their own: a digest waits for its release by design), and the matcher's rows and time.
 * `eventTimes` reads when events were written (once per event and process).
 */
export function createAlertMetrics(
  registry: Registry,
  eventTimes: (eventIds: readonly string[]) => Promise<Map<string, number>>,
): AlertMetrics {
  const sends = new Counter({
    name: 'encore_alert_sends_total',
    help: 'Alert sends recorded in the outbox, by channel and outcome (sent, retry, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'encore_alert_send_failures_total',
    help: 'Alert sends that did not succeed, by channel, outcome (retry: tried again later; failed: for good) and reason',
    labelNames: ['channel', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'encore_alert_delivery_seconds',
    help: "Time from a show event's write (the announcement) to its alert's recorded send, by channel (digests excluded)",
    labelNames: ['channel'] as const,
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
  const matchedRows = new Counter({
    name: 'encore_alert_matched_rows_total',
    help: 'Outbox rows the matcher wrote (all channels, in-app included)',
    registers: [registry],
  });
  const matchDuration = new Histogram({
    name: 'encore_alert_match_duration_seconds',
    help: "Time to match one show event (all its fan ranges): with the rows, the matcher's rate",
    buckets: MATCH_BUCKETS,
    registers: [registry],
  });

  const known = new Map<string, number>();
  async function observe(channel: OutboundChannel, sent: Array<{ event: string; at: number }>) {
    const missing = [...new Set(sent.map((s) => s.event))].filter((id) => !known.has(id));
    if (missing.length > 0) {
      if (known.size + missing.length > EVENT_TIMES_KEPT) known.clear();
      for (const [id, ms] of await eventTimes(missing)) known.set(id, ms);
    }
    for (const { event, at } of sent) {
      const from = known.get(event);
      if (from !== undefined) latency.observe({ channel }, Math.max(0, at - from) / 1000);
    }
  }

  return {
    recorded(channel, entries) {
      const at = Date.now();
      const sent: Array<{ event: string; at: number }> = [];
      for (const { alert, outcome } of entries) {
        sends.inc({ channel, outcome: outcome.status });
        if (outcome.status === 'sent') {
          if (!alert.digest && alert.showEventId) sent.push({ event: alert.showEventId, at });
        } else {
          failures.inc({ channel, outcome: outcome.status, reason: failureReason(outcome.error) });
        }
      }
      // A figure, not the delivery: a failed look-up only leaves these sends untimed.
      if (sent.length > 0) observe(channel, sent).catch(() => {});
    },
    matched(rows, seconds) {
      matchedRows.inc(rows);
      matchDuration.observe(seconds);
    },
  };
}
