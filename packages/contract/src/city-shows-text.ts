/**
 * The public city listing's constants, labels and messages (its schemas are in city-shows.ts):
 * apart, so the landing page links to the listing with one label without downloading the schemas
 * (the first pages' 100 KB budget).
 */

export const CITY_SHOWS_PAGE_SIZE = 50;
/** The radii the page offers, in miles; the API takes these only (a shared URL stays one of them). */
export const CITY_SHOWS_RADII = [10, 25, 50, 100, 250] as const;
export const CITY_SHOWS_DEFAULT_RADIUS = 50;
/** Far enough for any sharable page, small enough that a crawler cannot walk the list forever. */
export const CITY_SHOWS_MAX_PAGE = 100;
export const CITY_SHOWS_NEAR_MAX = 100;
/** The quick date ranges, read in the searched place's own time zone (see the service). */
export const CITY_SHOWS_WHEN = ['week', 'weekend', 'month'] as const;
export type TCityShowsWhen = (typeof CITY_SHOWS_WHEN)[number];

export const CITY_SHOWS_LABELS = {
  title: (place: string) => `Shows near ${place}`,
  searchTitle: 'Find shows near you',
  searchLabel: 'City or ZIP',
  searchPlaceholder: 'Boston, MA or 02118',
  search: 'Search',
  radius: 'Distance',
  when: 'When',
  from: 'From',
  to: 'To',
  genre: 'Genre',
  anyDate: 'Any date',
  customDates: 'Pick dates',
  anyGenre: 'All genres',
  next: 'Next',
  previous: 'Previous',
  empty: 'No upcoming shows here yet',
  emptyHint: 'Try a larger distance, other dates, or all genres.',
  didYouMean: 'Did you mean',
  moreNear: (place: string) => `More shows near ${place}`,
  browseCities: 'Browse shows by city',
  whenLabels: { week: 'This week', weekend: 'This weekend', month: 'This month' },
} as const;

export const CITY_SHOWS_MESSAGES = {
  nearRequired: 'Enter a city or a 5-digit ZIP',
  /** Unknown place: says what the API can read, so the visitor can fix the search. */
  unknownPlace: (near: string) =>
    `We could not find “${near}”. Try a US city and state, like Boston, MA, or a 5-digit ZIP.`,
  radius: `Choose a distance of ${CITY_SHOWS_RADII.join(', ')} miles`,
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The end date must not be before the start date',
  whenWithDates: 'Choose a quick range or your own dates, not both',
  genre: 'Choose a genre from the list',
  page: `Pages run from 1 to ${CITY_SHOWS_MAX_PAGE}`,
} as const;
