/** Every cached answer of this feature sits under 'discovery', so a saved alert can patch them all. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  search: (q: string) => ['discovery', 'search', q] as const,
  recommended: ['discovery', 'recommended'] as const,
};
