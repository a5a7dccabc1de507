import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CHILD_FLAG } from '../../src/worker-children.ts';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { alive, childrenWithFlag, niceOf, signal } from '../support/child-processes.ts';
import { freePort } from '../support/free-port.ts';
import { mailFileMentioning } from '../support/mail-files.ts';
import { scrapeMetrics, seriesKey } from '../support/metrics-scrape.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';

/**
 * WORKERS=on, `npm start`'s default (decision 066): the API runs its alert workers in a child
 * process of its own, given the API's configuration. The child matches and sends what the API
 * announced, its figures are in the API's /metrics, it is started again when it dies, and it
 * stops with the API.
 */
// A Node process compiling TypeScript through tsx on two cores other test files share.
const STARTED_WITHIN_MS = 45_000;

let t: ListeningTestApp;
let metricsUrl: string;
let closed = false;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  t = await startAlertServer({}, undefined, true, {
    workers: 'on',
    metrics: { port, host: '127.0.0.1' },
  });
}, budget(STARTED_WITHIN_MS));
afterAll(async () => {
  if (!closed) await t?.close();
});

/** The API's worker child (this test process is the API's). */
const workerChildren = () => childrenWithFlag(process.pid, API_CHILD_FLAG).filter(alive);

/** A performer announcing a show that one fan watches by email; the email's file, once written. */
async function announceToOneFan(artistName: string) {
  const performer = await member(t, 'performer', { artistName });
  const venue = await member(t, 'venue', { zipCode: '60601' });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['email']);
  const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
  // The mail adapter's default: a JSON file in DATA_DIR, the API's, given to the child.
  return eventually(() => mailFileMentioning(t.config.dataDir, show.id), 20_000);
}

describe('the API’s alert workers in a process of their own (WORKERS=on)', () => {
  it(
    'match and send what the API announced, counted in the API’s /metrics',
    async () => {
      const children = workerChildren();
      expect(children).toHaveLength(1);
      // Niced as the delivery children are (decision 066: it does not shield the pages from the
      // sends' Postgres work, which is where the measured cost lies).
      expect(children.map(niceOf)).toEqual([10]);
      const mail = await announceToOneFan('Night Static');
      expect(mail).toContain('Night Static announced a show');
      const sent = seriesKey(
        'encore_alert_sends_total',
        { channel: 'email', outcome: 'sent' },
        'worker',
      );
      const samples = await eventually(async () => {
        const scraped = await scrapeMetrics(metricsUrl);
        return scraped.get(sent) === 1 ? scraped : undefined;
      }, 15_000);
      // The child's matcher wrote the in-app and email rows; the API's own series are beside.
      expect(samples.get(seriesKey('encore_alert_matched_rows_total', {}, 'worker'))).toBe(2);
      const waiting = seriesKey('encore_pg_pool_connections', { state: 'waiting' }, 'api');
      expect(samples.get(waiting)).toBe(0);
    },
    budget(40_000),
  );

  it(
    'is started again when it dies, and sends again',
    async () => {
      const [first] = workerChildren();
      signal(first ?? 0, 'SIGKILL');
      const [second] = await eventually(() => {
        const now = workerChildren();
        return now.length === 1 && now[0] !== first ? now : undefined;
      }, STARTED_WITHIN_MS);
      expect(second).not.toBe(first);
      // Started means working: the new child says so only once its workers run.
      const mail = await announceToOneFan('Pale Harbour');
      expect(mail).toContain('Pale Harbour announced a show');
    },
    budget(STARTED_WITHIN_MS + 30_000),
  );

  it(
    'stops with the API',
    async () => {
      const children = workerChildren();
      expect(children).toHaveLength(1);
      closed = true;
      await t.close();
      expect(children.filter(alive)).toEqual([]);
    },
    budget(30_000),
  );
});
