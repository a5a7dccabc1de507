import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TRole } from '@encore/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import {
  type Compression,
  type Dependencies,
  ONCE_COMPRESSION,
} from '../lib/public-response-cache.ts';
import { accessKey, accessRuleOf } from './access-rules.ts';
import { userTag } from './cached-pages.ts';
import { type CachedPage, createPublicCache, JSON_TYPE } from './public-cache.ts';
import { RATE_LIMITED_ROUTES } from './rate-limit-rules.ts';
import { API_CSP } from './security-headers.ts';

export type PrivatePage<T> = CachedPage<T>;

/**
 * A user's own page is read by its user alone, often once before the next change drops it: its
 * compression is paid about once per request, not shared by thousands. Brotli 2 / gzip 1 against
 * the public pages' 4 / 6, on Your Alerts' answers (every demo fan's, 14.6 KB on average): 88
 * instead of 172 µs of CPU for 4,064 instead of 3,847 bytes (gzip 91 instead of 133 µs).
 */
export const PRIVATE_COMPRESSION: Compression = ONCE_COMPRESSION;

/** How many URLs the early answer knows, as the public cache's (the same URL serves every user). */
const EARLY_URLS_MAX = 50_000;
/**
 * The headers Fastify gives a user's own page beside the entry's: no cache keeps it
 * (http/cache-control.ts' default for an unlisted route), its variants differ by encoding, and
 * it is JSON (http/security-headers.ts' policy for JSON).
 */
const OWN_PAGE_HEAD: readonly string[] = [
  'cache-control',
  'no-store',
  'vary',
  'accept-encoding',
  'content-security-policy',
  API_CSP,
];

/**
 * A part as its loader gives it: the value, the rows it read for the tables it follows by row,
 * when it turns stale by time alone, its memory (an estimate, in bytes) and, for a listing cut at
 * its limit, the last day it can list a show on (`Built.horizon`).
 */
export type KeptPart<T> = {
  value: T;
  tags: string[];
  expiresAt: number | null;
  bytes: number;
  horizon?: string | null;
};

/** A learnt URL's page key (the user's id is added per request) and who may read it. */
type EarlyUrl = { key: string; roles: readonly TRole[] | null };

/**
 * Responses private to one signed-in user (the notification centre, the fan dashboard, Your
 * Alerts, the performer's and venue's dashboards, Discovery's search), cached per process with the
 * public pages' machinery (lib/public-response-cache.ts: bytes, compressed variants, ETag, the
 * commit race), keyed by the user's id (added here, never left out), route and query (the pages,
 * the tables each reads and the rows it follows: http/cached-pages.ts). A hit is served only after
 * its request's barrier: every change notice committed before the request has been handled
 * (decisions 029, 053), so a change is visible on the next request; when that cannot be known the
 * page is read afresh.
 */
export function createPrivateCache(options: { off?: boolean } = {}) {
  const pages = createPublicCache({ off: options.off, compression: PRIVATE_COMPRESSION });
  let barrier: (request: object) => Promise<boolean> = async () => false;
  /** The raw URL of a GET a route answered with a user's own page → that page's key and rule. */
  const earlyUrls = new Map<string, EarlyUrl>();

  /**
   * Remembers the URL for `answerEarly` when its answer depends on nothing but the user, the URL
   * and the kept bytes: a GET whose route's rule is the session and at most a role (no owner
   * check), and which no rate limit counts (a request answered early would not be counted).
   */
  function learnUrl(request: FastifyRequest, key: string) {
    const url = request.raw.url;
    const route = request.routeOptions.url;
    if (options.off || request.raw.method !== 'GET' || !url || !route || earlyUrls.has(url)) return;
    const rule = accessRuleOf('GET', route);
    if (Object.hasOwn(RATE_LIMITED_ROUTES, accessKey('GET', route))) return;
    let roles: readonly TRole[] | null;
    if (rule?.access === 'signed-in') roles = null;
    else if (rule?.access === 'role') roles = rule.roles;
    else return;
    if (earlyUrls.size >= EARLY_URLS_MAX) earlyUrls.clear();
    earlyUrls.set(url, { key, roles });
  }

  /** The page kept for this user at this URL, if the user may read it. */
  function keptFor(user: SessionUser | undefined, known: EarlyUrl): string | undefined {
    if (!user || (known.roles && !known.roles.includes(user.role))) return undefined;
    const key = `${user.id}\n${known.key}`;
    return pages.cache.fresh(key) ? key : undefined;
  }

  /** The kept parts' lookups (`part`), for the metrics as a cache of their own. */
  const partCounts = {
    hits: 0,
    misses: 0,
    get dropped() {
      return pages.cache.partsDroppedByChanges();
    },
  };

  return {
    cache: pages.cache,
    counts: pages.counts,
    partCounts,

    /** The users with a page kept here (keys are the user's id, a newline, the page's key). */
    keptUsers(): string[] {
      return [...new Set(pages.cache.keys().map((key) => key.slice(0, key.indexOf('\n'))))];
    },

    /**
     * The per-request barrier of the connection that hears this cache's notices (db/pg-listener.ts'
     * `barrier`): the session check passed it already when the session came from memory.
     */
    useBarrier(requestBarrier: (request: object) => Promise<boolean>) {
      barrier = requestBarrier;
    },

    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      page: PrivatePage<T>,
    ) {
      // Nothing kept (PAGE_CACHES=off): no notice to wait for, the page is read afresh anyway.
      if (options.off || !(await barrier(request.raw))) {
        const value = await page.load();
        // A page of its own JSON goes as it is (a string would otherwise be sent as text).
        return page.json ? reply.type(JSON_TYPE).send(page.json(value)) : reply.send(value);
      }
      learnUrl(request, page.key);
      return pages.send(request, reply, {
        ...page,
        key: `${userId}\n${page.key}`,
        // A change to one of the user's own rows (and their read mark) drops their pages.
        tags: async (value) => [userTag(userId), ...((await page.tags?.(value)) ?? [])],
      });
    },

    /**
     * A part of a user's page kept apart from the page (Your Alerts' own cards, decision 060):
     * read through the same cache, after the request's barrier as a page's hit is, with
     * dependencies of its own, so a change that alters only the rest of the page (another fan's
     * going mark: the show's fragment) drops the page but leaves the part, and the page is made
     * again without reading it. Read afresh when no page is kept (as `send` reads its page).
     */
    async part<T>(
      request: object,
      userId: string,
      part: {
        key: string;
        dependsOn: Dependencies;
        load: () => Promise<KeptPart<T>>;
      },
    ): Promise<T> {
      if (options.off || !(await barrier(request))) return (await part.load()).value;
      const key = `${userId}\n${part.key}`;
      if (pages.cache.fresh(key)) partCounts.hits += 1;
      else partCounts.misses += 1;
      const entry = await pages.cache.get(key, part.dependsOn, async () => {
        const { value, tags, expiresAt, bytes, horizon } = await part.load();
        return { value, json: '', tags: [userTag(userId), ...tags], expiresAt, bytes, horizon };
      });
      return entry.value as T;
    },

    /**
     * Answers a user's GET of their own page before Fastify sees it (http/cached-hits.ts), when
     * the URL is one a route sent such a page for, the session is in memory and current
     * (`sessionOf`, auth/session-user.ts), the user's role may read it, and the page is kept for
     * them: after the request's barrier, as `send` serves a hit, with every check made again
     * after the wait (a notice handled meanwhile may have dropped the session or the page). The
     * same bytes and headers as Fastify's answer: `test/notifications/own-page-hits.test.ts`
     * compares the two. False, having written nothing, whenever any of that does not hold: Fastify
     * then answers as before, so a refusal (401, 403) or a miss is never answered here.
     */
    answerEarly(
      req: IncomingMessage,
      res: ServerResponse,
      sessionOf: (cookie: string | undefined) => SessionUser | undefined,
      fixed: readonly string[],
    ): false | Promise<boolean> {
      const known = req.method === 'GET' && req.url !== undefined && earlyUrls.get(req.url);
      // Checked before the wait too, and without a promise: a miss goes to Fastify at once.
      if (!known || !keptFor(sessionOf(req.headers.cookie), known)) return false;
      return barrier(req).then((synced) => {
        const key = synced ? keptFor(sessionOf(req.headers.cookie), known) : undefined;
        return (
          key !== undefined && pages.answerFromCache(req, res, key, JSON_TYPE, OWN_PAGE_HEAD, fixed)
        );
      });
    },
  };
}

export type PrivateCache = ReturnType<typeof createPrivateCache>;
