import type { GENRES, TExternalVenue, TShow } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { shows } from '../../src/db/schema/index.ts';
import { send } from './profile-inputs.ts';
import { announceAs, member } from './shows.ts';
import type { TestApp } from './test-app.ts';

/** Real US places (the server locates them through its bundled ZIP table). */
export const PLACES = {
  manhattan: { city: 'New York', state: 'NY', zipCode: '10001' },
  jerseyCity: { city: 'Jersey City', state: 'NJ', zipCode: '07302' },
  brooklyn: { city: 'Brooklyn', state: 'NY', zipCode: '11201' },
  bronx: { city: 'Bronx', state: 'NY', zipCode: '10451' },
  philadelphia: { city: 'Philadelphia', state: 'PA', zipCode: '19103' },
  losAngeles: { city: 'Los Angeles', state: 'CA', zipCode: '90012' },
} as const;
type Place = (typeof PLACES)[keyof typeof PLACES];

export const externalVenue = (place: Place, name = `Club in ${place.city}`): TExternalVenue => ({
  name,
  streetAddress: '1 Music Street',
  ...place,
});

/** A performer who can announce shows; `id` for alerts and `cookie` to announce. */
export const performer = (t: TestApp, artistName = 'The Echoes') =>
  member(t, 'performer', { artistName });

/** A show at an external venue in `place`, announced by `by` through the API. */
export function showIn(
  t: TestApp,
  by: { id: string; cookie: string },
  place: Place,
  options: { genre?: (typeof GENRES)[number]; startsAtLocal?: string; venueName?: string } = {},
): Promise<TShow> {
  return announceAs(t, by.cookie, {
    performerId: by.id,
    venueId: null,
    externalVenue: externalVenue(place, options.venueName),
    genre: options.genre ?? 'Jazz',
    ...(options.startsAtLocal ? { startsAtLocal: options.startsAtLocal } : {}),
  });
}

export const going = (t: TestApp, cookie: string, showId: string) =>
  mark(t, cookie, showId, 'going');

export async function mark(
  t: TestApp,
  cookie: string,
  showId: string,
  status: 'going' | 'attended' | null,
) {
  const response = await send(t.app, 'PUT', `/api/shows/${showId}/attendance`, cookie, { status });
  if (response.statusCode !== 200) throw new Error(`attendance: ${response.body}`);
}

export async function watch(t: TestApp, cookie: string, performerId: string) {
  const body = { channels: ['email'] };
  const response = await send(t.app, 'PUT', `/api/artists/${performerId}/alert`, cookie, body);
  if (response.statusCode !== 200) throw new Error(`alert: ${response.body}`);
}

export async function cancel(t: TestApp, cookie: string, showId: string) {
  const response = await send(t.app, 'POST', `/api/shows/${showId}/cancel`, cookie);
  if (response.statusCode !== 200) throw new Error(`cancel: ${response.body}`);
}

/** Sets a show's start directly (announcing one in the past is refused by the API). */
export async function moveShow(t: TestApp, showId: string, startsAt: Date) {
  await t.database.orm.update(shows).set({ startsAt }).where(eq(shows.id, showId));
}

export const DAY_MS = 86_400_000;
