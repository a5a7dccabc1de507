import { ALERT_CHANNELS } from './alert-channels.ts';
import { decoder, type Reader } from './decoder-core.ts';
import {
  arrayOf,
  boolean,
  int,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
  withDefault,
} from './decoder-kit.ts';
import { CARD_FACES } from './fan-page-messages.ts';
import type { TFanHome } from './fan-pages.ts';
import type { TFinishSetup } from './location.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';
import type { TNotification, TNotificationPage, TUnreadCount } from './notifications.ts';
import { ATTENDANCE_STATUSES, SHOW_CONFIRMATIONS, SHOW_STATUSES } from './show-lists.ts';
import type { TShow } from './shows.ts';

/**
 * Zod-free twins of the answers the signed-in frame and the fan dashboard read as they open: the
 * fan home, the 'Finish setting up' card, the bell's count, its stream's messages and the
 * mark-read answer. With zod, the frame's chunks carried zod and built every contract schema they
 * reached at start-up (~10 ms on a slow phone, ~50 KB gzipped; decision 023 as
 * answer-decoders.ts does for the first pages). The zod schemas stay the source of truth — the
 * server answers through them — and signed-in-decoders.test.ts holds each twin to its schema over
 * valid answers and every way of breaking them.
 */

const party = { id: string, name: string, photoUrl: nullable(string) };

/** ZShow. */
const readShow: Reader<TShow> = object({
  id: string,
  performer: object({ ...party, genres: arrayOf(string) }),
  venue: object({
    id: nullable(string),
    name: string,
    streetAddress: string,
    city: string,
    state: string,
    zipCode: string,
    photoUrl: nullable(string),
  }),
  startsAt: string,
  timeZone: string,
  ticketUrl: nullable(string),
  priceMin: nullable(number),
  priceMax: nullable(number),
  onSaleAt: nullable(string),
  supportingActs: arrayOf(
    object({
      name: string,
      performerId: nullable(string),
      confirmation: optional(oneOf(SHOW_CONFIRMATIONS)),
    }),
  ),
  genre: string,
  status: oneOf(SHOW_STATUSES),
  attendingCount: int,
  createdById: string,
  confirmation: object({ state: oneOf(SHOW_CONFIRMATIONS), partyId: nullable(string) }),
});

/** ZFanHomeShow: ZFanShow with its start written in the venue's zone. */
const readHomeShow = object({
  show: readShow,
  myAttendance: nullable(oneOf(ATTENDANCE_STATUSES)),
  faces: arrayOf(object(party), CARD_FACES),
  palsGoing: object({ count: int, fans: arrayOf(object(party)) }),
  startsLocal: optional(object({ text: string, month: string, day: string })),
});

/** Twin of ZFanHome. */
export const DFanHome = decoder<TFanHome>(
  object({
    counts: object({ goingTo: int, watching: int, attended: int }),
    nextShow: nullable(readHomeShow),
    toConfirm: arrayOf(readHomeShow, 5),
  }),
);

/** Twin of ZFinishSetup (`verifyPhone` false when the answer leaves it out). */
export const DFinishSetup = decoder<TFinishSetup>(
  object({ visible: boolean, verifyPhone: withDefault(boolean, false) }),
);

const readNotification: Reader<TNotification> = object({
  id: string,
  kind: oneOf(NOTIFICATION_KINDS),
  title: string,
  body: string,
  reason: string,
  showId: nullable(string),
  fan: nullable(object({ id: string, username: string, name: string, photoUrl: nullable(string) })),
  invite: nullable(object({ state: oneOf(['invited', 'going', 'declined']) })),
  inDigest: arrayOf(oneOf(ALERT_CHANNELS)),
  // An artist message's performer: without it a message pushed live would lose its menu.
  artist: optional(object({ performerId: string, name: string, muted: boolean })),
  createdAt: string,
  readAt: nullable(string),
});

/** Twin of ZNotification (the stream's `notification` event). */
export const DNotification = decoder<TNotification>(readNotification);

/** Twin of ZNotificationPage (the bell's count reads the first page). */
export const DNotificationPage = decoder<TNotificationPage>(
  object({ items: arrayOf(readNotification), nextCursor: nullable(string), unread: int }),
);

/** Twin of ZUnreadCount (the stream's `unread` event, and marking read). */
export const DUnreadCount = decoder<TUnreadCount>(object({ unread: int }));
