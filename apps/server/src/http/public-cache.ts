import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type CachedResponse,
  type Compression,
  createPublicResponseCache,
  type Encoding,
} from '../lib/public-response-cache.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** Enough for every artist, venue and busy city of the demo world; the least used go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * Pages also change with time alone (a show starts and moves to the past, `when=today` turns
 * over): no entry outlives this, and one whose first upcoming show starts sooner goes then.
 */
const MAX_AGE_MS = 60_000;

export type CachedPage<T> = {
  /**
   * Route and normalised query (two URLs that answer the same share it), and the tables read:
   * both from the page's entry in http/cached-pages.ts (`cachedPage`).
   */
  key: string;
  tables: readonly string[];
  /** Of those tables, the ones whose changes drop the page only when they name one of its tags. */
  byRow: readonly string[];
  /**
   * The rows the answer showed (http/cached-pages.ts' `showTag`, `userTag`, `LISTING_TAG`): a
   * change to a `byRow` table drops the page only when its notice names one of them. Asked only
   * when the page will be kept, so it may read what the answer does not show (Your Alerts' follows).
   */
  tags?: (value: T) => readonly string[] | Promise<readonly string[]>;
  load: () => Promise<T>;
  /** The route's own 200 schema: the cached bytes are exactly what the route would send. */
  schema: z.ZodType;
  /** When the page turns by time alone (ms), if sooner than the cache's max age. */
  expiresAt?: (value: T) => number | null;
  /**
   * What a browser or CDN may do with it, for a route listed in http/cache-control.ts; none for
   * a user's own page, which the API's default then makes no-store.
   */
  cacheControl?: string;
};

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
  options: { maxBytes?: number; maxAgeMs?: number; off?: boolean; compression?: Compression } = {},
) {
  const cache = createPublicResponseCache({
    maxBytes: options.maxBytes ?? MAX_BYTES,
    maxAgeMs: options.maxAgeMs ?? MAX_AGE_MS,
    compressAboveBytes: COMPRESS_THRESHOLD_BYTES,
    off: options.off,
    compression: options.compression,
  });
  const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

  function serializer(schema: z.ZodType) {
    let found = serializers.get(schema);
    if (!found) {
      found = serializerCompiler({ schema, method: 'GET', url: 'cached', httpStatus: '200' });
      serializers.set(schema, found);
    }
    return found;
  }

  function entry<T>(page: CachedPage<T>): Promise<CachedResponse> {
    return cache.get(page.key, { tables: page.tables, byRow: page.byRow }, async () => {
      const value = await page.load();
      return {
        value,
        json: serializer(page.schema)(value),
        expiresAt: page.expiresAt?.(value),
        tags: cache.keeps() ? await page.tags?.(value) : undefined,
      };
    });
  }

  function respond<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage<T>,
    found: CachedResponse,
  ) {
    const { encoding, bytes } = cache.body(found, acceptedEncoding(request));
    const etag = `"${found.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    if (page.cacheControl) reply.header('cache-control', page.cacheControl);
    reply.header('vary', 'accept-encoding');
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], found.hash)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }

  return {
    cache,

    /**
     * Sends the page from the cache (filling it when needed): bytes, headers, or a 304. A hit is
     * answered at once, without a promise: most requests are hits, and each await costs.
     */
    send<T>(request: FastifyRequest, reply: FastifyReply, page: CachedPage<T>) {
      const hit = cache.fresh(page.key);
      if (hit) return respond(request, reply, page, hit);
      return entry(page).then((found) => respond(request, reply, page, found));
    },

    /** The cached page object, for a viewer whose own part is added to it. */
    async value<T>(page: CachedPage<T>): Promise<T> {
      return (await entry(page)).value as T;
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

/**
 * The first of `offered` (brotli, else gzip) the client accepts, else the bytes as they are;
 * `q=0` refuses an encoding, `*` accepts any. Clients send a handful of distinct headers, so each
 * answer is remembered (up to NEGOTIATED_MAX of them): a cached page's hit does not parse it again.
 */
export function acceptedEncoding(
  request: FastifyRequest,
  offered: ReadonlyArray<Exclude<Encoding, 'identity'>> = ['br', 'gzip'],
): Encoding {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  const key = `${offered.join(',')}|${header}`;
  let found = negotiated.get(key);
  if (found === undefined) {
    found = negotiate(header, offered);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(key, found);
  }
  return found;
}

const NEGOTIATED_MAX = 256;
const negotiated = new Map<string, Encoding>();

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
