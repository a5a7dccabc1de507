import type { TNotification } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningTestApp, openStream, startAlertServer } from '../support/alert-server.ts';
import { answerBooking, requested } from '../support/booking.ts';
import { member } from '../support/shows.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  // The API alone: the stream's hub LISTENs in it; no alert worker is involved.
  t = await startAlertServer({}, undefined, false);
});
afterAll(() => t.close());

const isNotice = (kind: TNotification['kind']) => (e: { event: string; data: unknown }) =>
  e.event === 'notification' && (e.data as TNotification).kind === kind;

describe('booking notices on the live stream', () => {
  it('a request reaches the venue’s open stream, its hold the performer’s, with their counts', async () => {
    const performer = await member(t, 'performer', { artistName: 'Glass Harbor' });
    const venue = await member(t, 'venue', { venueName: 'The Halcyon Room' });
    const venueStream = await openStream(t.baseUrl, venue.cookie);
    const performerStream = await openStream(t.baseUrl, performer.cookie);
    try {
      expect((await venueStream.next((e) => e.event === 'unread')).data).toEqual({ unread: 0 });
      expect((await performerStream.next((e) => e.event === 'unread')).data).toEqual({
        unread: 0,
      });
      const request = await requested(t, performer, venue.id);
      const asked = await venueStream.next(isNotice('booking_requested'));
      expect((asked.data as TNotification).title).toMatch(/^Glass Harbor asked to play /);
      await venueStream.next(
        (e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1,
      );

      const held = await answerBooking(t, venue.cookie, request.id, 'accept');
      expect(held.statusCode, held.body).toBe(200);
      const holding = await performerStream.next(isNotice('booking_held'));
      expect((holding.data as TNotification).title).toMatch(/^The Halcyon Room is holding /);
      await performerStream.next(
        (e) => e.event === 'unread' && (e.data as { unread: number }).unread === 1,
      );
      // Neither stream was sent the other side's notice.
      expect(venueStream.events.filter(isNotice('booking_held'))).toEqual([]);
      expect(performerStream.events.filter(isNotice('booking_requested'))).toEqual([]);
    } finally {
      await venueStream.close();
      await performerStream.close();
    }
  });
});
