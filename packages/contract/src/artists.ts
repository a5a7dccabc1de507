import { ALERT_CHANNELS } from './alert-channels.ts';
import { ATTENDANCE_STATUSES } from './show-lists.ts';
import { ALERT_MESSAGES } from './show-messages.ts';
import { ZShow } from './shows.ts';
import { ZPalsGoing } from './social.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/** PUT /api/artists/:id/alert (the alert activation dialog, spec section 4). */
export const ZArtistAlertInput = z.strictObject({
  channels: z
    .array(z.enum(ALERT_CHANNELS))
    .min(1, ALERT_MESSAGES.selectChannel)
    .refine((c) => new Set(c).size === c.length, 'Invalid input'),
});
export type TArtistAlertInput = z.infer<typeof ZArtistAlertInput>;
export const ZArtistAlert = z.object({
  performerId: z.string(),
  performerName: z.string(),
  genres: z.array(z.string()),
  photoUrl: z.string().nullable(),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  createdAt: z.string(),
});
export type TArtistAlert = z.infer<typeof ZArtistAlert>;
export const ZArtistAlertList = z.object({ alerts: z.array(ZArtistAlert) });

/** GET /api/artists/:id (public artist page). `alert` is the signed-in fan's, else null. */
export const ZArtistPage = z.object({
  artist: z.object({
    id: z.string(),
    name: z.string(),
    bio: z.string(),
    genres: z.array(z.string()),
    photoUrl: z.string().nullable(),
    currentlyTouring: z.boolean(),
    websiteUrl: z.string().nullable(),
    spotifyUrl: z.string().nullable(),
    instagramHandle: z.string().nullable(),
    followers: z.number().int(),
  }),
  upcoming: z.array(ZShow),
  past: z.array(ZShow),
  alert: ZArtistAlert.nullable(),
});
export type TArtistPage = z.infer<typeof ZArtistPage>;

/** GET /api/venues/:id (public venue page). */
export const ZVenuePage = z.object({
  venue: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    streetAddress: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    capacity: z.number().int(),
    venueType: z.string(),
    ageRestriction: z.string(),
    amenities: z.array(z.string()),
    websiteUrl: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  upcoming: z.array(ZShow),
});
export type TVenuePage = z.infer<typeof ZVenuePage>;

export const ZAttendanceInput = z.strictObject({
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
});

/** GET /api/shows/:id: the show plus who is going (faces only of fans whose privacy allows). */
export const ZShowDetail = z.object({
  show: ZShow,
  myAttendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  canEdit: z.boolean(),
  attendees: z.array(
    z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
  ),
  /** For a signed-in fan: their Show Pals going whom they may see; null for everyone else. */
  palsGoing: ZPalsGoing.nullable(),
  /**
   * Postponed with no new date yet: `show.startsAt` is then the date it was moved from. False for
   * every other show, a postponed one with its new date included (`show.startsAt` is that date).
   */
  newDatePending: z.boolean(),
});
export type TShowDetail = z.infer<typeof ZShowDetail>;

/** GET /api/directory/performers?q= and /venues?q=: who can be booked for a show. */
export const ZDirectoryQuery = z.strictObject({
  q: zSingleLineText().trim().max(100).default(''),
});
export const ZDirectoryEntry = z.object({
  id: z.string(),
  name: z.string(),
  detail: z.string(),
  photoUrl: z.string().nullable(),
});
export const ZDirectoryList = z.object({ results: z.array(ZDirectoryEntry) });
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;
