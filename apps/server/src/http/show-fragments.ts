import { type TAlertFeed, type TShow, ZAlertFeed, ZAlertFeedItem, ZShow } from '@encore/contract';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { PgListener } from '../db/pg-listener.ts';
import { createFragmentCache } from '../lib/fragment-cache.ts';
import type { FeedFollows } from '../repositories/fan-page-tags.repo.ts';
import type { FeedCard } from '../repositories/fan-pages.repo.ts';
import { parseChangeNotice, SHOW_FRAGMENT_TABLES, showTag } from './cached-pages.ts';
import { firstStart } from './public-cache.ts';

/** ~20,000 shows' cards (~800 characters each): every upcoming show of a big region. */
const MAX_CHARS = 16 * 1024 * 1024;
/** The page caches' bound (http/public-cache.ts): nothing outlives a minute unheard of. */
const MAX_AGE_MS = 60_000;
const SHOW_TAG = showTag('');

/**
 * Your Alerts as its route sends it: the JSON, the shows it lists for its tags and expiry, and the
 * fan's follows when its statement read them (the route's tags; otherwise read apart).
 */
export type AlertsPage = {
  json: string;
  showIds: string[];
  firstStartMs: number | null;
  follows?: FeedFollows;
};

const ZOwnCards = ZAlertFeedItem.omit({ show: true }).array();

/**
 * Your Alerts' show cards kept per process (decision 051): each show's public part as the route's
 * serializer writes it inside the page (ZShow's JSON), shared by every fan's page that lists it and
 * dropped by its own `show:<id>` notices (SHOW_FRAGMENT_TABLES), so a going mark rebuilds one card
 * and a page the page cache misses reads only its ids, the fan's own part of each card and the
 * shows not kept. Off (SHOW_FRAGMENTS=off), every page is read in one statement with its shows.
 */
export function createShowFragments(options: { off?: boolean } = {}) {
  const cache = createFragmentCache({
    tables: SHOW_FRAGMENT_TABLES,
    idOfTag: (tag) => (tag.startsWith(SHOW_TAG) ? tag.slice(SHOW_TAG.length) : undefined),
    maxChars: MAX_CHARS,
    maxAgeMs: MAX_AGE_MS,
    off: options.off,
  });
  let barrier: (request: object) => Promise<boolean> = async () => false;

  return {
    cache,
    off: options.off === true,

    /** The per-request barrier of the connection that hears the notices (the private pages'). */
    useBarrier(requestBarrier: (request: object) => Promise<boolean>) {
      barrier = requestBarrier;
    },

    /**
     * The JSON of the shows `ids`, in order (undefined: gone), the kept ones and the others from
     * `load`. A kept card is served only after every notice committed before the request has been
     * handled: the request's one barrier (db/pg-listener.ts' `barrier`, decision 053), passed
     * already when its session came from memory or its page cache was asked, so no second wait;
     * without a request, a barrier of its own. When that cannot be known, nothing kept is used.
     */
    async shows(
      ids: string[],
      load: (missing: string[]) => Promise<TShow[]>,
      request: object = {},
    ): Promise<Array<string | undefined>> {
      if (ids.length === 0) return [];
      const loadJson = async (missing: string[]) =>
        new Map((await load(missing)).map((show) => [show.id, showFragmentJson(show)]));
      if (!(await barrier(request))) {
        const loaded = await loadJson(ids);
        return ids.map((id) => loaded.get(id));
      }
      return cache.get(ids, loadJson);
    },
  };
}

export type ShowFragments = ReturnType<typeof createShowFragments>;

/** A show's fragment: ZShow's JSON, as ZAlertFeed's serializer writes it inside the page. */
export const showFragmentJson = (show: TShow): string => JSON.stringify(ZShow.parse(show));

/**
 * The page of show fragments (`shows[i]` is `cards[i]`'s) and the fan's own cards: the bytes the
 * route's serializer (ZAlertFeed: validated, then JSON.stringify) writes for the same feed, the
 * cards' own parts validated here, the shows when their fragments were made. A card whose show is
 * gone (deleted between the two reads) is left out, as a read a moment later would.
 */
export function alertsPageOf(
  cards: readonly FeedCard[],
  shows: ReadonlyArray<string | undefined>,
  nextCursor: string | null,
): AlertsPage {
  const own = ZOwnCards.parse(cards.map((card) => card.own));
  const items: string[] = [];
  own.forEach((part, i) => {
    const show = shows[i];
    // `{"show":…,` then the own part's keys, in ZAlertFeedItem's order (show first).
    if (show !== undefined) items.push(`{"show":${show},${JSON.stringify(part).slice(1)}`);
  });
  return {
    json: `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`,
    showIds: cards.map((card) => card.showId),
    firstStartMs: cards[0]?.startsAtMs ?? null,
  };
}

/** The page read whole (SHOW_FRAGMENTS=off): ZAlertFeed's serializer's bytes. */
export function alertsPageOfFeed(feed: TAlertFeed): AlertsPage {
  const shows = feed.items.map((item) => item.show);
  return {
    json: JSON.stringify(ZAlertFeed.parse(feed)),
    showIds: shows.map((show) => show.id),
    firstStartMs: firstStart(shows),
  };
}

/**
 * Keeps one process' show fragments true to the database: the table notices (`show:<id>` tags)
 * drop the cards they name; while the connection is down nothing is kept. On the private pages'
 * connection (http/private-change-listener.ts), so their barrier is the fragments' too.
 */
export function listenForShowFragments(fragments: ShowFragments, listener: PgListener): void {
  const { cache } = fragments;
  listener.on(PG_CHANNELS.publicChanged, (payload) => cache.invalidate(parseChangeNotice(payload)));
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  fragments.useBarrier(listener.barrier);
}

/**
 * The public pages' own show fragments (the artist and venue pages', decision 054), on the public
 * cache's connection (http/public-change-listener.ts): each notice drops the pages and fragments it
 * names in one handler, so a fragment is as current as a cached page is, and a kept one needs no
 * barrier: a page made of a fragment whose notice has not been handled yet is dropped with it when
 * it is (the page is tagged by its shows), and one made while it was handled is not kept (the page
 * cache's change log, lib/public-response-cache.ts). A write's answer waits for this connection
 * (`noticesHandled`), so its writer's next read finds those fragments gone. Apart from Your
 * Alerts' (on the private pages' connection, whose barrier a signed-in request passes): an
 * anonymous miss would otherwise wait one more round trip.
 */
export function listenForPublicShowFragments(fragments: ShowFragments, listener: PgListener): void {
  const { cache } = fragments;
  listener.on(PG_CHANNELS.publicChanged, (payload) => cache.invalidate(parseChangeNotice(payload)));
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  fragments.useBarrier(async () => true);
}
