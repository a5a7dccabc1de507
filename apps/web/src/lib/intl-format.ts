/**
 * Intl formatters, built on first use and kept for the page's life. Building one is not free
 * (0.1–2 ms on a phone, and the first of a page ~10 ms while the browser loads its locale data),
 * so a module does not build one when it loads — that would run on every start-up of every page
 * that bundles it, whether or not anything is formatted — and a list does not build one per item.
 */
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

const built = new Map<string, Formatter>();

function cached<F extends Formatter>(key: string, build: () => F): F {
  const known = built.get(key);
  if (known) return known as F;
  const made = build();
  built.set(key, made);
  return made;
}

const keyOf = (kind: string, options: object | undefined) =>
  `${kind} ${options ? JSON.stringify(options) : ''}`;

/** Every formatter here is in English (US), as the rest of the app's text. */
const LOCALE = 'en-US';

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(keyOf('date', options), () => new Intl.DateTimeFormat(LOCALE, options));
}

export function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(keyOf('number', options), () => new Intl.NumberFormat(LOCALE, options));
}

export function relativeTimeFormat(
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached(keyOf('relative', options), () => new Intl.RelativeTimeFormat(LOCALE, options));
}
