import { type TArtistAlert, type TArtistPage, ZArtistPage } from '@encore/contract';
import { firstStart } from '../http/public-cache.ts';

/**
 * The artist page as its route sends it (decision 054): ZArtistPage's bytes with `alert` null, the
 * shows it lists for its tags, and the first upcoming start for its expiry.
 */
export type ArtistPageJson = {
  json: string;
  showIds: string[];
  firstStartMs: number | null;
};

const ZArtist = ZArtistPage.shape.artist;
const ZAlert = ZArtistPage.shape.alert;
/** Every page ends so (ZArtistPage's last key): a fan's own alert replaces the `null`. */
const NO_ALERT_END = ',"alert":null}';

/**
 * The page of the artist and its shows' fragments (ZShow's JSON, http/show-fragments.ts; a show
 * gone between the two reads is undefined and left out, as a read a moment later would): the
 * bytes ZArtistPage's serializer writes for the page read whole (keys in its order).
 */
export function artistPageOf(
  artist: TArtistPage['artist'],
  upcoming: ReadonlyArray<string | undefined>,
  past: ReadonlyArray<string | undefined>,
  ids: { showIds: string[]; firstStartMs: number | null },
): ArtistPageJson {
  const list = (shows: ReadonlyArray<string | undefined>) => `[${shows.filter(Boolean).join(',')}]`;
  const artistJson = JSON.stringify(ZArtist.parse(artist));
  return {
    json: `{"artist":${artistJson},"upcoming":${list(upcoming)},"past":${list(past)}${NO_ALERT_END}`,
    ...ids,
  };
}

/** The page read whole (SHOW_FRAGMENTS=off): ZArtistPage's serializer's bytes. */
export function artistPageOfWhole(page: TArtistPage): ArtistPageJson {
  return {
    json: JSON.stringify(ZArtistPage.parse(page)),
    showIds: [...page.upcoming, ...page.past].map((show) => show.id),
    firstStartMs: firstStart(page.upcoming),
  };
}

/** The page as a fan sees it: their own alert on the artist in place of `null`. */
export function withAlert(page: ArtistPageJson, alert: TArtistAlert | null): string {
  if (alert === null) return page.json;
  if (!page.json.endsWith(NO_ALERT_END)) throw new Error('An artist page without its alert slot');
  const own = JSON.stringify(ZAlert.parse(alert));
  return `${page.json.slice(0, -'null}'.length)}${own}}`;
}

/** The page's object, for what reads it (its HTML head): parsed once per HTML page made. */
export const artistPageValue = (page: ArtistPageJson): TArtistPage =>
  JSON.parse(page.json) as TArtistPage;
