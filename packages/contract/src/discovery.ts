import { z } from 'zod';
import { ALERT_CHANNELS } from './artists.ts';
import { ZShow } from './shows.ts';
import { zSingleLineText } from './text-fields.ts';

/**
 * Discovery ('Discover Artists') and Recommended (spec "Discovery", "Other fan pages"). Both are
 * a fan's pages: the API answers 401 signed out and 403 to performers and venues.
 */

/** Spec section 9: the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Not in the spec: a page of results (divides into rows of 1, 2, 3 and 4 cards). */
export const ARTIST_SEARCH_MAX = 24;
/** Not in the spec: the longest list /recommended shows. */
export const RECOMMENDED_MAX = 30;
export const ARTIST_SEARCH_QUERY_MAX = 100;

/** The spec's labels, word for word, and our own few beside them. */
export const DISCOVERY_LABELS = {
  title: 'Discover Artists',
  searchLabel: 'Search artists or genres',
  searchResults: 'Search Results',
  recommendedArtists: 'Recommended Artists',
  /** With the music provider connected (a later issue). */
  spotifyLibraryResults: 'Spotify Library Results',
  yourTopArtists: 'Your Top Artists',
  searchSpotifyLibrary: 'Search Spotify Library',
  connectSpotify: 'Connect Spotify',
  noArtists: 'No artists found',
  tryAdjusting: 'Try adjusting your search',
  onTour: 'On Tour',
  watching: 'Watching',
  recommendedTitle: 'Recommended',
} as const;

/** GET /api/discovery/artists?q=: artists by name (fuzzy) or genre. An empty q finds nothing. */
export const ZArtistSearchQuery = z.strictObject({
  q: zSingleLineText().trim().max(ARTIST_SEARCH_QUERY_MAX).default(''),
});
export type TArtistSearchQuery = z.input<typeof ZArtistSearchQuery>;

/** An artist as Discovery and Recommended list them, with the fan's own alert on them. */
export const ZDiscoveredArtist = z.object({
  id: z.string(),
  name: z.string(),
  genres: z.array(z.string()),
  photoUrl: z.string().nullable(),
  /** An upcoming show that is not cancelled. */
  onTour: z.boolean(),
  /** The signed-in fan's alert channels on this artist; null: not watching. */
  alertChannels: z.array(z.enum(ALERT_CHANNELS)).nullable(),
});
export type TDiscoveredArtist = z.infer<typeof ZDiscoveredArtist>;

/** Best first: exact name, name prefix, word prefix, substring, genre, then close spellings. */
export const ZArtistSearchResults = z.object({
  results: z.array(ZDiscoveredArtist).max(ARTIST_SEARCH_MAX),
});
export type TArtistSearchResults = z.infer<typeof ZArtistSearchResults>;

/** An artist on tour, with the show that puts them on the list. */
export const ZRecommendedArtist = ZDiscoveredArtist.extend({
  /** Their soonest such show within the fan's radius of home, else their soonest anywhere. */
  show: ZShow,
  /** From the fan's home to that show's venue. */
  distanceMiles: z.number(),
  /** The show is within the fan's radius. */
  nearby: z.boolean(),
});
export type TRecommendedArtist = z.infer<typeof ZRecommendedArtist>;

/**
 * GET /api/discovery/recommended: artists with upcoming shows of the fan's favourite genres (the
 * show's genre, as on 'Your Alerts'); those playing within the fan's radius first, each part by
 * show date. A fan without a profile has no genres or home yet: no artists, `home` null.
 */
export const ZRecommendations = z.object({
  home: z
    .object({ city: z.string(), radiusMiles: z.number().int(), genres: z.array(z.string()) })
    .nullable(),
  artists: z.array(ZRecommendedArtist).max(RECOMMENDED_MAX),
});
export type TRecommendations = z.infer<typeof ZRecommendations>;
