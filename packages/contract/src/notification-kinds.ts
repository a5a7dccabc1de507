import { SHOW_EVENT_KINDS } from './show-lists.ts';

/**
 * The notification centre's kinds and stream events without zod (the schemas are in
 * notifications.ts): the signed-in frame's bell reads these at start-up on every signed-in page,
 * and a module that builds a zod schema would bring zod into its chunk (decision 023).
 */

/**
 * Notices to a show's performer or venue about another party's word on it (not fan alerts): a
 * show naming them waits for their confirmation, or their show was confirmed or declined.
 */
export const SHOW_NOTICE_KINDS = [
  'confirmation_requested',
  'show_confirmed',
  'show_declined',
  // A support act on a bill: asked to confirm its slot; the announcer told its word.
  'act_confirmation_requested',
  'act_confirmed',
  'act_declined',
] as const;
export type TShowNoticeKind = (typeof SHOW_NOTICE_KINDS)[number];
/**
 * Show Pals notices to a fan: another fan asked to be their pal, accepted their
 * request, or invited them to a show they are going to. Off with the fan's Show Pals setting.
 */
export const SOCIAL_NOTICE_KINDS = ['pal_request', 'pal_accepted', 'going_invite'] as const;
export type TSocialNoticeKind = (typeof SOCIAL_NOTICE_KINDS)[number];
/**
 * Booking request notices (booking-requests.ts): to the venue, a performer asked for a night or
 * withdrew the request; to the performer, the venue held, declined or confirmed it as a show.
 */
export const BOOKING_NOTICE_KINDS = [
  'booking_requested',
  'booking_held',
  'booking_declined',
  'booking_confirmed',
  'booking_withdrawn',
] as const;
export type TBookingNoticeKind = (typeof BOOKING_NOTICE_KINDS)[number];
/** A performer's message to their followers (artist-messages.ts), to a fan. */
export const ARTIST_MESSAGE_KIND = 'artist_message' as const;
export const NOTIFICATION_KINDS = [
  ...SHOW_EVENT_KINDS,
  ...SHOW_NOTICE_KINDS,
  ...SOCIAL_NOTICE_KINDS,
  ...BOOKING_NOTICE_KINDS,
  ARTIST_MESSAGE_KIND,
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * GET /api/notifications/stream (text/event-stream). Event `unread` carries ZUnreadCount (sent on
 * connect and on every change); event `notification` carries a new ZNotification.
 */
export const NOTIFICATION_STREAM_EVENTS = {
  unread: 'unread',
  notification: 'notification',
} as const;

/**
 * What the notification centre says of an alert that waits for the fan's daily digest on some
 * channels: the digest goes once a day, so "your next" one is always right.
 */
export const DIGEST_LABEL = 'In your next daily digest';
