/**
 * The LISTEN/NOTIFY channels of the alert engine (and of the public pages' cache). Notifications are sent inside the writing
 * transaction, so Postgres delivers them only if, and when, it commits; they only wake someone
 * up early, and every listener also polls, so a lost notification costs a second, not an alert.
 */
export const PG_CHANNELS = {
  /** A show event was written (payload: its id): the matcher should match it. */
  showEvent: 'encore_show_event',
  /**
   * An event's deliveries were written, for all its fans or one range of them (payload:
   * alerts/matched-notice.ts): dispatch and live streams.
   */
  matched: 'encore_alerts_matched',
  /**
   * A daily digest was released (no payload): its alerts no longer wait for it, so the page
   * caches drop the notification centres that labelled them (http/private-change-listener.ts).
   */
  digestReleased: 'encore_digest_released',
  /** A fan read notifications (payload: the fan id): their open streams update the count. */
  read: 'encore_notifications_read',
  /**
   * A show notice was written for a performer or venue (payload: show-notice-payload.ts): their
   * open streams show it.
   */
  notice: 'encore_show_notice',
  /**
   * A statement wrote a table a public page reads (payload: the table's name; migration 0030's
   * triggers): each API process drops the cached pages read from it (http/public-cache.ts).
   */
  publicChanged: 'encore_public_changed',
  /**
   * A statement changed or deleted sessions or users (payload: the users' ids, comma-separated;
   * empty: anyone's; migration 0032's triggers): each API process drops those users' cached
   * sessions (auth/session-cache.ts).
   */
  sessionChanged: 'encore_session_changed',
  /**
   * An artist message was sent (payload: its id): its email deliveries are due, so the
   * artist-message dispatch loop looks now (alerts/alert-workers.ts), and the open notification
   * streams of its fans show it with their unread counts (alerts/notification-hub.ts).
   */
  artistMessage: 'encore_artist_message',
} as const;
