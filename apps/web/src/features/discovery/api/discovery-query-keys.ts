/** Every cached answer of this feature sits under 'discovery', so a saved alert can patch them all. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  search: (q: string) => ['discovery', 'search', q] as const,
  recommended: ['discovery', 'recommended'] as const,
  /** Measured from one of the fan's other places instead of home. */
  recommendedFrom: (placeId: string) => ['discovery', 'recommended', placeId] as const,
  /** A genre's pages, under its slug as the URL has it. */
  genre: (slug: string) => ['discovery', 'genre', slug] as const,
  /**
   * What was read from the fan's Spotify, under the connection it was read with: connecting
   * another account (or again) starts new keys instead of showing the old account's artists.
   */
  spotify: (connection: string) => ['discovery', 'spotify', connection] as const,
};
