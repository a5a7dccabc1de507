import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** A signed token is reused for this long after signing. */
export const VAPID_REUSE_SECONDS = 6 * 60 * 60;
/**
 * And is valid for this long after signing (its `exp`): RFC 8292 §2 allows at most 24 hours
 * ahead, and a push service accepts the token until then, so one reused for 6 hours still has
 * 6 hours left when it is last sent (clocks of the push service a few hours off included).
 */
export const VAPID_VALID_SECONDS = 2 * VAPID_REUSE_SECONDS;

/**
 * The VAPID Authorization header (RFC 8292) per push service origin, its JWT's audience
 * (`scheme://host[:port]`). Signing one costs about 0.5 ms, more than encrypting a message; a
 * push service accepts a token until its `exp`, so each origin's is signed once and reused until
 * `VAPID_REUSE_SECONDS` have passed, then signed anew, long before it expires. `now` (ms, as
 * Date.now) is a test seam.
 */
export function createVapidHeaderCache(
  subject: string,
  keys: VapidKeys,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { header: string; renewAt: number }>();
  return {
    authorization(audience: string): string {
      const seconds = Math.floor(now() / 1000);
      const cached = cache.get(audience);
      if (cached && cached.renewAt > seconds) return cached.header;
      const { Authorization } = webpush.getVapidHeaders(
        audience,
        subject,
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
        seconds + VAPID_VALID_SECONDS,
      );
      cache.set(audience, { header: Authorization, renewAt: seconds + VAPID_REUSE_SECONDS });
      return Authorization;
    },
  };
}
