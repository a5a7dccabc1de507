import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertServer } from '../support/alert-server.ts';
import { freePort } from '../support/free-port.ts';
import {
  performerWithWatchers,
  scrapeAfterAnnouncing,
  scrapeMetrics,
  seriesKey,
} from '../support/metrics-scrape.ts';
import { recordingSender } from '../support/recording-sender.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Encore with WORKERS=in-process (the alert workers in the API's process) serves the
 * alert engine's figures on the API's METRICS_PORT, as `npm run worker` does on its own: sends by
 * channel and outcome, failures by reason, announcement → delivered latency per channel, the
 * matcher's rows and time. They move with the announcement this test makes.
 */
const FANS = 8;
const REFUSED = 2;

const email = recordingSender('email', (alert) =>
  refusedIds.has(alert.fanId) ? 'failed' : 'sent',
);
const sms = recordingSender('sms');
const refusedIds = new Set<string>();
let t: TestApp;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  t = await startAlertServer(
    { senders: [email.sender, sms.sender], digestCron: null },
    undefined,
    true,
    {
      metrics: { port, host: '127.0.0.1' },
    },
  );
});
afterAll(() => t?.close());

const key = (name: string, labels: Record<string, string>) => seriesKey(name, labels, 'api');

describe('the API’s /metrics with the alert workers in its process', () => {
  it('counts the sends by outcome, failures by reason, their latency and the matcher’s rows', async () => {
    const { performer, venue, fans } = await performerWithWatchers(t, FANS);
    for (const fan of fans.slice(0, REFUSED)) refusedIds.add(fan.id);
    const emailSent = key('encore_alert_sends_total', { channel: 'email', outcome: 'sent' });
    const matchedRows = key('encore_alert_matched_rows_total', {});
    const before = await scrapeMetrics(metricsUrl);
    expect([before.get(emailSent) ?? 0, before.get(matchedRows)]).toEqual([0, 0]);

    const after = await scrapeAfterAnnouncing(t, { performer, venue }, metricsUrl, {
      process: 'api',
      timed: 2 * FANS - REFUSED,
      settleMs: 30_000,
    });
    expect(after.get(emailSent)).toBe(FANS - REFUSED);
    const smsSent = key('encore_alert_sends_total', { channel: 'sms', outcome: 'sent' });
    expect(after.get(smsSent)).toBe(FANS);
    const emailRefused = key('encore_alert_send_failures_total', {
      channel: 'email',
      outcome: 'failed',
      reason: 'provider_error',
    });
    expect(after.get(emailRefused)).toBe(REFUSED);
    // Sent within a minute of the announcement: every text is in the 60 s bucket.
    const smsInAMinute = key('encore_alert_delivery_seconds_bucket', { channel: 'sms', le: '60' });
    expect(after.get(smsInAMinute)).toBe(FANS);
    // In-app, email and SMS rows of every fan, by the matcher in this process.
    expect(after.get(matchedRows)).toBe(3 * FANS);
    expect(after.get(key('encore_alert_match_duration_seconds_count', {}))).toBe(1);
    // The API's own series are in the same scrape.
    expect(after.get(key('encore_pg_pool_connections', { state: 'waiting' }))).toBe(0);
  });
});
