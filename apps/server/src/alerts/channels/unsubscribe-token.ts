import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe tokens: base64url(fanId) + '.' + HMAC-SHA256(authSecret, 'unsubscribe:' +
 * fanId). Stateless, so an old email's link still works, and unforgeable without the secret. The
 * 'unsubscribe:' prefix keeps these MACs from ever matching one made for another purpose.
 */
export function unsubscribeToken(secret: string, fanId: string): string {
  return `${Buffer.from(fanId, 'utf8').toString('base64url')}.${mac(secret, fanId)}`;
}

/** The fan id a token was made for, or null when it is malformed or its MAC does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [encodedId, given] = parts as [string, string];
  const fanId = Buffer.from(encodedId, 'base64url').toString('utf8');
  // Rejects non-canonical encodings too, so one fan has exactly one valid token.
  if (fanId === '' || Buffer.from(fanId, 'utf8').toString('base64url') !== encodedId) return null;
  const expected = Buffer.from(mac(secret, fanId), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? fanId : null;
}

function mac(secret: string, fanId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${fanId}`).digest('base64url');
}
