import { GENRES } from './options.ts';
import { zOptional } from './profile-fields.ts';
import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { zTicketUrl } from './ticket-url-field.ts';
import { z } from './z.ts';

/**
 * Booking requests (beyond the seed spec): a performer asks an Encore venue for a night,
 * usually from a tour plan's outreach. The venue sees it in-app (My Shows › Booking requests) and
 * at its booking address by email, and answers:
 *
 *   pending ──accept──▶ held ──confirm as show──▶ confirmed (a confirmed show exists: showId)
 *      │                 │
 *      └──decline(note)──┴──▶ declined           pending/held ──withdraw (performer)──▶ withdrawn
 *
 * A held date is the night kept for this performer: no other request for that venue and night
 * can be accepted, and the planner counts the night as booked. Confirming it creates the show at
 * once confirmed (both parties have agreed), which announces it to fans like any confirmed show.
 * Both sides see the state: the performer on the plan and in My Shows, the venue in My Shows.
 */

export const BOOKING_REQUEST_STATES = [
  'pending',
  'held',
  'confirmed',
  'declined',
  'withdrawn',
] as const;
export type TBookingRequestState = (typeof BOOKING_REQUEST_STATES)[number];
/** States in which the request still holds or asks for the night. */
export const OPEN_BOOKING_STATES = ['pending', 'held'] as const satisfies TBookingRequestState[];

export const BOOKING_STATE_LABELS: Record<TBookingRequestState, string> = {
  pending: 'Requested',
  held: 'Date held',
  confirmed: 'Confirmed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const BOOKING_MESSAGES = {
  sent: 'Booking request sent',
  accepted: 'Date held',
  declined: 'Request declined',
  withdrawn: 'Request withdrawn',
  confirmed: 'Show confirmed',
  performersOnly: 'Only performers can send booking requests',
  venuesOnly: 'Only the venue can answer this request',
  noSuchVenue: 'We could not find that venue',
  notFound: 'We could not find that booking request',
  dateInPast: 'Date must be in the future',
  messageRequired: 'Please write a message to the venue',
  /** The same performer already has an open request for that venue and night. */
  alreadyRequested: 'You already asked this venue for that date',
  /** The night has a show, or another performer's hold, at that venue. */
  nightTaken: 'That night is already booked at this venue',
  /** Confirming a hold when the performer has meanwhile got another show that day. */
  performerBusy: (venueName: string) =>
    `The performer already has a show that day, at ${venueName}: decline this request or ask them first`,
  /** An answer to a request that is no longer in the state it needs. */
  notOpen: 'This request is no longer open',
  notHeld: 'Only a held date can be confirmed as a show',
  /** Confirm as show: the show's genre is one of the performer's own. */
  genreNotPerformers: "Choose one of the performer's genres",
} as const;

export const BOOKING_MESSAGE_MAX = 5000;
export const BOOKING_NOTE_MAX = 500;

const zLocalDate = zSingleLineText().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2027-03-14');

/** POST /api/booking-requests (performer). `planId`: the tour plan it came from, if any. */
export const ZBookingRequestInput = z.strictObject({
  venueId: zSingleLineText().min(1, BOOKING_MESSAGES.noSuchVenue),
  date: zLocalDate,
  message: zMultiLineText()
    .trim()
    .min(1, BOOKING_MESSAGES.messageRequired)
    .max(BOOKING_MESSAGE_MAX, `Keep the message under ${BOOKING_MESSAGE_MAX} characters`),
  planId: zSingleLineText().min(1).nullable().optional(),
});
export type TBookingRequestInput = z.input<typeof ZBookingRequestInput>;

/** POST /api/booking-requests/:id/decline (venue): an optional note the performer sees. */
export const ZBookingDecline = z.strictObject({
  note: zMultiLineText()
    .trim()
    .max(BOOKING_NOTE_MAX, `Keep the note under ${BOOKING_NOTE_MAX} characters`)
    .nullable()
    .optional(),
});

/**
 * POST /api/booking-requests/:id/confirm (venue, a held date): the show's details. The night is
 * the request's date; the time is the venue's local 'HH:MM' (the form starts from its typical
 * show time), the genre one of the performer's.
 */
export const ZBookingConfirm = z
  .strictObject({
    startTime: zSingleLineText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 20:00'),
    genre: z.enum(GENRES),
    ticketUrl: zOptional(zTicketUrl),
    priceMin: z.number().min(0).max(100_000).nullable(),
    priceMax: z.number().min(0).max(100_000).nullable(),
  })
  .refine((v) => v.priceMin === null || v.priceMax === null || v.priceMax >= v.priceMin, {
    message: 'Maximum price must be at least the minimum',
    path: ['priceMax'],
  });
export type TBookingConfirm = z.input<typeof ZBookingConfirm>;

/** A request as both sides see it (each side sees the other's public name and city). */
export const ZBookingRequest = z.object({
  id: z.string(),
  performerId: z.string(),
  performerName: z.string(),
  /** The performer's genres: the venue's 'Confirm as show' picks the show's genre from them. */
  performerGenres: z.array(z.enum(GENRES)),
  venueId: z.string(),
  venueName: z.string(),
  city: z.string(),
  state: z.string(),
  date: z.string(),
  message: z.string(),
  status: z.enum(BOOKING_REQUEST_STATES),
  declineNote: z.string().nullable(),
  planId: z.string().nullable(),
  /** The show once confirmed. */
  showId: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TBookingRequest = z.infer<typeof ZBookingRequest>;
export const ZBookingRequestResponse = z.object({ request: ZBookingRequest });
/** GET /api/booking-requests: a performer's sent requests or a venue's received ones, newest first; `?planId=` narrows a performer's to one plan. */
export const ZBookingRequestList = z.object({ requests: z.array(ZBookingRequest) });
export const ZBookingRequestQuery = z.strictObject({
  planId: zSingleLineText().min(1).optional(),
});
