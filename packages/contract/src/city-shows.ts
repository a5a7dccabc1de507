import {
  CITY_SHOWS_MAX_PAGE,
  CITY_SHOWS_MESSAGES,
  CITY_SHOWS_NEAR_MAX,
  CITY_SHOWS_PAGE_SIZE,
  CITY_SHOWS_RADII,
  CITY_SHOWS_WHEN,
} from './city-shows-text.ts';
import { localDateTimeProblem } from './local-date-time.ts';
import { GENRES } from './options.ts';
import { ZShowStatus } from './shows.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The public city listing: upcoming confirmed shows near a city or ZIP, at
 * /shows?near=… on the web and GET /api/shows?near=… on the API. Anyone may open and share it, so
 * every filter lives in the URL and the answer carries public fields only. Its constants, labels
 * and messages are in city-shows-text.ts.
 */

const M = CITY_SHOWS_MESSAGES;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD', a real calendar day within the shows' date window (local-date-time.ts). */
const zLocalDate = zSingleLineText().refine(
  (d) => LOCAL_DATE.test(d) && localDateTimeProblem(`${d}T00:00`) === null,
  M.date,
);

/** A query-string number: '50' → 50, anything else a field error (never a 500). */
const zQueryInt = (message: string) =>
  zSingleLineText()
    .regex(/^\d{1,4}$/, message)
    .transform(Number);

/** GET /api/shows: the page's URL parameters, the same names on both. */
export const ZCityShowsQuery = z
  .strictObject({
    near: zSingleLineText().trim().min(1, M.nearRequired).max(CITY_SHOWS_NEAR_MAX, M.nearRequired),
    radius: zQueryInt(M.radius)
      .refine((r) => (CITY_SHOWS_RADII as readonly number[]).includes(r), M.radius)
      .optional(),
    when: z.enum(CITY_SHOWS_WHEN, M.date).optional(),
    from: zLocalDate.optional(),
    to: zLocalDate.optional(),
    genre: z.enum(GENRES, M.genre).optional(),
    page: zQueryInt(M.page)
      .refine((p) => p >= 1 && p <= CITY_SHOWS_MAX_PAGE, M.page)
      .optional(),
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, { message: M.dateOrder, path: ['to'] })
  .refine((q) => !(q.when && (q.from || q.to)), { message: M.whenWithDates, path: ['when'] });
export type TCityShowsQuery = z.input<typeof ZCityShowsQuery>;

/** One show of the listing: who, where, when (with its zone) and how far; no figures, no fans. */
export const ZCityShow = z.object({
  id: z.string(),
  artist: z.object({ id: z.string(), name: z.string() }),
  supportingActs: z.array(z.string()),
  venue: z.object({
    id: z.string().nullable(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  startsAt: z.string(),
  timeZone: z.string(),
  genre: z.string(),
  status: ZShowStatus,
  /** From the searched place's centre (a city's: the middle of its ZIPs), to a tenth of a mile. */
  distanceMiles: z.number(),
});
export type TCityShow = z.infer<typeof ZCityShow>;

export const ZCityPlace = z.object({
  /** 'Boston, MA', as the page's title names it. */
  label: z.string(),
  city: z.string(),
  state: z.string(),
  /** The ZIP searched for; null when a city was. */
  zipCode: z.string().nullable(),
});
export type TCityPlace = z.infer<typeof ZCityPlace>;

export const ZCityShows = z.object({
  place: ZCityPlace,
  /**
   * A city name without a state that several states have: the page lists the largest (most ZIPs)
   * and offers these, largest first.
   */
  otherPlaces: z.array(ZCityPlace).max(5),
  radiusMiles: z.number().int(),
  /** The local days the date filter covers ('week', 'weekend', 'month' resolved), else null. */
  dates: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  page: z.number().int(),
  hasNext: z.boolean(),
  /** Soonest first (then by id, so pages never overlap). */
  shows: z.array(ZCityShow).max(CITY_SHOWS_PAGE_SIZE),
});
export type TCityShows = z.infer<typeof ZCityShows>;
