import type { TMarkRead, TNotificationPage, TUnreadCount } from '@encore/contract';
import { createNotificationCentre } from '../alerts/notification-centre.ts';
import type { NotificationHub, StreamSink } from '../alerts/notification-hub.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { NotificationRepo } from '../repositories/notification.repo.ts';

/** One open stream: where the user's new notifications and unread counts go. */
export type NotificationSink = StreamSink;

/**
 * The notification centre of any signed-in user (fans' alerts, performers' and venues' show
 * notices): always the caller's own, so the session's user is the only subject. Pages and read
 * marks come from the alert engine's centre, live updates from its hub (one per process).
 */
export function createNotificationService(deps: { repo: NotificationRepo; hub: NotificationHub }) {
  const centre = createNotificationCentre(deps.repo);
  return {
    page(user: SessionUser, query: { cursor?: string; limit: number }): Promise<TNotificationPage> {
      return centre.page(user.id, query);
    },

    read(user: SessionUser, input: TMarkRead): Promise<TUnreadCount> {
      return centre.read(user.id, input);
    },

    /** Sends the user's new notifications and unread counts to `sink`; answers the unsubscribe. */
    subscribe(user: SessionUser, sink: NotificationSink): Promise<() => void> {
      return deps.hub.subscribe(user.id, sink);
    },

    unread(user: SessionUser): Promise<number> {
      return deps.repo.unread(user.id);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
