import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from '../support/budget.ts';
import { testProcesses } from '../support/child-processes.ts';
import { type FaultSinks, startFaultSinks } from '../support/fault-sinks.ts';
import { freePort } from '../support/free-port.ts';
import {
  performerWithWatchers,
  scrapeAfterAnnouncing,
  scrapeMetrics,
  seriesKey,
} from '../support/metrics-scrape.ts';
import { eventually } from '../support/recording-sender.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { spawnWorker } from '../support/worker-process.ts';

/**
 * `npm run worker` with WORKER_PROCESSES=per-channel serves the alert engine's figures on its
 * METRICS_PORT, its delivery children's summed with its own (they live in the children): sends
 * by channel and outcome, failures by reason, announcement → delivered latency per channel, the
 * matcher's rows and time. They move with the announcement this test makes.
 */
const FANS = 12;
const REJECTED = 3;

let t: TestApp;
let sinks: FaultSinks;
const processes = testProcesses('all');
const dataDir = processes.tempDir('worker-metrics');

beforeAll(async () => {
  sinks = await startFaultSinks();
  t = await createTestApp();
});
afterAll(async () => {
  await processes.stopAll(); // before the database the worker uses goes
  await t?.close();
  await sinks?.close();
});

const key = (name: string, labels: Record<string, string>) => seriesKey(name, labels, 'worker');

describe('the worker processes’ /metrics', () => {
  it(
    'sums the delivery children’s sends, failures by reason and latency with the matcher’s rows',
    async () => {
      const { performer, venue, fans } = await performerWithWatchers(t, FANS);

      // Three mailboxes that do not exist: their email fails for good, reason rejected.
      for (const fan of fans.slice(0, REJECTED)) sinks.mail.rejectRecipient(fan.email, 550);
      const port = await freePort();
      const metricsUrl = `http://127.0.0.1:${port}/metrics`;
      const worker = spawnWorker(processes, t.config, dataDir, {
        ...sinks.workerEnv(),
        WORKER_PROCESSES: 'per-channel',
        ALERT_CHANNELS: 'email,sms',
        METRICS_PORT: String(port),
      });
      await eventually(() => worker.output().includes('alert workers are running'), 45_000);
      const before = await scrapeMetrics(metricsUrl);
      const emailSent = key('encore_alert_sends_total', { channel: 'email', outcome: 'sent' });
      expect(before.get(emailSent) ?? 0).toBe(0);

      const after = await scrapeAfterAnnouncing(t, { performer, venue }, metricsUrl, {
        process: 'worker',
        timed: 2 * FANS - REJECTED,
        settleMs: 60_000,
      });
      expect(after.get(emailSent)).toBe(FANS - REJECTED);
      expect(after.get(key('encore_alert_sends_total', { channel: 'sms', outcome: 'sent' }))).toBe(
        FANS,
      );
      expect(
        after.get(
          key('encore_alert_send_failures_total', {
            channel: 'email',
            outcome: 'failed',
            reason: 'rejected',
          }),
        ),
      ).toBe(REJECTED);
      expect(after.get(key('encore_alert_delivery_seconds_count', { channel: 'sms' }))).toBe(FANS);
      // Sent within a minute of the announcement: every text is in the 60 s bucket.
      expect(
        after.get(key('encore_alert_delivery_seconds_bucket', { channel: 'sms', le: '60' })),
      ).toBe(FANS);
      // In-app, email and SMS rows of every fan, written by the parent's matcher.
      expect(after.get(key('encore_alert_matched_rows_total', {}))).toBe(3 * FANS);
      expect(after.get(key('encore_alert_match_duration_seconds_count', {}))).toBe(1);
      // The children's processes are in the sums: three processes' CPU, not one's.
      expect(after.get(key('process_cpu_seconds_total', {}))).toBeGreaterThan(0);
    },
    budget(120_000),
  );
});
