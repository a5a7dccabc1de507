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
