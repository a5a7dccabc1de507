import { CARD_FACES } from './fan-page-messages.ts';
import { ATTENDANCE_STATUSES } from './show-lists.ts';
import { ZShow } from './shows.ts';
import { ZPalsGoing } from './social.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The fan's own pages (spec "Fan dashboard", "Alerts", "Other fan pages"), every figure counted
 * from the fan's rows. All of these answer 403 to performers and venues.
 */

/** A fan whose privacy allows a face on show pages and cards. */
export const ZAttendee = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});
export type TAttendee = z.infer<typeof ZAttendee>;

/** A show in one of the fan's lists, with the fan's own mark and a few faces of who is going. */
export const ZFanShow = z.object({
  show: ZShow,
  myAttendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  faces: z.array(ZAttendee).max(CARD_FACES),
  /** My Show Pals going whom I may see going (palsGoingText), up to PALS_GOING_NAMED named. */
  palsGoing: ZPalsGoing,
});
export type TFanShow = z.infer<typeof ZFanShow>;

/**
 * A show on the fan home, with its start already written in the venue's zone (show-time-format.ts'
 * `showLocalStart`): the dashboard's first screen then needs no Intl formatter (on a slow phone). The
 * server's fan home service always writes it; it is optional only because the repository's rows,
 * which the service adds it to, share this type.
 */
export const ZFanHomeShow = ZFanShow.extend({
  startsLocal: z
    .object({
      /** 'Sat, Dec 12, 2026, 8:00 PM CST'. */
      text: z.string(),
      /** The date leaf: 'DEC' and '12'. */
      month: z.string(),
      day: z.string(),
    })
    .optional(),
});
export type TFanHomeShow = z.infer<typeof ZFanHomeShow>;

/** GET /api/fan/home: the /dashboard tiles, the Next Show card and the "Did you go?" prompts. */
export const ZFanHome = z.object({
  counts: z.object({
    /** Upcoming (not yet started), not cancelled shows marked going. */
    goingTo: z.number().int(),
    /** Active artist alerts. */
    watching: z.number().int(),
    /** Shows marked attended. */
    attended: z.number().int(),
  }),
  /** The fan's next going-to show that is not cancelled; null: prompt to discover. */
  nextShow: ZFanHomeShow.nullable(),
  /** Going-to shows that have started (not cancelled), most recent first, at most 5. */
  toConfirm: z.array(ZFanHomeShow).max(5),
});
export type TFanHome = z.infer<typeof ZFanHome>;

/** Why a show is on the fan's /alerts feed; a show can match both ways. */
export const ZAlertReason = z.object({
  /** The fan has an artist alert on the performer. */
  watching: z.boolean(),
  /**
   * The show's genre is a favourite and the venue is within the fan's radius of home: the rule's
   * facts, as the alert's why states them ('Rock show 3.2 mi from Brooklyn, NY — within your
   * 25 mi radius'). `home` is the fan's home city and its ZIP's state.
   */
  nearby: z
    .object({
      genre: z.string(),
      distanceMiles: z.number(),
      radiusMiles: z.number().int(),
      home: z.string(),
    })
    .nullable(),
});
export type TAlertReason = z.infer<typeof ZAlertReason>;

export const ZAlertFeedItem = ZFanShow.extend({ reason: ZAlertReason });
export type TAlertFeedItem = z.infer<typeof ZAlertFeedItem>;

/** Keyset paging: opaque cursor from the previous page's `nextCursor`. */
export const ZFeedQuery = z.strictObject({
  cursor: zSingleLineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TFeedQuery = z.input<typeof ZFeedQuery>;

/**
 * GET /api/fan/alerts ('Your Alerts'): upcoming, not cancelled shows of watched artists (wherever
 * they play) and of favourite genres within the fan's radius of home, nearest date first.
 */
export const ZAlertFeed = z.object({
  items: z.array(ZAlertFeedItem),
  nextCursor: z.string().nullable(),
});
export type TAlertFeed = z.infer<typeof ZAlertFeed>;

/** GET /api/fan/shows-attending: upcoming going-to shows (cancelled ones kept, badged), soonest first. */
export const ZShowsAttending = z.object({ shows: z.array(ZFanShow) });
export type TShowsAttending = z.infer<typeof ZShowsAttending>;

/** GET /api/fan/shows-attended: history, most recent first, with the page's three tiles. */
export const ZShowsAttended = z.object({
  totals: z.object({
    totalShows: z.number().int(),
    /** Distinct venues (Encore venues by id, external ones by name + city + state). */
    venues: z.number().int(),
    /** Attended shows in the current calendar year (in each show's own time zone). */
    thisYear: z.number().int(),
  }),
  shows: z.array(ZFanShow),
});
export type TShowsAttended = z.infer<typeof ZShowsAttended>;

/**
 * GET/POST/DELETE /api/fan/calendar-feed: a private ICS URL of the shows the fan is going to.
 * POST creates the link or replaces it (the old URL stops working); DELETE turns it off.
 */
export const ZCalendarFeed = z.object({
  /** Absolute https/webcal-able URL ending in .ics; null when the feed is off. */
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
