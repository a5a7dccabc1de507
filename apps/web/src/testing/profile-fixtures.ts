import type { TBookingRequest, TFanProfile, TVenueProfile } from '@encore/contract';

// Fixtures several features' tests share: each returns a new object, `overrides` on top.

/** Nightowl, a Brooklyn fan (ZIP 11201, 25 miles, Rock), phone not verified. */
export const fanProfile = (overrides: Partial<TFanProfile> = {}): TFanProfile => ({
  tagName: 'nightowl',
  ageRange: '25-34',
  gender: 'female',
  email: 'owl@example.test',
  phone: '(555) 123-4567',
  homeCity: 'Brooklyn',
  zipCode: '11201',
  homeState: 'NY',
  preferredRadius: 25,
  smsOptIn: false,
  favoriteGenres: ['Rock'],
  photoUrl: null,
  phoneVerified: false,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** The Roost, a Brooklyn club of 100. */
export const venueProfile = (overrides: Partial<TVenueProfile> = {}): TVenueProfile => ({
  venueName: 'The Roost',
  description: 'A small room.',
  streetAddress: '1 Main Street',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
  phone: '(555) 444-5555',
  email: 'roost@example.test',
  maxCapacity: 100,
  venueType: 'club',
  websiteUrl: null,
  ageRestriction: '21+',
  bookingContactName: 'Sam Booker',
  bookingEmail: 'book@example.test',
  bookingPhone: '(555) 666-7777',
  bookingLeadTime: '1 month',
  typicalShowTime: '20:00',
  operatingDays: ['Friday', 'Saturday'],
  amenities: ['Stage', 'Parking'],
  photoUrl: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** A pending request from Velvet Static (performer-1) to Blue Room (venue-1) for 6 March 2099. */
export function bookingRequest(overrides: Partial<TBookingRequest> = {}): TBookingRequest {
  return {
    id: 'request-1',
    performerId: 'performer-1',
    performerName: 'Velvet Static',
    performerGenres: ['Indie', 'Rock'],
    venueId: 'venue-1',
    venueName: 'Blue Room',
    city: 'Austin',
    state: 'TX',
    date: '2099-03-06',
    message: 'Hello Blue Room,\n\nVelvet Static would love to play your room in March.',
    status: 'pending',
    declineNote: null,
    planId: 'plan-1',
    showId: null,
    createdAt: '2099-01-11T12:00:00.000Z',
    answeredAt: null,
    ...overrides,
  };
}
