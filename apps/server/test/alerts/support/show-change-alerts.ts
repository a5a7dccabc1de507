import type { TNotification, TNotificationPage, TShowEventKind } from '@encore/contract';
import { expect } from 'vitest';
import { matchEvent } from '../../../src/alerts/match-event.ts';
import { createOutbox } from '../../../src/alerts/outbox.ts';
import { eventOf, fan, watch } from '../../support/alerts.ts';
import { send } from '../../support/profile-inputs.ts';
import { announceConfirmed, member } from '../../support/shows.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * A fan watching Night Static (in-app and email), who was alerted of its show at The Lantern
 * (Chicago) starting at `startsAtLocal`: what the tests of a show change's alert texts start from.
 */
export async function watchedShow(t: TestApp, startsAtLocal: string) {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['email']);
  const show = await announceConfirmed(t, performer, venue, { genre: 'Rock', startsAtLocal });
  await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
  return { performer, venue, watcher, show };
}

/** A change by the performer (`path`: '' for an edit, '/postpone'), its newest event matched. */
export async function changeShow(
  t: TestApp,
  cookie: string,
  showId: string,
  change: { path: '' | '/postpone'; body: Record<string, unknown>; kind: TShowEventKind },
) {
  const method = change.path === '' ? 'PATCH' : 'POST';
  const response = await send(
    t.app,
    method,
    `/api/shows/${showId}${change.path}`,
    cookie,
    change.body,
  );
  expect(response.statusCode, response.body).toBe(200);
  await matchEvent(t.database.orm, await eventOf(t, showId, change.kind));
}

/** The fan's notification centre, newest first. */
export async function centre(t: TestApp, cookie: string): Promise<TNotification[]> {
  const response = await send(t.app, 'GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TNotificationPage>().items;
}

/**
 * The fan's pending emails of the show as dispatch would send them now (claimed: a later claim in
 * the test does not see them again), title and body, in the order of their events.
 */
export async function emailsOf(t: TestApp, fanId: string, showId: string) {
  const claimed = await createOutbox(t.database.orm, t.config.publicUrl).claim(
    'email',
    500,
    60_000,
  );
  return claimed
    .filter((a) => a.fanId === fanId && a.showId === showId)
    .map(({ kind, title, body }) => ({ kind, title, body }));
}
