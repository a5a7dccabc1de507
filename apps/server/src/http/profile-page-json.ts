import {
  type TArtistAlert,
  type TArtistPage,
  type TVenuePage,
  ZArtistPage,
  ZVenuePage,
} from '@encore/contract';
import type { z } from 'zod';
import { firstStart } from './public-cache.ts';

/**
 * An artist's or venue's page as its route sends it (decision 054): its schema's bytes (an artist
 * page's with `alert` null), the shows it lists for its tags, and the first upcoming start for its
 * expiry.
 */
export type ProfilePageJson = {
  json: string;
  showIds: string[];
  firstStartMs: number | null;
};

/** Its shows' ids in the page's order and the first upcoming start, as its statement reads them. */
type ShowIds = { showIds: string[]; firstStartMs: number | null };

/** Every artist page ends so (ZArtistPage's last key): a fan's own alert replaces the `null`. */
const NO_ALERT_END = ',"alert":null}';

/**
 * A list of show fragments (ZShow's JSON, http/show-fragments.ts); a show gone between the page's
 * two reads is undefined and left out, as a read a moment later would.
 */
const list = (shows: ReadonlyArray<string | undefined>) => `[${shows.filter(Boolean).join(',')}]`;

/**
 * The artist page of the artist and its shows' fragments: the bytes ZArtistPage's serializer
 * writes for the page read whole (keys in its order).
 */
export function artistPageOf(
  artist: TArtistPage['artist'],
  upcoming: ReadonlyArray<string | undefined>,
  past: ReadonlyArray<string | undefined>,
  ids: ShowIds,
): ProfilePageJson {
  const own = JSON.stringify(ZArtistPage.shape.artist.parse(artist));
  return {
    json: `{"artist":${own},"upcoming":${list(upcoming)},"past":${list(past)}${NO_ALERT_END}`,
    ...ids,
  };
}

/** The venue page of the venue and its shows' fragments: ZVenuePage's serializer's bytes. */
export function venuePageOf(
  venue: TVenuePage['venue'],
  upcoming: ReadonlyArray<string | undefined>,
  ids: ShowIds,
): ProfilePageJson {
  const own = JSON.stringify(ZVenuePage.shape.venue.parse(venue));
  return { json: `{"venue":${own},"upcoming":${list(upcoming)}}`, ...ids };
}

/** A page read whole (SHOW_FRAGMENTS=off): its schema's serializer's bytes. */
export function pageOfWhole<T extends { upcoming: Array<{ id: string; startsAt: string }> }>(
  schema: z.ZodType<T>,
  page: T & { past?: Array<{ id: string }> },
): ProfilePageJson {
  return {
    json: JSON.stringify(schema.parse(page)),
    showIds: [...page.upcoming, ...(page.past ?? [])].map((show) => show.id),
    firstStartMs: firstStart(page.upcoming),
  };
}

/** The artist page as a fan sees it: their own alert in place of `null`. */
export function withAlert(page: ProfilePageJson, alert: TArtistAlert | null): string {
  if (alert === null) return page.json;
  if (!page.json.endsWith(NO_ALERT_END)) throw new Error('An artist page without its alert slot');
  const own = JSON.stringify(ZArtistPage.shape.alert.parse(alert));
  return `${page.json.slice(0, -'null}'.length)}${own}}`;
}

/** The page's object, for what reads it (its HTML head): parsed once per HTML page made. */
export const pageValue = <T>(page: ProfilePageJson): T => JSON.parse(page.json) as T;
