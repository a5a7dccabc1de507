/**
 * How a show's start is written everywhere (in its venue's time zone, in English), without zod.
 * The web formats with these options; the server writes the fan home's starts with them
 * (`showLocalStart`), so the dashboard's first screen builds no Intl formatter (on a slow
 * phone the page's first one costs 13–17 ms while the browser loads its locale data).
 */

/** 'Sat, Dec 12, 2026, 8:00 PM CST'. */
export const SHOW_TIME_OPTIONS = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const satisfies Intl.DateTimeFormatOptions;
/** A show card's date leaf: 'Dec' (printed upper-case) and '12'. */
export const DATE_LEAF_MONTH = { month: 'short' } as const satisfies Intl.DateTimeFormatOptions;
export const DATE_LEAF_DAY = { day: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;

/** Every show time is in English (US), as the rest of the app's text. */
export const SHOW_TIME_LOCALE = 'en-US';

export type TShowLocalStart = { text: string; month: string; day: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions, timeZone: string, date: Date): string {
  const key = `${JSON.stringify(options)} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(SHOW_TIME_LOCALE, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** The start as the web prints it: the full text and the date leaf's month (upper-case) and day. */
export function showLocalStart(iso: string, timeZone: string): TShowLocalStart {
  const date = new Date(iso);
  return {
    text: format(SHOW_TIME_OPTIONS, timeZone, date),
    month: format(DATE_LEAF_MONTH, timeZone, date).toUpperCase(),
    day: format(DATE_LEAF_DAY, timeZone, date),
  };
}
