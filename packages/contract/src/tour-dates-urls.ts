/**
 * The tour-date feeds' and widget's URLs, apart from the schemas (tour-dates.ts) so that the widget's
 * tiny bundle can import them without zod.
 */

/** Whose tour dates: an artist (performer) or a venue, as the feeds' and widget's URLs name them. */
export type TTourDatesOwner = 'artists' | 'venues';

/**
 * The URLs of the feeds and the widget, relative to Encore's origin: declared once for the
 * server's routes, the performer's settings (the snippet) and the widget itself.
 */
export const TOUR_DATES_URLS = {
  /** The widget's script: one stable URL, revalidated on every use (no hash in its name). */
  script: '/embed/tour-dates.js',
  json: (owner: TTourDatesOwner, id: string) =>
    `/api/${owner}/${encodeURIComponent(id)}/shows.json`,
  ics: (owner: TTourDatesOwner, id: string) => `/api/${owner}/${encodeURIComponent(id)}/shows.ics`,
  /** The page an `<iframe>` embeds: the widget alone, the one page others may frame. */
  frame: (owner: TTourDatesOwner, id: string) => `/embed/${owner}/${encodeURIComponent(id)}`,
} as const;
