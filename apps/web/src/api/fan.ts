/**
 * The fan's own cached answers share one prefix, across features (fan-shows' lists, the calendar
 * feed card, location's 'Finish setting up' card), so that a change of plans (Going, Attended,
 * Not going) refreshes all of them with one invalidation of `all`.
 */
export const fanKeys = {
  all: ['fan'] as const,
  home: ['fan', 'home'] as const,
  alerts: ['fan', 'alerts'] as const,
  attending: ['fan', 'shows-attending'] as const,
  attended: ['fan', 'shows-attended'] as const,
  calendarFeed: ['fan', 'calendar-feed'] as const,
  finishSetup: ['fan', 'finish-setup'] as const,
};

/**
 * The dashboard's two reads. Its route starts them while its code downloads (lib/early-requests.ts),
 * so their URLs live here, beside the keys, rather than only in their fetchers.
 */
export const fanUrls = {
  home: '/api/fan/home',
  finishSetup: '/api/fan/finish-setup',
} as const;

/**
 * Marks and alerts are also set on the show and artist pages (other features), so the fan's
 * lists are refetched whenever one of the fan's pages opens rather than trusted for the usual 30 s.
 */
export const FAN_LIST_STALE_TIME = 0;
