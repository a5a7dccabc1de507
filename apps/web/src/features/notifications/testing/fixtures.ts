import type { TNotification, TNotificationPage } from '@encore/contract';

export const notification = (overrides: Partial<TNotification> = {}): TNotification => ({
  id: 'n-1',
  kind: 'announced',
  title: 'Night Static announced a show',
  body: 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL',
  reason: 'You watch Night Static',
  showId: 'show-1',
  fan: null,
  invite: null,
  inDigest: [],
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

export const notificationPage = (
  overrides: Partial<TNotificationPage> = {},
): TNotificationPage => ({
  items: [notification()],
  nextCursor: null,
  unread: 1,
  ...overrides,
});

/** Sam, the fan behind the Show Pals notices below. */
export const sam = { id: 'fan-sam', username: 'sam', name: 'Sam Rivera', photoUrl: null };

/** A Show Pals notice from Sam: a request, an acceptance or an open going-together invite. */
export const socialNotice = (
  kind: 'pal_request' | 'pal_accepted' | 'going_invite',
  overrides: Partial<TNotification> = {},
): TNotification =>
  notification({
    id: `n-${kind}`,
    kind,
    title:
      kind === 'going_invite'
        ? 'Sam Rivera invited you to Night Static'
        : kind === 'pal_request'
          ? 'Sam Rivera wants to be your Show Pal'
          : 'Sam Rivera accepted your request',
    body: kind === 'going_invite' ? 'Sam Rivera is going to Night Static on Jun 14 — join?' : '',
    // The server's why for each kind (texts/social-notice-text.ts).
    reason:
      kind === 'going_invite'
        ? "Sam Rivera invited you — you're Show Pals"
        : kind === 'pal_request'
          ? 'Your privacy settings allow Show Pal requests'
          : 'You asked Sam Rivera to be your Show Pal',
    showId: kind === 'going_invite' ? 'show-1' : null,
    fan: sam,
    invite: kind === 'going_invite' ? { state: 'invited' } : null,
    ...overrides,
  });

/** A booking request notice as the server words it (texts/booking-notice-text.ts). */
export const bookingNotice = (
  kind:
    | 'booking_requested'
    | 'booking_held'
    | 'booking_declined'
    | 'booking_confirmed'
    | 'booking_withdrawn',
  overrides: Partial<TNotification> = {},
): TNotification => {
  const words = {
    booking_requested: [
      'Night Static asked to play Sat, Mar 13, 2027',
      'Hold the date, decline or confirm it in My Shows',
    ],
    booking_held: [
      'The Lantern is holding Sat, Mar 13, 2027 for you',
      'The Lantern, Chicago, IL · they keep the night for you until they confirm the show',
    ],
    booking_declined: [
      'The Lantern declined Sat, Mar 13, 2027',
      'Their note: “We had to give that night to a festival”',
    ],
    booking_confirmed: [
      'The Lantern confirmed Sat, Mar 13, 2027',
      'The Lantern, Chicago, IL · the show is on Encore: fans who follow you are being told',
    ],
    booking_withdrawn: [
      'Night Static withdrew the request for Sat, Mar 13, 2027',
      'The request is closed',
    ],
  } as const;
  const [title, body] = words[kind];
  const toVenue = kind === 'booking_requested' || kind === 'booking_withdrawn';
  return notification({
    id: `n-${kind}`,
    kind,
    title,
    body,
    reason: toVenue
      ? 'Night Static sent The Lantern a booking request'
      : 'You sent The Lantern a booking request',
    showId: kind === 'booking_confirmed' ? 'show-booked' : null,
    ...overrides,
  });
};
