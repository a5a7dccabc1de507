import type { onSendHookHandler } from 'fastify';

/**
 * A few headers every response carries (what @fastify/helmet would set for an app like ours).
 * No CSP yet: the Swagger UI page needs inline scripts; the SPA's CSP belongs to its own issue.
 */
export const securityHeaders: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  return payload;
};
