import { ALERT_CHANNELS } from './alert-channels.ts';
import { GENRES } from './options.ts';
import { ZShow } from './shows.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

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
  /** Our own: the genre chips on Discovery and the genre page. */
  browseByGenre: 'Browse by genre',
  genreTitle: (genre: string) => `${genre} artists`,
  noGenreArtists: (genre: string) => `No ${genre} artists on Encore yet`,
  noUpcomingShow: 'No upcoming shows',
  more: 'More',
  /** The API's 404 for a genre address that names none of GENRES. */
  unknownGenre: 'There is no such genre on Encore',
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

/** GET /api/discovery/recommended?place=: measure from one of the fan's places instead of home. */
export const ZRecommendedQuery = z.strictObject({ place: zSingleLineText().max(200).optional() });

/**
 * GET /api/discovery/recommended: artists with upcoming shows of the fan's favourite genres (the
 * show's genre, as on 'Your Alerts'); those playing within the fan's radius first, each part by
 * show date. A fan without a profile has no genres or home yet: no artists, `home` null.
 */
export const ZRecommendations = z.object({
  home: z
    .object({
      city: z.string(),
      radiusMiles: z.number().int(),
      genres: z.array(z.string()),
      /** Measured from one of the fan's other places (fan-places.ts): its id; null from home. */
      placeId: z.string().nullable().default(null),
      /** That place's trip, 'Mar 10–17': nearby shows fall inside it. */
      trip: z.string().nullable().default(null),
    })
    .nullable(),
  artists: z.array(ZRecommendedArtist).max(RECOMMENDED_MAX),
});
export type TRecommendations = z.infer<typeof ZRecommendations>;

/** Not in the spec: a page of a genre's artists ('More' asks for the next). */
export const GENRE_PAGE_SIZE = 24;
/** The deepest page the genre list serves; past it the fan searches instead. */
export const GENRE_OFFSET_MAX = 2_400;

/**
 * A genre in a URL: lower case, '&' spelled 'and', anything else not a letter or digit a hyphen
 * ('Hip-Hop' → 'hip-hop', 'R&B' → 'r-and-b'), so every genre has one readable, safe address.
 */
export function genreSlug(genre: (typeof GENRES)[number]): string {
  return genre
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The genre a URL's slug names, whatever its case; undefined for anything else. */
export function genreFromSlug(slug: string): (typeof GENRES)[number] | undefined {
  const wanted = slug.toLowerCase();
  return GENRES.find((genre) => genreSlug(genre) === wanted);
}

/** GET /api/discovery/genres/:genre?offset=: `:genre` is a slug (genreSlug). */
export const ZGenreArtistsQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(GENRE_OFFSET_MAX).default(0),
});
export type TGenreArtistsQuery = z.input<typeof ZGenreArtistsQuery>;

/** An artist of the genre with their upcoming show nearest the fan's home, if they have one. */
export const ZGenreArtist = ZDiscoveredArtist.extend({
  /** Their upcoming confirmed, not cancelled show nearest the fan's home (the sooner of two as near); null: none. */
  show: ZShow.nullable(),
  /** From the fan's home to that show's venue; null without a show or a home. */
  distanceMiles: z.number().nullable(),
});
export type TGenreArtist = z.infer<typeof ZGenreArtist>;

/**
 * A genre's page: artists whose profile lists the genre. Those with an upcoming show first, the
 * nearest show to the fan's home first (by date for a fan without a home yet), then those with
 * no upcoming show, A–Z. `nextOffset`: where 'More' continues; null at the end.
 */
export const ZGenreArtists = z.object({
  genre: z.enum(GENRES),
  home: z.object({ city: z.string() }).nullable(),
  artists: z.array(ZGenreArtist).max(GENRE_PAGE_SIZE),
  nextOffset: z.number().int().nullable(),
});
export type TGenreArtists = z.infer<typeof ZGenreArtists>;
