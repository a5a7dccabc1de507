import type { TArtistPage, TShow, TShowDetail, TVenuePage } from '@encore/contract';
import { baseShow } from '@/testing/show-fixture';

/** Saturday 12 June 2027, 8:00 PM in Chicago (CDT). */
export const SHOW_START = '2027-06-13T01:00:00.000Z';

export const show = (overrides: Partial<TShow> = {}): TShow =>
  baseShow({
    startsAt: SHOW_START,
    supportingActs: [{ name: 'Quiet Hours', performerId: null }],
    ...overrides,
  });

export const attendees = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `fan-${i}`, name: `Fan Number${i}`, photoUrl: null }));

export const showDetail = (overrides: Partial<TShowDetail> = {}): TShowDetail => ({
  show: show(),
  myAttendance: null,
  canEdit: false,
  attendees: [],
  palsGoing: null,
  newDatePending: false,
  ...overrides,
});

export const artistPage = (overrides: Partial<TArtistPage> = {}): TArtistPage => ({
  artist: {
    id: 'artist-1',
    name: 'Night Static',
    bio: 'Fuzz and feedback from the South Side.',
    genres: ['Rock', 'Indie'],
    photoUrl: null,
    currentlyTouring: true,
    websiteUrl: 'https://nightstatic.example.com',
    spotifyUrl: null,
    instagramHandle: '@nightstatic',
    followers: 1204,
  },
  upcoming: [show()],
  past: [],
  alert: null,
  ...overrides,
});

export const venuePage = (overrides: Partial<TVenuePage> = {}): TVenuePage => ({
  venue: {
    id: 'venue-1',
    name: 'The Lantern',
    description: 'A small room with a big sound.',
    streetAddress: '12 Main St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
    capacity: 450,
    venueType: 'club',
    ageRestriction: '21+',
    amenities: ['Parking', 'Bar'],
    websiteUrl: null,
    photoUrl: null,
  },
  upcoming: [],
  ...overrides,
});
