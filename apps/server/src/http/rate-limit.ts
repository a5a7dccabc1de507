import { GENERIC_MESSAGES } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { Hit, RateLimitRepo } from '../repositories/rate-limit.repo.ts';
import { AppError } from './app-error.ts';
import { currentUser } from './signed-in.ts';

/**
 * Several people can share one address (an office, a campus, a mobile carrier's NAT), so a
 * signed-in route's per-address limit is this many times its per-account limit: it still stops
 * one client cycling through many accounts.
 */
export const PER_ADDRESS_FACTOR = 4;

export type RateLimitRule = {
  /** Routes with the same bucket share their counters. */
  bucket: string;
  max: number;
  windowSeconds: number;
  /**
   * Count per account (the session's user) as well as per address: `max` per account and
   * PER_ADDRESS_FACTOR × `max` per address. The route's `signedIn` hook must run first.
   */
  perAccount: boolean;
};

/**
 * Counts a request against each key and returns each one's total in its window: the repository's
 * one upsert per request, or a process' batched count (http/rate-limit-batched.ts).
 */
export type HitCounter = {
  hit(bucket: string, clientKeys: readonly string[], windowSeconds: number): Promise<Hit[]>;
};

/**
 * A fixed-window limit for a route, counted in Postgres (see rate-limit.repo.ts), per request or
 * batched per process. As an
 * onRequest hook it runs before the body is parsed, so malformed attempts count too.
 * request.ip honours TRUST_PROXY, so behind a proxy the limit applies to the real client.
 */
export function rateLimit(counter: HitCounter, rule: RateLimitRule): onRequestHookHandler {
  return async (request, reply) => {
    const limits = new Map([
      [request.ip, rule.perAccount ? rule.max * PER_ADDRESS_FACTOR : rule.max],
    ]);
    if (rule.perAccount) limits.set(`account:${currentUser(request).id}`, rule.max);
    const hits = await counter.hit(rule.bucket, [...limits.keys()], rule.windowSeconds);
    const left = hits.map((h) => (limits.get(h.clientKey) ?? 0) - h.hits);
    reply.header('ratelimit-limit', rule.max);
    reply.header('ratelimit-remaining', Math.max(0, Math.min(...left)));
    const over = hits.filter((_, i) => (left[i] ?? 0) < 0);
    if (over.length > 0) {
      const retryAfter = Math.max(...over.map((h) => h.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', GENERIC_MESSAGES.rateLimited, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  };
}

/** Periodically drops counters of past windows; stops with the app. */
export function schedulePrune(
  repo: RateLimitRepo,
  windowSeconds: number,
  onError: (e: unknown) => void,
) {
  const timer = setInterval(
    () => repo.prune(windowSeconds * 2).catch(onError),
    Math.max(windowSeconds, 60) * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
