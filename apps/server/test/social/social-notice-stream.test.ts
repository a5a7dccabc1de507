import type { TNotification } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { going } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announced } from '../support/shows.ts';
import { ask, socialFan } from '../support/social.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  // The API alone: the stream's hub LISTENs in it; no alert worker is involved.
  t = await startAlertServer({}, undefined, false);
});
afterAll(() => t.close());

describe('Show Pals notices on the live stream', () => {
  it('a request and an invite reach the fan’s open stream with their counts', async () => {
    const [sam, alex] = [await socialFan(t, { tagName: 'Sam' }), await socialFan(t)];
    const stream = await openStream(t.baseUrl, alex.cookie);
    try {
      expect((await stream.next((e) => e.event === 'unread')).data).toEqual({ unread: 0 });
      await ask(t, sam, alex);
      const request = await stream.next((e) => e.event === 'notification');
      expect(request.data as TNotification).toMatchObject({
        kind: 'pal_request',
        title: 'Sam wants to be your Show Pal',
        fan: { id: sam.id },
      });
      await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1);

      await send(t.app, 'POST', `/api/social/requests/${sam.id}/accept`, alex.cookie);
      const { show } = await announced(t);
      await going(t, sam.cookie, show.id);
      await send(t.app, 'POST', `/api/shows/${show.id}/invites`, sam.cookie, { fanIds: [alex.id] });
      const invite = await stream.next(
        (e) => e.event === 'notification' && (e.data as TNotification).kind === 'going_invite',
      );
      expect(invite.data as TNotification).toMatchObject({
        showId: show.id,
        invite: { state: 'invited' },
      });
      await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 2);
    } finally {
      await stream.close();
    }
  });
});
