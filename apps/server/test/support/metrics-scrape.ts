import type { TAlertChannel } from '@encore/contract';
import { expect } from 'vitest';
import { eventOf } from './alerts.ts';
import { bulkFans } from './bulk-fans.ts';
import { settled } from './fault-sinks.ts';
import { eventually } from './recording-sender.ts';
import { announceConfirmed, member } from './shows.ts';
import type { TestApp } from './test-app.ts';

type Party = { id: string; cookie: string };

/**
 * One scrape of a /metrics URL: `name{labels}` → value, the labels sorted, so that `seriesKey`
 * finds a sample whatever order prom-client wrote its labels in.
 */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    const series = line.slice(0, at);
    const brace = series.indexOf('{');
    const name = brace < 0 ? series : series.slice(0, brace);
    const labels = brace < 0 ? [] : series.slice(brace + 1, -1).split(',');
    samples.set(`${name}{${labels.sort().join(',')}}`, Number(line.slice(at + 1)));
  }
  return samples;
}

/** A sample's key in `scrapeMetrics`' map: its name and labels, the process' label included. */
export const seriesKey = (
  name: string,
  labels: Record<string, string>,
  process: 'api' | 'worker',
) =>
  `${name}{${Object.entries({ ...labels, process })
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',')}}`;

/**
 * Announces a show of `performer` at `venue` (its watchers get email and SMS), waits until its
 * alerts are settled, then until `timed` of its email and SMS sends have their latency observed
 * (just after the outcome's write, once the event's time is read): that scrape of `url`.
 */
export async function scrapeAfterAnnouncing(
  t: TestApp,
  parties: { performer: Party; venue: Party },
  url: string,
  expected: { process: 'api' | 'worker'; timed: number; settleMs: number },
): Promise<Map<string, number>> {
  const show = await announceConfirmed(t, parties.performer, parties.venue, { genre: 'Rock' });
  const eventId = await eventOf(t, show.id, 'announced');
  await eventually(() => settled(t.database.orm, eventId), expected.settleMs);
  const [email, sms] = ['email', 'sms'].map((channel) =>
    seriesKey('encore_alert_delivery_seconds_count', { channel }, expected.process),
  );
  return eventually(async () => {
    const samples = await scrapeMetrics(url);
    const timed = (samples.get(email ?? '') ?? 0) + (samples.get(sms ?? '') ?? 0);
    return timed === expected.timed ? samples : undefined;
  }, 15_000);
}

/** A performer, a venue to announce at, and `count` fans watching the performer by email and SMS. */
export async function performerWithWatchers(t: TestApp, count: number) {
  const performer = await member(t, 'performer', { artistName: 'Metric Static' });
  const venue = await member(t, 'venue', { zipCode: '60601' });
  const channels: TAlertChannel[] = ['email', 'sms'];
  const fans = await bulkFans(t.database.orm, { count, performerId: performer.id, channels });
  return { performer, venue, fans };
}
