import { localDateTimeProblem } from './local-date-time.ts';
import { GENRES, US_STATES } from './options.ts';
import { ZIP_PATTERN, zOptional } from './profile-fields.ts';
import { SHOW_CONFIRMATIONS, SHOW_STATUSES } from './show-lists.ts';
import { SHOW_MESSAGES as S } from './show-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { zTicketUrl } from './ticket-url-field.ts';
import { z } from './z.ts';

export const ZShowStatus = z.enum(SHOW_STATUSES);
export type TShowStatus = z.infer<typeof ZShowStatus>;

/** Whether the other Encore party has agreed to the show (SHOW_CONFIRMATIONS, show-lists.ts). */
export const ZShowConfirmation = z.object({
  state: z.enum(SHOW_CONFIRMATIONS),
  /** The party whose word the show needs (or got): null when it names no other Encore party. */
  partyId: z.string().nullable(),
});
export type TShowConfirmation = z.infer<typeof ZShowConfirmation>;

/** A real local date-time within the window (local-date-time.ts), else its field message. */
const zLocalDateTime = zSingleLineText().superRefine((value, ctx) => {
  const problem = localDateTimeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/**
 * When a show's cross-field rule runs: once the fields it reads are valid, whatever else fails, so
 * an empty form names every missing field at once (not the venue only after the date is fixed).
 */
const whenValid =
  (...keys: string[]) =>
  (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => keys.includes(String(issue.path?.[0])));

const zPrice = z.number(S.priceNegative).min(0, S.priceNegative).max(100_000, S.priceNegative);

/** A venue that is not on Encore: named, with an address so fans can find it. */
export const ZExternalVenue = z.strictObject({
  name: zSingleLineText().trim().min(2, S.venueRequired).max(120),
  streetAddress: zSingleLineText().trim().min(5, 'Street address is required').max(200),
  city: zSingleLineText().trim().min(2, 'City is required').max(100),
  state: z.enum(US_STATES, 'Please enter a US state code such as NY'),
  zipCode: zSingleLineText().trim().regex(ZIP_PATTERN, 'ZIP must be 5 digits'),
});
export type TExternalVenue = z.infer<typeof ZExternalVenue>;

/**
 * One act on the bill besides the headliner, as the announce and edit forms send it: an Encore
 * artist picked from the directory (by id; the server reads its name), or a name typed for an act
 * that is not on Encore. An Encore act is on the bill only once and never as its own headliner.
 */
export const ZSupportingActInput = z.union([
  z.strictObject({ performerId: zSingleLineText().min(1, S.supportingAct) }),
  z.strictObject({
    name: zSingleLineText().trim().min(1, S.supportingAct).max(100, S.supportingAct),
  }),
]);
export type TSupportingActInput = z.infer<typeof ZSupportingActInput>;

/**
 * POST /api/shows and the announce form. Exactly one of venueId / externalVenue. "In the future"
 * needs the venue's time zone, so the server checks it (the form checks against the device clock).
 */
export const ZShowInput = z
  .strictObject({
    performerId: zSingleLineText().min(1, S.performerRequired),
    venueId: zSingleLineText().min(1).nullable(),
    externalVenue: ZExternalVenue.nullable(),
    startsAtLocal: zLocalDateTime,
    ticketUrl: zOptional(zTicketUrl),
    priceMin: zPrice.nullable(),
    priceMax: zPrice.nullable(),
    onSaleAtLocal: zLocalDateTime.nullable(),
    supportingActs: z.array(ZSupportingActInput).max(10),
    genre: z.enum(GENRES).nullable(),
    /**
     * The announcer has seen that the performer already plays elsewhere that local day and wants
     * this show too (without it the server answers SAME_DAY_SHOW). Not part of the request's
     * identity for the Idempotency-Key: confirming a retried announcement is the same request.
     */
    confirmSameDay: z.boolean().optional(),
    /**
     * The announcer has seen that the venue already holds a show that night (an early and a late
     * show); without it the server answers NIGHT_TAKEN. Not part of the request's identity either.
     */
    confirmSameNight: z.boolean().optional(),
  })
  .refine((v) => (v.venueId === null) !== (v.externalVenue === null), {
    message: S.venueRequired,
    path: ['venueId'],
    when: whenValid('venueId'),
  })
  .refine((v) => v.priceMin === null || v.priceMax === null || v.priceMax >= v.priceMin, {
    message: S.priceOrder,
    path: ['priceMax'],
    when: whenValid('priceMin', 'priceMax'),
  })
  .refine((v) => v.onSaleAtLocal === null || v.onSaleAtLocal < v.startsAtLocal, {
    message: S.onSaleBeforeShow,
    path: ['onSaleAtLocal'],
    when: whenValid('startsAtLocal', 'onSaleAtLocal'),
  });
export type TShowInput = z.input<typeof ZShowInput>;

/**
 * The header POST /api/shows reads: one random key per announce form instance, reused by its
 * retries, so a repeated submission answers the first show instead of making a second one.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = zSingleLineText().min(1).max(200);

/** PATCH /api/shows/:id: the same fields; performer and venue cannot change after announcing. */
export const ZShowUpdate = z.strictObject({
  startsAtLocal: zLocalDateTime.optional(),
  ticketUrl: zOptional(zTicketUrl).optional(),
  priceMin: zPrice.nullable().optional(),
  priceMax: zPrice.nullable().optional(),
  onSaleAtLocal: zLocalDateTime.nullable().optional(),
  supportingActs: z.array(ZSupportingActInput).max(10).optional(),
  genre: z.enum(GENRES).optional(),
  status: z.enum(['announced', 'on_sale']).optional(),
  /** A new night the venue already holds a show on is taken only with this (else NIGHT_TAKEN). */
  confirmSameNight: z.boolean().optional(),
});

/**
 * POST /api/shows/:id/confirm: the venue confirming a show on a night it already holds a show on
 * says so with `confirmSameNight` (else NIGHT_TAKEN). No body at all is a plain confirmation.
 */
export const ZConfirmShow = z.strictObject({ confirmSameNight: z.boolean().optional() });
export type TShowUpdate = z.input<typeof ZShowUpdate>;

/**
 * POST /api/shows/:id/postpone: a new date, or none yet ("postponed, date to be announced"). A new
 * date on a night the venue already holds a show on is taken only with `confirmSameNight` (else
 * NIGHT_TAKEN), as an edit's.
 */
export const ZPostponeShow = z.strictObject({
  startsAtLocal: zLocalDateTime.nullable(),
  confirmSameNight: z.boolean().optional(),
});
export type TPostponeShow = z.input<typeof ZPostponeShow>;

/**
 * PUT /api/shows/:id/results: after the show, entered by its Encore venue, or by its performer when
 * the venue is not on Encore.
 */
/** A number field's message: `required` when it was left blank (absent), `other` otherwise. */
const numberError = (required: string, other: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : other;

export const ZShowResults = z.strictObject({
  attendance: z
    .number({ error: numberError(S.attendanceRequired, S.attendanceWhole) })
    .int(S.attendanceWhole)
    .min(0, S.attendanceNegative)
    .max(1_000_000),
  grossRevenue: z
    .number({ error: numberError(S.grossRevenueRequired, S.revenueNotNumber) })
    .min(0, S.revenueNegative)
    .max(100_000_000),
  /** Merchandise sold at the show; optional (null or absent: not entered). */
  merchRevenue: z
    .number(S.revenueNotNumber)
    .min(0, S.revenueNegative)
    .max(100_000_000)
    .nullable()
    .optional(),
  /** The enterer has seen that attendance is above the venue's capacity and says it is right. */
  confirmOverCapacity: z.boolean().optional(),
});

/**
 * Attendance above the Encore venue's capacity is refused until the enterer confirms it
 * (a review finding): the form asks, the server checks again. `capacity` null: a venue not on Encore, unknown.
 */
export function overCapacityProblem(
  results: { attendance: number; confirmOverCapacity?: boolean | undefined },
  capacity: number | null,
): string | null {
  if (capacity === null || results.attendance <= capacity || results.confirmOverCapacity) {
    return null;
  }
  return S.attendanceOverCapacity(capacity);
}

/**
 * Who enters a show's results (attendance and takings are theirs to report): its Encore venue, or
 * its performer when the venue is not on Encore. The server enforces it; My Shows offers 'Enter
 * results' by it.
 */
export function resultsEnteredBy(show: { venueId: string | null }): 'venue' | 'performer' {
  return show.venueId === null ? 'performer' : 'venue';
}

/**
 * An act on the bill besides the headliner. `performerId` links an Encore artist's page; null is a
 * name typed for an act not on Encore. An Encore act speaks for itself: its slot is `pending` until
 * it confirms, and until then only the show's parties see it on the bill. `confirmation` is given
 * only to them (the headliner and venue for every act, a support act for its own slot).
 */
export const ZSupportingAct = z.object({
  name: z.string(),
  performerId: z.string().nullable(),
  confirmation: z.enum(SHOW_CONFIRMATIONS).optional(),
});
export type TSupportingAct = z.infer<typeof ZSupportingAct>;

const ZShowParty = z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() });

/**
 * A show as every page shows it, to anyone: no business figures. Times are ISO UTC plus the
 * venue's IANA time zone. Response schemas strip what they do not name, so a public route that
 * answers with this schema cannot leak a field the repository happened to read.
 */
export const ZShow = z.object({
  id: z.string(),
  performer: ZShowParty.extend({ genres: z.array(z.string()) }),
  venue: z.object({
    id: z.string().nullable(),
    name: z.string(),
    streetAddress: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    photoUrl: z.string().nullable(),
  }),
  startsAt: z.string(),
  timeZone: z.string(),
  ticketUrl: z.string().nullable(),
  priceMin: z.number().nullable(),
  priceMax: z.number().nullable(),
  onSaleAt: z.string().nullable(),
  supportingActs: z.array(ZSupportingAct),
  genre: z.string(),
  status: ZShowStatus,
  attendingCount: z.number().int(),
  createdById: z.string(),
  confirmation: ZShowConfirmation,
});
export type TShow = z.infer<typeof ZShow>;

/**
 * A show as its own performer and venue see it (My Shows, the results form): the public show plus
 * the attendance and takings the venue entered. Only owner routes answer with it. A support act
 * sees the shows it plays (or is asked to play) here too, under the same shape with the figures
 * null (they are the headliner's and venue's): `performer.id` is not its own, so it is "supporting".
 */
export const ZOwnShow = ZShow.extend({
  /** The Encore venue's capacity (null: not on Encore), for the results form's check. */
  venueCapacity: z.number().int().nullable(),
  attendance: z.number().int().nullable(),
  grossRevenue: z.number().nullable(),
  merchRevenue: z.number().nullable(),
});
export type TOwnShow = z.infer<typeof ZOwnShow>;
/**
 * Announce, edit, cancel, postpone, results: answered to the show's performer or venue; and
 * POST /api/shows/:id/acts/confirm and /decline to the support act (figures null).
 */
export const ZShowResponse = z.object({ show: ZOwnShow });
/** GET /api/shows/mine. */
export const ZShowList = z.object({ shows: z.array(ZOwnShow) });
export type TShowList = z.infer<typeof ZShowList>;
