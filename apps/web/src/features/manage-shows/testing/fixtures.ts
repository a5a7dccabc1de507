import type { TOwnShow } from '@encore/contract';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

type Handlers = Parameters<typeof stubApi>[0];

/**
 * A year whose dates are always upcoming and inside the contract's window (SHOW_DATE_YEARS_AHEAD):
 * forms send their dates through that rule, so they cannot use a far-off fixed year.
 */
export const NEXT_YEAR = new Date().getFullYear() + 1;

export function showFixture(overrides: Partial<TOwnShow> = {}): TOwnShow {
  return {
    id: 'show-1',
    performer: { id: 'performer-1', name: 'The Night Owls', photoUrl: null, genres: ['Rock'] },
    venue: {
      id: 'venue-1',
      name: 'Blue Room',
      streetAddress: '12 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      photoUrl: null,
    },
    // 8 pm in Austin (CST, UTC-6).
    startsAt: '2099-12-12T02:00:00.000Z',
    timeZone: 'America/Chicago',
    ticketUrl: 'https://tickets.example/1',
    priceMin: 20,
    priceMax: 35,
    onSaleAt: null,
    supportingActs: [],
    genre: 'Rock',
    status: 'announced',
    attendingCount: 3,
    venueCapacity: 500,
    attendance: null,
    grossRevenue: null,
    merchRevenue: null,
    createdById: 'performer-1',
    confirmation: { state: 'confirmed', partyId: 'venue-1' },
    ...overrides,
  };
}

/**
 * A signed-in performer (id performer-1) or venue (id venue-1) with `shows` as their own and no
 * booking requests (testing/booking-fixtures.ts fakes those).
 */
export function stubOwner(
  role: 'performer' | 'venue',
  shows: TOwnShow[] = [],
  handlers: Handlers = {},
) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ id: `${role}-1`, role, profileComplete: true }) }),
    'GET /api/shows/mine': () => json({ shows }),
    'GET /api/booking-requests': () => json({ requests: [] }),
    ...handlers,
  });
}
