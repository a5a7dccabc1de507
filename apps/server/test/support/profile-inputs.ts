import type {
  TFanProfileInput,
  TPerformerProfileInput,
  TRole,
  TVenueProfileInput,
} from '@encore/contract';
import type { FastifyInstance } from 'fastify';

/** A complete, valid setup form per role: every field set, so a round trip checks them all. */
export const fanInput = (overrides: Partial<TFanProfileInput> = {}): TFanProfileInput => ({
  tagName: 'LoudFan',
  ageRange: '25-34',
  gender: 'female',
  email: 'loud.fan@example.com',
  phone: '(212) 555-0142',
  homeCity: 'New York',
  zipCode: '10001',
  preferredRadius: 40,
  smsOptIn: true,
  favoriteGenres: ['Rock', 'Jazz'],
  ...overrides,
});

export const performerInput = (
  overrides: Partial<TPerformerProfileInput> = {},
): TPerformerProfileInput => ({
  artistName: 'The Echoes',
  bio: 'Four-piece indie band from Austin.',
  genres: ['Indie', 'Rock'],
  email: 'band@echoes.example.com',
  phone: '(512) 555-0100',
  bookingAgentEmail: 'agent@echoes.example.com',
  bookingAgentPhone: '(512) 555-0101',
  websiteUrl: 'https://echoes.example.com',
  spotifyUrl: 'https://open.spotify.com/artist/echoes',
  instagramHandle: 'theechoes',
  facebookPage: 'https://facebook.com/theechoes',
  twitterHandle: 'echoes_band',
  tiktokHandle: 'echoes.band',
  youtubeChannel: 'https://youtube.com/@theechoes',
  yearsActive: 7,
  avgShowLength: '1.5 hours',
  typicalVenueCapacity: '500-1000',
  currentlyTouring: true,
  ...overrides,
});

export const venueInput = (overrides: Partial<TVenueProfileInput> = {}): TVenueProfileInput => ({
  venueName: 'The Blue Room',
  description: 'Intimate club with a great sound system.',
  streetAddress: '123 Main Street',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  phone: '(312) 555-0199',
  email: 'hello@blueroom.example.com',
  maxCapacity: 350,
  venueType: 'theater',
  websiteUrl: 'https://blueroom.example.com',
  ageRestriction: '18+',
  bookingContactName: 'Dana Booker',
  bookingEmail: 'booking@blueroom.example.com',
  bookingPhone: '(312) 555-0198',
  bookingLeadTime: '2 months',
  typicalShowTime: '21:30',
  operatingDays: ['Thursday', 'Friday', 'Saturday'],
  amenities: ['Stage', 'Sound System', 'Green Room'],
  ...overrides,
});

export const INPUTS = { fan: fanInput, performer: performerInput, venue: venueInput } as const;

/** A request the way the web app sends it: JSON, same origin, the session cookie. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export function saveProfile(app: FastifyInstance, role: TRole, cookie: string, body?: unknown) {
  return send(app, 'PUT', `/api/profile/${role}`, cookie, body ?? INPUTS[role]());
}
