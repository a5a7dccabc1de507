import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser, type SessionUser } from '../auth/session-user.ts';
import { sessionRequest } from './auth-headers.ts';

const users = new WeakMap<FastifyRequest, SessionUser>();

/**
 * The request's session user, looked up once per request (the access guard and a route's own
 * `signedIn` hook share it), or 401.
 */
export async function requireSignedIn(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const known = users.get(request);
  if (known) return known;
  const user = await requireSessionUser(auth, sessionRequest(request));
  users.set(request, user);
  return user;
}

/**
 * onRequest hook for routes that need a session: 401 before the body is even read (an anonymous
 * client cannot make us receive a 5 MB upload). The user id then comes only from the session.
 */
export function signedIn(auth: Auth): onRequestHookHandler {
  return async (request) => {
    await requireSignedIn(auth, request);
  };
}

/** The user the `signedIn` hook found for this request. */
export function currentUser(request: FastifyRequest): SessionUser {
  const user = users.get(request);
  if (!user) throw new Error(`${request.url} is missing the signedIn hook`);
  return user;
}

/**
 * For a plugin whose routes all answer about the signed-in user's own figures: a session is
 * needed, and no browser or proxy keeps the answer (the stats card, the dashboards).
 */
export function ownFiguresOnly(app: FastifyInstance, hook: onRequestHookHandler): void {
  app.addHook('onRequest', hook);
}
