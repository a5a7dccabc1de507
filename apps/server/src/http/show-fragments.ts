import { type TShow, ZShow } from '@encore/contract';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { PgListener } from '../db/pg-listener.ts';
import { createFragmentCache } from '../lib/fragment-cache.ts';
import type { Change } from '../lib/public-response-cache.ts';
import type { ShowCardFragment } from './alerts-page.ts';
import { parseChangeNotice, SHOW_FRAGMENT_TABLES, showTag } from './cached-pages.ts';

/** ~20,000 shows' cards (~800 characters each): every upcoming show of a big region. */
const MAX_CHARS = 16 * 1024 * 1024;
/** The page caches' bound (http/public-cache.ts): nothing outlives a minute unheard of. */
const MAX_AGE_MS = 60_000;
const SHOW_TAG = showTag('');

/**
 * Show fragments kept per process (decision 051), each `F` of one show, dropped by its own
 * `show:<id>` notices (SHOW_FRAGMENT_TABLES), so a going mark rebuilds one show's fragment and a
 * page the page cache misses reads only its ids, the fan's own part of each card and the shows
 * not kept. Off (SHOW_FRAGMENTS=off), nothing is kept.
 */
function createFragments<F>(options: { off?: boolean; sizeOf: (fragment: F) => number }) {
  const cache = createFragmentCache<F>({
    tables: SHOW_FRAGMENT_TABLES,
    idOfTag: (tag) => (tag.startsWith(SHOW_TAG) ? tag.slice(SHOW_TAG.length) : undefined),
    maxChars: MAX_CHARS,
    maxAgeMs: MAX_AGE_MS,
    sizeOf: options.sizeOf,
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
     * The fragments of the shows `ids`, in order (undefined: gone), the kept ones and the others
     * from `load`. A kept fragment is served only after every notice committed before the request
     * has been handled: the request's one barrier (db/pg-listener.ts' `barrier`, decision 053),
     * passed already when its session came from memory or its page cache was asked, so no second
     * wait; without a request, a barrier of its own. When that cannot be known, nothing kept is
     * used.
     */
    async get(
      ids: string[],
      load: (missing: string[]) => Promise<ReadonlyMap<string, F>>,
      request: object = {},
    ): Promise<Array<F | undefined>> {
      if (ids.length === 0) return [];
      if (!(await barrier(request))) {
        const loaded = await load(ids);
        return ids.map((id) => loaded.get(id));
      }
      return cache.get(ids, load);
    },
  };
}

/**
 * The artist and venue pages' show cards (decision 054): each show's public part as the page's
 * serializer writes it (ZShow's JSON), shared by every page that lists it.
 */
export function createShowFragments(options: { off?: boolean } = {}) {
  const fragments = createFragments<string>({ ...options, sizeOf: (json) => json.length });
  return {
    ...fragments,
    /** The JSON of the shows `ids`, in order (undefined: gone), the others from `load`. */
    shows(
      ids: string[],
      load: (missing: string[]) => Promise<TShow[]>,
      request?: object,
    ): Promise<Array<string | undefined>> {
      const loadJson = async (missing: string[]) =>
        new Map((await load(missing)).map((show) => [show.id, showFragmentJson(show)]));
      return fragments.get(ids, loadJson, request);
    },
  };
}

export type ShowFragments = ReturnType<typeof createShowFragments>;

/**
 * Your Alerts' show cards (decision 051): each show's public part as ZShow's JSON and its kept
 * faces, from which each fan's card picks its own (http/alerts-page.ts), shared by every fan's
 * page that lists the show.
 */
export function createShowCardFragments(options: { off?: boolean } = {}) {
  return createFragments<ShowCardFragment>({ ...options, sizeOf: (card) => card.chars });
}

export type ShowCardFragments = ReturnType<typeof createShowCardFragments>;

/** A show's fragment: ZShow's JSON, as ZAlertFeed's serializer writes it inside the page. */
export const showFragmentJson = (show: TShow): string => JSON.stringify(ZShow.parse(show));

/** What the listeners below need of a set of fragments. */
type Listening = {
  cache: { invalidate: (change: Change) => void; setEnabled: (on: boolean) => void };
  useBarrier: (requestBarrier: (request: object) => Promise<boolean>) => void;
};

/**
 * Keeps one process' show fragments true to the database: the table notices (`show:<id>` tags)
 * drop the cards they name; while the connection is down nothing is kept. On the private pages'
 * connection (http/private-change-listener.ts), so their barrier is the fragments' too.
 */
export function listenForShowFragments(fragments: Listening, listener: PgListener): void {
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
export function listenForPublicShowFragments(fragments: Listening, listener: PgListener): void {
  const { cache } = fragments;
  listener.on(PG_CHANNELS.publicChanged, (payload) => cache.invalidate(parseChangeNotice(payload)));
  listener.onListening(() => cache.setEnabled(true));
  listener.onLost(() => cache.setEnabled(false));
  fragments.useBarrier(async () => true);
}
