import { expect } from 'vitest';
import type { AlertWorkerOptions } from '../../../src/alerts/alert-workers.ts';
import type { OutboundChannel } from '../../../src/alerts/channel-sender.ts';
import { type ListeningTestApp, startAlertServer } from '../../support/alert-server.ts';
import { eventOf } from '../../support/alerts.ts';
import { type BulkFan, bulkFans } from '../../support/bulk-fans.ts';
import {
  describeTally,
  expectServedOnce,
  type FaultSinks,
  outboxRows,
  startFaultSinks,
  tally,
} from '../../support/fault-sinks.ts';
import { announceConfirmed, member } from '../../support/shows.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * The audience of every fault test: enough fans that each channel's loops claim many batches, so
 * a fault lands mid-batch, and few enough to settle in well under a minute on 2 cores.
 */
export const FAULT_FANS = 2_000;

export type FaultRun = {
  sinks: FaultSinks;
  t: ListeningTestApp;
  close: () => Promise<void>;
};

/**
 * The fault sinks (fault-sinks.ts) and Encore as `npm start` runs it, its alert workers in the
 * process sending through them with `workers`' options; on `databaseUrl` when the test brings its
 * own Postgres, else on a fresh test database.
 */
export async function startFaultRun(
  workers: Omit<AlertWorkerOptions, 'push'> = {},
  databaseUrl?: string,
): Promise<FaultRun> {
  const sinks = await startFaultSinks();
  try {
    const t = await startAlertServer(
      { push: sinks.pushTrust, ...workers },
      databaseUrl,
      true,
      sinks.config(),
    );
    return {
      sinks,
      t,
      close: async () => {
        await t.close();
        await sinks.close();
      },
    };
  } catch (error) {
    await sinks.close();
    throw error;
  }
}

/**
 * A performer, a Chicago venue and FAULT_FANS fans (bulk-fans.ts) watching the performer on
 * `channels`; with push, each fan's one browser is subscribed at the sinks' push service.
 * `announce()` then announces the performer's Rock show there and answers its event's id.
 */
export async function watchedPerformer(
  t: TestApp,
  sinks: FaultSinks,
  channels: OutboundChannel[] = ['email', 'sms', 'push'],
) {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { zipCode: '60601' });
  const fans = await bulkFans(t.database.orm, {
    count: FAULT_FANS,
    performerId: performer.id,
    channels,
    ...(channels.includes('push')
      ? { push: { url: sinks.push.url, keys: sinks.browser.keys } }
      : {}),
  });
  const announce = async () => {
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
    });
    return eventOf(t, show.id, 'announced');
  };
  return { performer, venue, fans, announce };
}

/** The settled event's outbox rows, every one of which must have been sent. */
export async function expectAllSent(t: TestApp, eventId: string) {
  const rows = await outboxRows(t.database.orm, eventId);
  expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
  return rows;
}

/**
 * The end of a fault test: what the sinks received against the outbox (fault-sinks.ts' tally),
 * logged after `summary` (the line the report quotes), and every fan served exactly once on each
 * outbound channel, allowing `maxDuplicates` copies where a process died with messages in flight.
 */
export function expectEachFanServedOnce(
  sinks: FaultSinks,
  fans: readonly BulkFan[],
  rows: Awaited<ReturnType<typeof outboxRows>>,
  summary: string,
  maxDuplicates?: Partial<Record<OutboundChannel, number>>,
): void {
  const tallies = tally(sinks, fans, rows);
  console.info(`${summary} ${describeTally(tallies)}`);
  expectServedOnce(tallies, ['email', 'sms', 'push'], {
    once: fans.length,
    ...(maxDuplicates ? { maxDuplicates } : {}),
  });
}
