import type { TNotification } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistMessageRepo } from '../../src/repositories/artist-message.repo.ts';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  // The API alone: the stream's hub LISTENs in it; the message's NOTIFY comes back through
  // Postgres at commit, as it would from any other API process.
  t = await startAlertServer({}, undefined, false);
});
afterAll(() => t.close());

const isMessage = (e: { event: string; data: unknown }) =>
  e.event === 'notification' && (e.data as TNotification).kind === 'artist_message';
const unread = (n: number) => (e: { event: string; data: unknown }) =>
  e.event === 'unread' && (e.data as { unread: number }).unread === n;

describe('artist messages on the live stream', () => {
  it('a message sent reaches its fans’ open streams with their unread counts, and no one else’s', async () => {
    const performer = await member(t, 'performer', { artistName: 'Glass Harbor' });
    const follower = await fan(t);
    const other = await fan(t);
    await watch(t, follower.cookie, performer.id, ['email']);
    const followerStream = await openStream(t.baseUrl, follower.cookie);
    const otherStream = await openStream(t.baseUrl, other.cookie);
    try {
      await followerStream.next(unread(0));
      await otherStream.next(unread(0));
      const sent = await send(t.app, 'POST', '/api/artist-messages', performer.cookie, {
        body: 'Presale code HARBOR — Friday at 10',
        audience: 'all',
      });
      expect(sent.statusCode, sent.body).toBe(201);

      const item = (await followerStream.next(isMessage)).data as TNotification;
      expect(item).toMatchObject({
        title: 'Message from Glass Harbor',
        body: 'Presale code HARBOR — Friday at 10',
        reason: 'You watch Glass Harbor',
        readAt: null,
        artist: { performerId: performer.id, name: 'Glass Harbor', muted: false },
      });
      await followerStream.next(unread(1));
      // Both streams are served by the one hub that read the message: had the other fan been
      // sent it, it would be there by now.
      expect(otherStream.events.filter(isMessage)).toEqual([]);

      // The centre's page lists the same item the stream pushed.
      const page = await send(t.app, 'GET', '/api/notifications', follower.cookie);
      expect(page.json<{ items: TNotification[] }>().items[0]?.id).toBe(item.id);
    } finally {
      await followerStream.close();
      await otherStream.close();
    }
  });

  it('a message written through another pool (another API process) reaches the stream too', async () => {
    const performer = await member(t, 'performer', { artistName: 'Far Harbor' });
    const follower = await fan(t);
    await watch(t, follower.cookie, performer.id, ['email']);
    const stream = await openStream(t.baseUrl, follower.cookie);
    try {
      await stream.next(unread(0));
      // The test's own pool stands for another process: only Postgres' NOTIFY links the two.
      const sent = await createArtistMessageRepo(t.database.orm).send(
        {
          performerId: performer.id,
          body: 'Second show added',
          audience: 'all',
          placeLabel: null,
          place: null,
        },
        'Far Harbor',
      );
      expect('sent' in sent).toBe(true);
      const item = (await stream.next(isMessage)).data as TNotification;
      expect(item.body).toBe('Second show added');
      await stream.next(unread(1));
    } finally {
      await stream.close();
    }
  });
});
