import { ZIP_PATTERN } from './profile-fields.ts';
import { FAN_MESSAGES as F } from './profile-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * Fans ask an artist for a show near them ("Request a show near me" on the artist's page): one
 * open request per fan, artist and place (the fan's home ZIP). The artist's dashboard counts them
 * per city, the tour planner weighs them as demand, and the artist's next announcement within the
 * fan's radius of the place alerts the fan ("You asked for a show in Denver") and closes it.
 */
export const SHOW_REQUEST_STATUSES = ['open', 'closed'] as const;
export type TShowRequestStatus = (typeof SHOW_REQUEST_STATUSES)[number];

export const SHOW_REQUEST_MESSAGES = {
  button: 'Request a show near me',
  requested: 'Requested',
  withdraw: 'Withdraw',
  fansOnly: 'Only fans can ask for a show',
  homeRequired: 'Add your home ZIP code to your profile first',
  notHome: 'Ask for a show at your home ZIP code',
  duplicate: 'You already asked for a show here',
  notFound: 'No request to withdraw',
  artistNotFound: 'Artist not found',
  cardTitle: 'Show requests',
  cardEmpty: 'No fan has asked for a show yet. Fans ask from your artist page.',
  aFew: 'a few',
} as const;

/** The alert's reason when an announcement answers a fan's request (the matcher's words). */
export const showRequestReason = (city: string) => `You asked for a show in ${city}`;

/** "212 fans asked for Denver"; "A few fans asked for Denver" under SMALL_GROUP_MIN. */
export function showRequestCountText(fans: number | null, city: string): string {
  if (fans === null) return `A few fans asked for ${city}`;
  return `${fans.toLocaleString('en-US')} ${fans === 1 ? 'fan' : 'fans'} asked for ${city}`;
}

/** POST /api/artists/:id/show-request: the place asked for, the fan's home ZIP (the only place a fan keeps). */
export const ZShowRequestInput = z.strictObject({
  zipCode: zSingleLineText().trim().regex(ZIP_PATTERN, F.zipCode),
});
export type TShowRequestInput = z.infer<typeof ZShowRequestInput>;

/**
 * GET /api/artists/:id/show-request: the signed-in fan's side. `place` is the fan's home (null
 * without a profile); `requested` whether an open request of theirs is on it; `fans` how many fans
 * asked this artist for that city (null: a few, under SMALL_GROUP_MIN; 0: nobody yet).
 */
export const ZShowRequestState = z.object({
  place: z.object({ zipCode: z.string(), city: z.string(), state: z.string() }).nullable(),
  requested: z.boolean(),
  fans: z.number().int().nullable(),
});
export type TShowRequestState = z.infer<typeof ZShowRequestState>;
