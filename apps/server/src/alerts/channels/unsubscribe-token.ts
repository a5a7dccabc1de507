import { createHmac, timingSafeEqual } from 'node:crypto';
import { type TUnsubscribeScope, unsubscribeScopeOf } from '@encore/contract';

/**
 * One-click unsubscribe tokens, stateless (an old email's link still works) and unforgeable
 * without the secret. An alert token is base64url(fanId) + '.' + HMAC-SHA256(authSecret,
 * 'unsubscribe:' + fanId), as every alert mail has carried since the alert engine began; another scope's is
 * scope + '.' + base64url(fanId) + '.' + HMAC(authSecret, 'unsubscribe-scope:' + scope + ':' +
 * fanId), so a token switches off the kind of mail it came with and no other. The prefixes keep
 * these MACs from ever matching one made for another purpose, or another scope.
 */
export function unsubscribeToken(
  secret: string,
  fanId: string,
  scope: TUnsubscribeScope = 'alerts',
): string {
  const fan = Buffer.from(fanId, 'utf8').toString('base64url');
  const signed = `${fan}.${mac(secret, scope, fanId)}`;
  return scope === 'alerts' ? signed : `${scope}.${signed}`;
}

/** The fan and scope a token was made for, or null when it is malformed or its MAC does not match. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { fanId: string; scope: TUnsubscribeScope } | null {
  const scope = unsubscribeScopeOf(token);
  if (scope === null) return null;
  const [encodedId, given] = token.split('.').slice(scope === 'alerts' ? 0 : 1) as [string, string];
  const fanId = Buffer.from(encodedId, 'base64url').toString('utf8');
  // Rejects non-canonical encodings too, so one fan has exactly one valid token per scope.
  if (fanId === '' || Buffer.from(fanId, 'utf8').toString('base64url') !== encodedId) return null;
  const expected = Buffer.from(mac(secret, scope, fanId), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? { fanId, scope }
    : null;
}

function mac(secret: string, scope: TUnsubscribeScope, fanId: string): string {
  const subject =
    scope === 'alerts' ? `unsubscribe:${fanId}` : `unsubscribe-scope:${scope}:${fanId}`;
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

/**
 * A mail's unsubscribe links for one fan and kind of mail: the /unsubscribe page (which asks, then
 * POSTs) for the mail's own line, and the one-click API with the RFC 8058 headers that point mail
 * clients' Unsubscribe button at it.
 */
export function unsubscribeLinks(
  publicUrl: string,
  secret: string,
  fanId: string,
  scope: TUnsubscribeScope,
) {
  const base = publicUrl.replace(/\/+$/, '');
  const token = encodeURIComponent(unsubscribeToken(secret, fanId, scope));
  const oneClick = `${base}/api/unsubscribe/${token}`;
  return {
    page: `${base}/unsubscribe?token=${token}`,
    oneClick,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
