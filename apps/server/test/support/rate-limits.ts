import { GENERIC_MESSAGES } from '@encore/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RateLimits } from '../../src/config.ts';
import { GENEROUS_RATE_LIMITS } from './test-app.ts';

/** The test defaults with some limits lowered, so a test reaches them in a few requests. */
export function tightLimits(limits: Partial<RateLimits>): RateLimits {
  return { ...GENEROUS_RATE_LIMITS, ...limits };
}

/** A 429 in the API's error shape, saying when to try again (within the 60 s window). */
export function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: GENERIC_MESSAGES.rateLimited },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}
