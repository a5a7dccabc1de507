import { ALERT_CHANNELS } from './alert-channels.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The alert engine's API: the in-app notification centre, web push subscriptions and
 * one-click email unsubscribe. Deliveries themselves are server-side rows; these are the views.
 */

/** Genre-and-radius alerts come at once or as one daily digest; watched artists always at once. */
export const GENRE_ALERT_TIMINGS = ['instant', 'daily'] as const;
export type TGenreAlertTiming = (typeof GENRE_ALERT_TIMINGS)[number];
export const GENRE_ALERT_TIMING_LABELS: Record<TGenreAlertTiming, string> = {
  instant: 'As soon as a show is announced',
  daily: 'One daily digest',
};

/** One alert (fans) or notice (performers and venues) in the notification centre. */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** e.g. 'Night Static announced a show' / 'Price drop: Night Static'. */
  title: z.string(),
  /** e.g. 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL'. */
  body: z.string(),
  /** Why it came: 'You watch Night Static', 'Rock within 25 mi of Brooklyn, NY', 'You're going'. */
  reason: z.string(),
  /**
   * The show it is about; null for a Show Pal request or acceptance, and for a booking notice
   * until the request is confirmed as a show.
   */
  showId: z.string().nullable(),
  /** The fan who asked, accepted or invited (Show Pals notices); null otherwise. */
  fan: z
    .object({
      id: z.string(),
      username: z.string(),
      name: z.string(),
      photoUrl: z.string().nullable(),
    })
    .nullable(),
  /**
   * A going-together invite's answer as it is now (answered elsewhere: no buttons); null for
   * every other kind.
   */
  invite: z.object({ state: z.enum(['invited', 'going', 'declined']) }).nullable(),
  /**
   * An artist message's performer, and whether the fan has muted their messages since (the
   * centre's menu mutes or unmutes them); absent for every other kind.
   */
  artist: z.object({ performerId: z.string(), name: z.string(), muted: z.boolean() }).optional(),
  /**
   * The channels on which this alert waits for the fan's next daily digest (held, not yet
   * released), in ALERT_CHANNELS' order; empty once the digest went, for an alert that never
   * waited, and for every notice.
   */
  inDigest: z.array(z.enum(ALERT_CHANNELS)),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/notifications?cursor&limit: newest first, keyset paged. */
export const ZNotificationQuery = z.strictObject({
  cursor: zSingleLineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** POST /api/notifications/read: some ids, or everything up to now. Answers the new unread count. */
export const ZMarkRead = z.union([
  z.strictObject({ ids: z.array(zSingleLineText().max(100)).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type TMarkRead = z.infer<typeof ZMarkRead>;
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const NOTIFICATION_MESSAGES = {
  pushDenied:
    'Notifications are blocked for Encore in this browser. Allow them in the site settings to get push alerts.',
  pushUnsupported: 'This browser cannot receive push notifications.',
  /** A subscription whose endpoint is not HTTPS on a known browser push service. */
  pushServiceUnsupported: 'This browser’s push service is not supported by Encore.',
  pushEnabled: 'Push alerts are on for this browser',
  unsubscribed: 'You will no longer get alert emails from Encore',
  unsubscribedShowPals: 'You will no longer get Show Pals emails from Encore',
  unsubscribedArtistMessages: 'You will no longer get artist message emails from Encore',
  badUnsubscribeLink: 'This unsubscribe link is not valid',
  smsStopped: 'Encore: you will get no more texts. Reply START to get show alerts by SMS again.',
  smsStarted: 'Encore: show alerts by SMS are back on. Reply STOP to stop.',
} as const;

/** GET /api/push/public-key: the VAPID application server key (base64url). */
export const ZPushPublicKey = z.object({ publicKey: z.string() });

/**
 * PUT /api/push/subscription (PushSubscription.toJSON()) and DELETE with { endpoint }. Browsers
 * only hand out HTTPS endpoints; which push services' hosts are accepted is the server's
 * configuration (PUSH_SERVICE_HOSTS), checked by its push subscription service.
 */
export const ZPushSubscription = z.strictObject({
  endpoint: zSingleLineText(
    z.url({ protocol: /^https$/, error: NOTIFICATION_MESSAGES.pushServiceUnsupported }),
  ).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: zSingleLineText().min(1).max(200),
    auth: zSingleLineText().min(1).max(100),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;
export const ZPushUnsubscribe = z.strictObject({ endpoint: zSingleLineText().max(2000) });

/**
 * The kinds of mail a fan can switch off from the mail itself, each with its own one-click link
 * (RFC 8058) that switches off that kind only: alert emails (the `email` setting) and Show Pals
 * emails (`showPalsEmail`).
 */
// 'artists' (artist message emails) is short on purpose: the scope is written into the token, and
// the token into a path segment, which the router takes up to 100 characters.
export const UNSUBSCRIBE_SCOPES = ['alerts', 'show-pals', 'artists'] as const;
export type TUnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/** What each scope's page and mails call the mail it switches off. */
export const UNSUBSCRIBE_SCOPE_LABELS: Record<TUnsubscribeScope, string> = {
  alerts: 'alert emails',
  'show-pals': 'Show Pals emails',
  artists: 'artist message emails',
};

/** The confirmation the /unsubscribe page shows once that kind of mail is off. */
export const UNSUBSCRIBED_MESSAGES: Record<TUnsubscribeScope, string> = {
  alerts: NOTIFICATION_MESSAGES.unsubscribed,
  'show-pals': NOTIFICATION_MESSAGES.unsubscribedShowPals,
  artists: NOTIFICATION_MESSAGES.unsubscribedArtistMessages,
};

/**
 * The scope an unsubscribe token names, read from its form (the server alone checks its MAC):
 * `<fan>.<mac>` is an alert token (every alert mail since the alert engine began carries one, and they keep
 * working), `<scope>.<fan>.<mac>` any other scope. Null for anything else.
 */
export function unsubscribeScopeOf(token: string): TUnsubscribeScope | null {
  const parts = token.split('.');
  if (parts.length === 2) return 'alerts';
  const scope = parts[0];
  if (parts.length !== 3 || scope === 'alerts') return null;
  return UNSUBSCRIBE_SCOPES.find((s) => s === scope) ?? null;
}

/** POST /api/unsubscribe/:token (one-click, RFC 8058) and the /unsubscribe page's answer. */
export const ZUnsubscribeResult = z.object({
  email: z.string(),
  unsubscribed: z.literal(true),
  /** What was switched off. */
  scope: z.enum(UNSUBSCRIBE_SCOPES),
});
export type TUnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;
