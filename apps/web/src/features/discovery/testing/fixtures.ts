import type {
  TArtistAlert,
  TDiscoveredArtist,
  TGenreArtist,
  TGenreArtists,
  TRecommendations,
  TRecommendedArtist,
  TShow,
  TSpotifyArtist,
  TSpotifyConnectionStatus,
} from '@encore/contract';
import { fanProfile } from '@/testing/profile-fixtures';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const artist = (overrides: Partial<TDiscoveredArtist> = {}): TDiscoveredArtist => ({
  id: 'artist-1',
  name: 'Night Static',
  genres: ['Rock', 'Indie'],
  photoUrl: null,
  onTour: true,
  alertChannels: null,
  ...overrides,
});

/** Saturday 12 December 2099, 8:00 PM in Jersey City (EST): safely upcoming. */
const show = (overrides: Partial<TShow> = {}): TShow => ({
  id: 'show-1',
  performer: { id: 'artist-1', name: 'Night Static', photoUrl: null, genres: ['Rock', 'Indie'] },
  venue: {
    id: null,
    name: 'White Eagle Hall',
    streetAddress: '337 Newark Ave',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07302',
    photoUrl: null,
  },
  startsAt: '2099-12-13T01:00:00.000Z',
  timeZone: 'America/New_York',
  ticketUrl: null,
  priceMin: null,
  priceMax: null,
  onSaleAt: null,
  supportingActs: [],
  genre: 'Rock',
  status: 'announced',
  attendingCount: 0,
  createdById: 'artist-1',
  confirmation: { state: 'confirmed', partyId: null },
  ...overrides,
});

export const recommendedArtist = (
  overrides: Partial<TRecommendedArtist> = {},
  showOverrides: Partial<TShow> = {},
): TRecommendedArtist => {
  const base = artist(overrides);
  return {
    ...base,
    show: show({
      performer: { id: base.id, name: base.name, photoUrl: null, genres: base.genres },
      ...showOverrides,
    }),
    distanceMiles: 3.2,
    nearby: true,
    ...overrides,
  };
};

export const recommendations = (artists: TRecommendedArtist[]): TRecommendations => ({
  home: { city: 'Brooklyn', radiusMiles: 25, genres: ['Rock', 'Indie'], placeId: null, trip: null },
  artists,
});

/** An artist on a genre's page: with the show of `recommendedArtist` unless `show` is null. */
export const genreArtist = (
  overrides: Partial<TGenreArtist> = {},
  showOverrides: Partial<TShow> = {},
): TGenreArtist => {
  const { nearby: _nearby, ...base } = recommendedArtist({}, showOverrides);
  const merged = { ...base, ...overrides };
  return {
    ...merged,
    show: merged.show && {
      ...merged.show,
      performer: { ...merged.show.performer, id: merged.id, name: merged.name },
    },
  };
};

export const genrePage = (
  artists: TGenreArtist[],
  nextOffset: number | null = null,
  genre: TGenreArtists['genre'] = 'Jazz',
): TGenreArtists => ({ genre, home: { city: 'Brooklyn' }, artists, nextOffset });

const profile = fanProfile();

export const savedAlert = (a: TDiscoveredArtist, channels: TArtistAlert['channels']) => ({
  performerId: a.id,
  performerName: a.name,
  genres: a.genres,
  photoUrl: a.photoUrl,
  channels,
  createdAt: '2026-11-01T12:00:00.000Z',
});

/** A signed-in fan with a profile; recommendations empty unless given. */
export function stubDiscoveryFan(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile }),
    'GET /api/discovery/recommended': () => json(recommendations([])),
    'GET /api/spotify/connection': () => json({ configured: true, connection: null }),
    ...extra,
  });
}

export const spotifyConnected: TSpotifyConnectionStatus = {
  configured: true,
  connection: { displayName: 'Riley', spotifyUserId: 'riley', connectedAt: '2026-03-01T10:00:00Z' },
};

export const spotifyArtist = (overrides: Partial<TSpotifyArtist> = {}): TSpotifyArtist => ({
  spotifyId: 'sp-1',
  name: 'Night Static',
  genre: 'post-punk',
  imageUrl: null,
  encoreArtist: artist(),
  ...overrides,
});
