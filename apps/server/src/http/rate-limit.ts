import { GENERIC_MESSAGES } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { RateLimitRepo } from '../repositories/rate-limit.repo.ts';
import { AppError } from './app-error.ts';

export type RateLimitRule = { bucket: string; max: number; windowSeconds: number };

/**
 * Per-client-IP fixed-window limit for one route, counted in Postgres (see rate-limit.repo.ts).
 * Runs before the body is parsed, so malformed attempts count too. request.ip honours
 * TRUST_PROXY, so behind a proxy the limit applies to the real client, not the proxy.
 */
export function rateLimit(repo: RateLimitRepo, rule: RateLimitRule): onRequestHookHandler {
  return async (request, reply) => {
    const { hits, retryAfterSeconds } = await repo.hit(rule.bucket, request.ip, rule.windowSeconds);
    reply.header('ratelimit-limit', rule.max);
    reply.header('ratelimit-remaining', Math.max(0, rule.max - hits));
    if (hits > rule.max) {
      throw new AppError('RATE_LIMITED', GENERIC_MESSAGES.rateLimited, {
        headers: { 'retry-after': String(retryAfterSeconds) },
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
