import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser, type SessionUser } from '../auth/session-user.ts';
import { authHeaders } from './auth-headers.ts';

const users = new WeakMap<FastifyRequest, SessionUser>();

/**
 * onRequest hook for routes that need a session: 401 before the body is even read (an anonymous
 * client cannot make us receive a 5 MB upload). The user id then comes only from the session.
 */
export function signedIn(auth: Auth): onRequestHookHandler {
  return async (request) => {
    users.set(request, await requireSessionUser(auth, authHeaders(request)));
  };
}

/** The user the `signedIn` hook found for this request. */
export function currentUser(request: FastifyRequest): SessionUser {
  const user = users.get(request);
  if (!user) throw new Error(`${request.url} is missing the signedIn hook`);
  return user;
}
