import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token from the request's Cookie header, if its signature is ours; null otherwise.
 * better-auth signs the cookie as `token.base64(HMAC-SHA256(secret, token))`, URI-encoded
 * (better-call's signCookieValue), and reads it back with getSignedCookie; this is the same check
 * with node:crypto, synchronous, without building a Headers object and a better-call context for
 * every request. The parsing follows better-call's parseCookies: the first cookie of that name
 * wins, its value is trimmed, unquoted and URI-decoded.
 */
export function signedSessionToken(
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  const value = cookieValue(cookieHeader, cookieName);
  if (!value) return null;
  if (secret !== verifiedFor) {
    verified.clear();
    verifiedFor = secret;
  }
  const known = verified.get(value);
  if (known !== undefined) return known;
  const token = checkSignature(value, secret);
  // Only signatures that held are kept: made-up cookies cannot fill the map.
  if (token !== null) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(value, token);
  }
  return token;
}

/**
 * Cookie values whose signature held, with their token: the check is a pure function of the value
 * and the secret, and an HMAC a request was ~8% of a signed-in hit's CPU (bench:stalls on
 * bench:traffic's signed-in round, 2026-12-01). Whether the session is still valid is asked of
 * the session cache every time, not here. Emptied when full (a deployment's active sessions per
 * process are far fewer) or when the secret changes.
 */
const verified = new Map<string, string>();
const VERIFIED_MAX = 20_000;
let verifiedFor: string | undefined;

function checkSignature(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      return decode(value);
    }
    index = end + 1;
  }
  return null;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
