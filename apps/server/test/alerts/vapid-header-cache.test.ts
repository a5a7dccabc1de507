import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  createVapidHeaderCache,
  VAPID_REUSE_SECONDS,
} from '../../src/alerts/channels/vapid-header-cache.ts';

const keys = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:support@encore.example';
const HOUR_MS = 60 * 60 * 1000;

/**
 * An Authorization header read as a push service does (RFC 8292 §2–3), with node:crypto rather
 * than web-push: `vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by that key.
 */
function readVapid(header: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [, head, body, signature, k] = match as unknown as string[];
  const point = Buffer.from(k as string, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature as string, 'base64url'),
  );
  return {
    k,
    signed,
    header: JSON.parse(Buffer.from(head as string, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(body as string, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}

describe('the VAPID header cache', () => {
  it('signs a valid token per push service origin, reused until renewed well before it expires', () => {
    // From the real time: web-push refuses to sign an `exp` over 24 h past its own clock.
    const start = Date.now();
    let now = start;
    const cache = createVapidHeaderCache(SUBJECT, keys, () => now);
    const first = cache.authorization('https://push.example.net');
    const token = readVapid(first);
    expect(token.signed).toBe(true);
    expect(token.k).toBe(keys.publicKey);
    expect(token.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(token.claims.aud).toBe('https://push.example.net');
    expect(token.claims.sub).toBe(SUBJECT);

    // Another origin has its own token: the audience is the push service's origin.
    const other = readVapid(cache.authorization('https://fcm.example.com:8443'));
    expect(other.signed).toBe(true);
    expect(other.claims.aud).toBe('https://fcm.example.com:8443');

    // Whenever it is handed out, a token has hours left and at most 24 h (RFC 8292 §2).
    const handedOut: string[] = [];
    for (let hour = 0; hour < 12; hour += 0.5) {
      now = start + hour * HOUR_MS;
      const header = cache.authorization('https://push.example.net');
      handedOut.push(header);
      const { claims, signed } = readVapid(header);
      expect(signed).toBe(true);
      const left = claims.exp - Math.floor(now / 1000);
      expect(left).toBeGreaterThanOrEqual(VAPID_REUSE_SECONDS);
      expect(left).toBeLessThanOrEqual(24 * 60 * 60);
    }
    // Reused within its 6 hours, signed anew after them, while it still had 6 hours left.
    expect(handedOut.slice(0, 12).every((h) => h === first)).toBe(true);
    expect(handedOut[12]).not.toBe(first);
    expect(new Set(handedOut).size).toBe(2);
    // The other origin's token, signed at the start too, is renewed on its own next use.
    const renewed = readVapid(cache.authorization('https://fcm.example.com:8443'));
    expect(renewed.claims.aud).toBe('https://fcm.example.com:8443');
    expect(renewed.claims.exp).toBeGreaterThan(other.claims.exp);
  });
});
