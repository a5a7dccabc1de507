import type { TShow } from '@encore/contract';

/**
 * One public show for component tests: Night Static at The Lantern, Chicago, confirmed, on sale.
 * Each feature's fixtures pass what their tests are about (the date, tickets, the line-up).
 */
export const baseShow = (overrides: Partial<TShow> = {}): TShow => ({
  id: 'show-1',
  performer: { id: 'artist-1', name: 'Night Static', photoUrl: null, genres: ['Rock'] },
  venue: {
    id: 'venue-1',
    name: 'The Lantern',
    streetAddress: '12 Main St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
    photoUrl: null,
  },
  startsAt: '2027-06-13T01:00:00.000Z',
  timeZone: 'America/Chicago',
  ticketUrl: 'https://tickets.example.com/night-static',
  priceMin: 20,
  priceMax: 35,
  onSaleAt: null,
  supportingActs: [],
  genre: 'Rock',
  status: 'on_sale',
  attendingCount: 0,
  createdById: 'artist-1',
  confirmation: { state: 'confirmed', partyId: null },
  ...overrides,
});
