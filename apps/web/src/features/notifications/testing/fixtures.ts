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
          ? 'Sam Rivera asked to be your Show Pal'
          : 'Sam Rivera accepted the Show Pal request you sent',
    showId: kind === 'going_invite' ? 'show-1' : null,
    fan: sam,
    invite: kind === 'going_invite' ? { state: 'invited' } : null,
    ...overrides,
  });
