import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import type { SessionRequest } from '../auth/session-user.ts';

/**
 * The request's headers for a better-auth call (it reads the session cookie from them), with the
 * client IP as Fastify determined it, so that a client cannot choose what a session records.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Passes better-auth's session cookies (set, refreshed or cleared) on to the browser. */
export function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}

/**
 * What the session check needs of a request: its Cookie header, all its headers lazily, and the
 * raw request (the same object the early answer saw, http/cached-hits.ts), whose barrier it shares.
 */
export function sessionRequest(request: FastifyRequest): SessionRequest {
  const cookie = request.headers.cookie;
  return { cookie, headers: () => authHeaders(request), raw: request.raw };
}
