import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type CachedResponse,
  type Compression,
  createPublicResponseCache,
  type Encoding,
  type TagKinds,
} from '../lib/public-response-cache.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';
import { API_CSP, APP_CSP } from './security-headers.ts';

/** Enough for every artist, venue and busy city of the demo world; the least used go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * Pages also change with time alone (a show starts and moves to the past, `when=today` turns
 * over): no entry outlives this, and one whose first upcoming show starts sooner goes then.
 */
const MAX_AGE_MS = 60_000;
/**
 * How many URLs the early answer knows (`answerEarly`): every artist, venue and show of a big city
 * and its listings. Past it, it starts again from none; a URL it does not know goes through
 * Fastify, which teaches it the URL again.
 */
const EARLY_URLS_MAX = 50_000;

export type CachedPage<T> = {
  /**
   * Route and normalised query (two URLs that answer the same share it), and the tables read:
   * both from the page's entry in http/cached-pages.ts (`cachedPage`). For a request without
   * cookies the key must follow from the URL alone: the early answer (`answerEarly`) finds the
   * page by the URL a route sent it for.
   */
  key: string;
  tables: readonly string[];
  /** Of those tables, the ones whose changes drop the page only when they name one of its tags. */
  byRow: readonly string[];
  /** Of those, the ones followed by one kind of their notices' tags only (`Dependencies`). */
  tagKinds?: TagKinds;
  /**
   * The rows the answer showed (http/cached-pages.ts' `showTag`, `userTag`, `LISTING_TAG`): a
   * change to a `byRow` table drops the page only when its notice names one of them. Asked only
   * when the page will be kept, so it may read what the answer does not show (Your Alerts' follows).
   */
  tags?: (value: T) => readonly string[] | Promise<readonly string[]>;
  /** Reads the page. */
  load: () => Promise<T>;
  /** When the page turns by time alone (ms), if sooner than the cache's max age. */
  expiresAt?: (value: T) => number | null;
  /**
   * A listing cut at its limit: the last day it can list a show on (lib/public-response-cache.ts'
   * `Built.horizon`, decision 061); none, any day.
   */
  horizon?: (value: T) => string | null;
  /**
   * What a browser or CDN may do with it, for a route listed in http/cache-control.ts; none for
   * a user's own page, which the API's default then makes no-store.
   */
  cacheControl?: string;
  /**
   * Headers of its own, as a flat `[name, value, …]` list, on every answer of it (before Fastify
   * too): the tour-date feed's CORS header.
   */
  headers?: readonly string[];
} & (
  | {
      /** The route's own 200 schema: the cached bytes are exactly what the route would send. */
      schema: z.ZodType;
      html?: undefined;
      calendar?: undefined;
      json?: undefined;
    }
  | {
      /**
       * The page's JSON as made by its loader, already what the route's 200 schema would write
       * (Your Alerts, joined from kept fragments: http/show-fragments.ts).
       */
      json: (value: T) => string;
      schema?: undefined;
      html?: undefined;
      calendar?: undefined;
    }
  | {
      /**
       * The page as HTML instead (the web app's index.html with the page's own head,
       * http/page-html.ts): made once per entry, compressed once per encoding, like the JSON.
       */
      html: (value: T) => string;
      schema?: undefined;
      calendar?: undefined;
      json?: undefined;
    }
  | {
      /** The page as iCalendar text (an artist's or venue's tour-date feed), made once per entry. */
      calendar: (value: T) => string;
      schema?: undefined;
      html?: undefined;
      json?: undefined;
    }
);

/** The first of these shows' start (they are listed soonest first), as the page's expiry. */
export const firstStart = (shows: ReadonlyArray<{ startsAt: string }>): number | null =>
  shows[0] ? Date.parse(shows[0].startsAt) : null;

/**
 * The public pages' response cache for one process (lib/public-response-cache.ts), with what HTTP
 * adds: the encoding the client accepts (each compressed once, not per request), a strong ETag per
 * variant, `If-None-Match` answered 304, and `Vary` so that shared caches keep variants apart.
 * Disabled until http/public-change-listener.ts listens for the database's change notices, and
 * always with `off` (PAGE_CACHES=off).
 */
export function createPublicCache(
  options: {
    maxBytes?: number;
    maxAgeMs?: number;
    off?: boolean;
    compression?: Compression;
    /** The public pages' cache (not a user's): it learns URLs for `answerEarly`. */
    answersEarly?: boolean;
  } = {},
) {
  const cache = createPublicResponseCache({
    maxBytes: options.maxBytes ?? MAX_BYTES,
    maxAgeMs: options.maxAgeMs ?? MAX_AGE_MS,
    compressAboveBytes: COMPRESS_THRESHOLD_BYTES,
    off: options.off,
    compression: options.compression,
  });
  const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();
  /**
   * The raw URL of an anonymous GET → its page's key, content type and first headers (its policy
   * among them: a JSON page's or the app's), learnt from the routes.
   */
  const earlyUrls = new Map<string, { key: string; type: string; head: readonly string[] }>();

  function learnUrl(request: FastifyRequest, page: Answered) {
    const url = request.raw.url;
    if (!options.answersEarly || !url || !anonymousGet(request.raw) || earlyUrls.has(url)) return;
    if (earlyUrls.size >= EARLY_URLS_MAX) earlyUrls.clear();
    const control = page.cacheControl ? ['cache-control', page.cacheControl] : [];
    const { type, csp } = formatOf(page);
    const own = page.headers ?? [];
    const head = [...control, ...own, 'vary', 'accept-encoding', 'content-security-policy', csp];
    earlyUrls.set(url, { key: page.key, type, head });
  }

  /**
   * Lookups for the metrics (metrics/metrics.ts): `early` of the hits were answered before Fastify;
   * `dropped`, the pages changes have dropped (which misses follow).
   */
  const counts = {
    hits: 0,
    misses: 0,
    early: 0,
    get dropped() {
      return cache.droppedByChanges();
    },
  };

  function serializer(schema: z.ZodType) {
    let found = serializers.get(schema);
    if (!found) {
      found = serializerCompiler({ schema, method: 'GET', url: 'cached', httpStatus: '200' });
      serializers.set(schema, found);
    }
    return found;
  }

  function entry<T>(page: CachedPage<T>): Promise<CachedResponse> {
    const dependsOn = { tables: page.tables, byRow: page.byRow, tagKinds: page.tagKinds };
    return cache.get(page.key, dependsOn, async () => {
      const value = await page.load();
      return {
        value,
        json: page.html
          ? page.html(value)
          : page.calendar
            ? page.calendar(value)
            : page.json
              ? page.json(value)
              : serializer(page.schema)(value),
        expiresAt: page.expiresAt?.(value),
        tags: cache.keeps() ? await page.tags?.(value) : undefined,
        horizon: page.horizon?.(value),
      };
    });
  }

  function respond<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage<T>,
    found: CachedResponse,
  ) {
    learnUrl(request, page);
    const { encoding, bytes } = cache.body(found, acceptedEncoding(request.headers));
    if (page.cacheControl) reply.header('cache-control', page.cacheControl);
    const own = page.headers ?? [];
    for (let i = 0; i + 1 < own.length; i += 2) reply.header(own[i] as string, own[i + 1]);
    reply.header('vary', 'accept-encoding');
    reply.header('etag', etagOf(found, encoding));
    const { type, csp } = formatOf(page);
    if (etagMatches(request.headers['if-none-match'], found.hash)) {
      // No body, but the page's policy: a 304 has no content type to choose it by.
      reply.header('content-security-policy', csp);
      return reply.code(304).send();
    }
    reply.type(type);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }

  /**
   * Writes the entry kept under `key` (bytes in the encoding the client accepts, or a 304) as
   * `type`, with the headers `head` (its policy among them) and `fixed` and those of the entry; false, having written nothing, when
   * it is not kept. For answers before Fastify: this one's and the users' own pages'
   * (http/private-cache.ts).
   */
  function answerFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    type: string,
    head: readonly string[],
    fixed: readonly string[],
  ) {
    const found = cache.fresh(key);
    // Not counted as a miss: Fastify then answers, and its `send` counts the lookup.
    if (!found) return false;
    counts.hits += 1;
    counts.early += 1;
    const { encoding, bytes } = cache.body(found, acceptedEncoding(req.headers));
    // A flat [name, value, …] list: Node writes it as it is, with no object to walk.
    const all = [...head, 'etag', etagOf(found, encoding), ...fixed];
    if (etagMatches(req.headers['if-none-match'], found.hash)) {
      res.writeHead(304, all).end();
      return true;
    }
    all.push('content-type', type, 'content-length', String(bytes.length));
    if (encoding !== 'identity') all.push('content-encoding', encoding);
    res.writeHead(200, all).end(bytes);
    return true;
  }

  return {
    cache,
    counts,

    /**
     * Sends the page from the cache (filling it when needed): bytes, headers, or a 304. A hit is
     * answered at once, without a promise: most requests are hits, and each await costs.
     */
    send<T>(request: FastifyRequest, reply: FastifyReply, page: CachedPage<T>) {
      const hit = cache.fresh(page.key);
      if (hit) {
        counts.hits += 1;
        return respond(request, reply, page, hit);
      }
      counts.misses += 1;
      return entry(page).then((found) => respond(request, reply, page, found));
    },

    /**
     * Answers a cached public page's GET from its cache before Fastify sees it, when the request
     * carries no cookie (so no viewer: every cached route then sends its public page) and its URL
     * is one a route sent a page for; false, having written nothing, otherwise (a miss, a URL not
     * seen yet, a signed-in request). The same bytes and headers as `send`'s answer, `fixed`
     * (http/security-headers.ts, but the policy, which is the page's) included: `test/shows/public-hits.test.ts` compares the two. A
     * hit through Fastify runs its routing, five hooks and its reply: twice the CPU of this one.
     */
    answerEarly(req: IncomingMessage, res: ServerResponse, fixed: readonly string[]) {
      const url = req.url;
      if (url === undefined || !anonymousGet(req)) return false;
      const known = earlyUrls.get(url);
      return (
        known !== undefined && answerFromCache(req, res, known.key, known.type, known.head, fixed)
      );
    },

    answerFromCache,

    /**
     * Resolves once every change notice committed before the call has been handled (true), or
     * when that cannot be known (false: not listening); http/public-change-listener.ts sets it to
     * its connection's round trip. For a write's answer (http/own-writes-seen.ts).
     */
    noticesHandled: (): Promise<boolean> => Promise.resolve(false),

    /** The cached page object, for a viewer whose own part is added to it. */
    async value<T>(page: CachedPage<T>): Promise<T> {
      if (cache.fresh(page.key)) counts.hits += 1;
      else counts.misses += 1;
      return (await entry(page)).value as T;
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

export const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** What an answer's headers depend on, of its page. */
type Answered = {
  key: string;
  cacheControl?: string;
  headers?: readonly string[];
  html?: unknown;
  calendar?: unknown;
};

/**
 * A page's content type and its Content-Security-Policy (as http/security-headers.ts sets them:
 * the app's for anything but JSON).
 */
const formatOf = (page: Answered) => {
  if (page.html) return { type: HTML_TYPE, csp: APP_CSP };
  if (page.calendar) return { type: CALENDAR_TYPE, csp: APP_CSP };
  return { type: JSON_TYPE, csp: API_CSP };
};

const etagOf = (found: CachedResponse, encoding: Encoding) =>
  `"${found.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** A GET that carries no cookie, hence no session: its answer is the same for everyone. */
const anonymousGet = (req: IncomingMessage) =>
  req.method === 'GET' && req.headers.cookie === undefined;

/**
 * The first of `offered` (brotli, else gzip) the client accepts, else the bytes as they are;
 * `q=0` refuses an encoding, `*` accepts any. Clients send a handful of distinct headers, so each
 * answer is remembered (up to NEGOTIATED_MAX of them): a cached page's hit does not parse it again.
 */
export function acceptedEncoding(
  headers: IncomingHttpHeaders,
  offered: ReadonlyArray<Exclude<Encoding, 'identity'>> = BROTLI_OR_GZIP,
): Encoding {
  const header = headers['accept-encoding'];
  if (!header) return 'identity';
  // The usual offer has a map of its own, keyed by the header alone: no string built on a hit.
  const usual = offered === BROTLI_OR_GZIP;
  const answers = usual ? negotiatedUsual : negotiated;
  const key = usual ? header : `${offered.join(',')}|${header}`;
  let found = answers.get(key);
  if (found === undefined) {
    found = negotiate(header, offered);
    if (answers.size >= NEGOTIATED_MAX) answers.clear();
    answers.set(key, found);
  }
  return found;
}

const BROTLI_OR_GZIP: ReadonlyArray<Exclude<Encoding, 'identity'>> = ['br', 'gzip'];
const NEGOTIATED_MAX = 256;
const negotiated = new Map<string, Encoding>();
const negotiatedUsual = new Map<string, Encoding>();

function negotiate(header: string, offered: ReadonlyArray<Exclude<Encoding, 'identity'>>) {
  const accepted = new Map<string, boolean>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), !q || Number(q.slice(2)) > 0);
  }
  return offered.find((name) => accepted.get(name) ?? accepted.get('*') ?? false) ?? 'identity';
}

/**
 * Whether the client's copy is current: any of its tags of this JSON, whatever its encoding (the
 * variants decode to the same bytes), weak or strong, or `*`.
 */
export function etagMatches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === hash;
  });
}
