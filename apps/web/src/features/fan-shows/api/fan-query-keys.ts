/**
 * The fan's own lists share one prefix so that a change of plans (Going, Attended, Not going)
 * refreshes all of them with one invalidation.
 */
export const fanQueryKeys = {
  all: ['fan'] as const,
  home: ['fan', 'home'] as const,
  alerts: ['fan', 'alerts'] as const,
  attending: ['fan', 'shows-attending'] as const,
  attended: ['fan', 'shows-attended'] as const,
};

/**
 * Marks and alerts are also set on the show and artist pages (other features), so these lists
 * are refetched whenever one of the fan's pages opens rather than trusted for the usual 30 s.
 */
export const FAN_LIST_STALE_TIME = 0;
