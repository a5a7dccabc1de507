import { RADIUS_DEFAULT_MILES } from './constants.ts';
import { isRealLocalDate } from './local-date-time.ts';
import { PROFILE_EXTRA_MESSAGES as X } from './profile-messages.ts';
import { zRadiusMiles } from './profiles.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The places a fan keeps besides home (issue 35 §2, decision 049): where family lives, where they
 * travel. Each is a ZIP or a city with its own radius; a trip also has its first and last day, and
 * then alerts only for shows starting inside it (the venue's calendar). Genre-and-radius alerts,
 * the city page and Discovery's nearby lists use them beside the home.
 */
export const FAN_PLACES_MAX = 5;
export const FAN_PLACE_NEAR_MAX = 100;

export const FAN_PLACE_MESSAGES = {
  tooMany: `You can keep up to ${FAN_PLACES_MAX} places besides home. Remove one to add another.`,
  nearRequired: 'Enter a city or ZIP',
  nearUnknown:
    'We could not find that city or ZIP. Try a US city and state, like Austin, TX, or a 5-digit ZIP.',
  radius: X.radius,
  tripDate: 'Enter a date as YYYY-MM-DD',
  tripBoth: 'Enter both trip dates, or leave both empty',
  tripOrder: 'The trip cannot end before it starts',
  tripPast: 'Trip dates cannot be in the past',
  notFound: 'Place not found',
  fansOnly: 'Only fans keep places',
} as const;

export const FAN_PLACE_LABELS = {
  title: 'Other places',
  intro:
    'Alerts also cover these places, each with its own radius. Give a trip its dates to hear only of shows during it.',
  empty: 'No other places yet. Add where family lives or where you travel.',
  add: 'Add a place',
  near: 'City or ZIP',
  nearPlaceholder: 'Austin, TX or 78701',
  radius: 'Radius',
  tripStart: 'Trip starts',
  tripEnd: 'Trip ends',
  tripHint: 'Optional: alerts only for shows between these days.',
  save: 'Save place',
  saving: 'Saving...',
  edit: 'Edit',
  remove: 'Remove',
  cancel: 'Cancel',
  added: 'Place added',
  updated: 'Place updated',
  removed: 'Place removed',
  loadFailed: 'Your places could not be loaded.',
  retry: 'Try again',
  full: `You keep ${FAN_PLACES_MAX} places, the most there can be.`,
  home: 'Home',
} as const;

const M = FAN_PLACE_MESSAGES;

const zTripDate = zSingleLineText()
  .refine((d) => isRealLocalDate(d), M.tripDate)
  .nullable()
  .default(null);

/** POST /api/fan/places and PUT /api/fan/places/:id: the place as typed, its radius, its trip. */
export const ZFanPlaceInput = z
  .strictObject({
    near: zSingleLineText().trim().min(1, M.nearRequired).max(FAN_PLACE_NEAR_MAX, M.nearRequired),
    radius: zRadiusMiles(),
    tripStart: zTripDate,
    tripEnd: zTripDate,
  })
  .superRefine((v, ctx) => {
    if ((v.tripStart === null) !== (v.tripEnd === null)) {
      const path = v.tripStart === null ? 'tripStart' : 'tripEnd';
      ctx.addIssue({ code: 'custom', path: [path], message: M.tripBoth });
    } else if (v.tripStart && v.tripEnd && v.tripEnd < v.tripStart) {
      ctx.addIssue({ code: 'custom', path: ['tripEnd'], message: M.tripOrder });
    }
  });
export type TFanPlaceInput = z.input<typeof ZFanPlaceInput>;
export type TFanPlaceValues = z.output<typeof ZFanPlaceInput>;

/** A new place's radius before the fan moves it: the spec's default. */
export const FAN_PLACE_DEFAULT_RADIUS = RADIUS_DEFAULT_MILES;

/**
 * A trip that has ended is refused ('YYYY-MM-DD' compare as strings). `today` is the place's day on
 * the server (its time zone) and the browser's in the form: the zod schema cannot know either.
 */
export function tripPastProblem(tripEnd: string | null, today: string): string | null {
  return tripEnd !== null && tripEnd < today ? M.tripPast : null;
}

/** A kept place, as the settings list it. `zipCode` is null for a city. */
export const ZFanPlace = z.object({
  id: z.string(),
  label: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string().nullable(),
  radius: z.number().int(),
  tripStart: z.string().nullable(),
  tripEnd: z.string().nullable(),
});
export type TFanPlace = z.infer<typeof ZFanPlace>;

export const ZFanPlaces = z.object({ places: z.array(ZFanPlace) });
export type TFanPlaces = z.infer<typeof ZFanPlaces>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Mar 10–17', 'Mar 30–Apr 2', 'Mar 10' (one day): a trip's days as the alert's why-line and the
 * settings say them. The matcher writes the same words in SQL (match-places.repo.ts' tripLabel),
 * held to this by test/alerts/fan-places-match.test.ts.
 */
export function tripLabel(start: string, end: string): string {
  const day = (d: string) => ({
    month: MONTHS[Number(d.slice(5, 7)) - 1],
    day: Number(d.slice(8)),
  });
  const a = day(start);
  const b = day(end);
  if (start === end) return `${a.month} ${a.day}`;
  return a.month === b.month && start.slice(0, 4) === end.slice(0, 4)
    ? `${a.month} ${a.day}–${b.day}`
    : `${a.month} ${a.day}–${b.month} ${b.day}`;
}
