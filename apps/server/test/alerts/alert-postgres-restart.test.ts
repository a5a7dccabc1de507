import type { TApiError, TNotificationPage, TShow } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedPostgresHandle,
  startEmbeddedPostgres,
} from '../../src/db/embedded-postgres.ts';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { testProcesses } from '../support/child-processes.ts';
import { freePort } from '../support/free-port.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { member, showInput } from '../support/shows.ts';

// Its own Postgres, since this test stops and restarts it under a running Encore.
// Its folder is removed after the tests, and a Postgres left running on it stopped.
const dataDir = testProcesses('all').tempDir('alert-restart');
let port: number;
let postgres: EmbeddedPostgresHandle;
let t: ListeningTestApp;
const email = recordingSender('email');

beforeAll(async () => {
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir, port });
  t = await startAlertServer(
    { senders: [email.sender], dispatch: { pollMs: 100 } },
    postgres.connectionString,
  );
}, budget(60_000));
afterAll(async () => {
  await t?.close();
  await postgres?.stop();
});

describe('a Postgres restart under a running Encore', () => {
  it(
    'is survived: alerts announced afterwards are matched, streamed and sent',
    async () => {
      const performer = await member(t, 'performer', { artistName: 'Night Static' });
      const venue = await member(t, 'venue', { zipCode: '60601' });
      const watcher = await fan(t);
      await watch(t, watcher.cookie, performer.id, ['email']);
      const stream = await openStream(t.baseUrl, watcher.cookie);
      try {
        await stream.next((e) => e.event === 'unread');

        await postgres.stop();
        // Part of the scenario, not a wait for a result: the outage lasts long enough for every loop
        // to hit the dead database at least once (their polls are shorter), then Postgres returns.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        postgres = await startEmbeddedPostgres({ dataDir, port });

        // Each step is retried on its own: the API's pool may still hand out a dead connection
        // once. A retried step may find its first try committed (the answer was what got lost):
        // announcing again is then a 409 naming the show; confirming again changes nothing (200).
        const show = await eventually(async () => {
          const response = await send(t.app, 'POST', '/api/shows', performer.cookie, {
            ...showInput({ confirmSameDay: true }),
            performerId: performer.id,
            venueId: venue.id,
            genre: 'Rock',
          });
          if (response.statusCode === 201) return response.json<{ show: TShow }>().show;
          if (response.statusCode === 409) {
            const showId = response.json<TApiError>().error.detail?.showId;
            return typeof showId === 'string' ? { id: showId } : undefined;
          }
          return undefined;
        }, 10_000);
        await eventually(async () => {
          const response = await send(t.app, 'POST', `/api/shows/${show.id}/confirm`, venue.cookie);
          return response.statusCode === 200;
        }, 10_000);
        await eventually(async () => {
          const response = await send(t.app, 'GET', '/api/notifications', watcher.cookie);
          return response.json<TNotificationPage>().items.some((n) => n.showId === show.id);
        }, 15_000);
        await eventually(() => email.received.some((a) => a.showId === show.id), 15_000);
        // The stream's LISTEN reconnected too: the new alert arrives on the open stream.
        const live = await stream.next((e) => e.event === 'notification', 15_000);
        expect(live.data).toMatchObject({ showId: show.id });
      } finally {
        await stream.close();
      }
    },
    budget(60_000),
  );
});
