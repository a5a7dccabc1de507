import { GENERIC_MESSAGES, PHOTO_MESSAGES } from '@encore/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The one route that takes a raw body: the photo upload (routes/photo.routes.ts). image/* is not a
 * CORS-safelisted type either, so a cross-site page still cannot send it without a preflight.
 */
const IMAGE_UPLOAD_ROUTE = '/api/profile/photo';
/**
 * Routes authenticated by what the request carries, not by cookies, and posted as forms by
 * servers, not by our pages: the email one-click unsubscribe (RFC 8058, an HMAC token in the
 * path) and the SMS provider's webhook (a signature header). CSRF cannot abuse them.
 */
const TOKEN_AUTHENTICATED_ROUTES = new Set(['/api/unsubscribe/:token', '/api/sms/inbound']);

/**
 * CSRF defence for cookie sessions, in two parts:
 * - a browser always sends Origin on a cross-site POST (Referer when Origin is absent in older
 *   ones): when present it must be ours, else 403 CSRF_REJECTED;
 * - a body must be `application/json` (`image/*` for the photo upload): an HTML form or a
 *   "simple" fetch can only send form-encoded or text/plain bodies without a CORS preflight,
 *   which we never grant.
 * Requests with neither header (curl, server-to-server) carry no ambient browser cookies.
 *
 * The guard decides by the route the router matched, never by the raw URL: the router decodes and
 * matches `/%61pi/shows/1/cancel` as `/api/shows/:id/cancel`, so a check on the URL's spelling
 * can be walked around. Every state-changing request that reaches a handler is checked; one that
 * matched no route reaches none (404).
 */
export function csrfGuard(trustedOrigins: readonly string[]): onRequestHookHandler {
  const allowed = new Set(trustedOrigins);
  const check = (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    if (!STATE_CHANGING.has(request.method) || route === undefined) return;
    if (TOKEN_AUTHENTICATED_ROUTES.has(route)) return;
    const origin = requestOrigin(request);
    if (origin !== undefined && !allowed.has(origin)) {
      request.log.warn({ origin }, 'refused a cross-site state-changing request');
      throw new AppError('CSRF_REJECTED', GENERIC_MESSAGES.csrf);
    }
    if (!hasBody(request)) return;
    const type = mediaType(request.headers['content-type']);
    if (request.method === 'POST' && route === IMAGE_UPLOAD_ROUTE) {
      if (!type?.startsWith('image/')) {
        throw new AppError('INVALID_FILE_TYPE', PHOTO_MESSAGES.invalidType);
      }
    } else if (type !== 'application/json') {
      throw new AppError('BAD_REQUEST', 'Requests with a body must be sent as application/json');
    }
  };
  // A callback, not an async function: it runs on every request, and a GET's check is one lookup.
  return (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
}

/** The Origin header, else Referer's origin; 'invalid' for anything unparsable (or "null"). */
function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  const raw = origin ?? referer;
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw).origin;
    return parsed === 'null' ? 'invalid' : parsed;
  } catch {
    return 'invalid';
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase();
}
