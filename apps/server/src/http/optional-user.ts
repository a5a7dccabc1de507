import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser, type SessionUser } from '../auth/session-user.ts';
import { AppError } from './app-error.ts';
import { sessionRequest } from './auth-headers.ts';

/**
 * For public pages that add the viewer's own bits when signed in: null for everyone else. A session
 * travels only in its cookie, so a request without any cookie is anonymous without asking the auth
 * library (most visitors of a public page: its cost was most of a cached page's).
 */
export function optionalUser(auth: Auth) {
  return async (request: FastifyRequest): Promise<SessionUser | null> => {
    if (!request.headers.cookie) return null;
    try {
      return await requireSessionUser(auth, sessionRequest(request));
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  };
}

/** The caller's live session: its user, and its token (to tell it apart from the user's others). */
export type CallerSession = { user: SessionUser; token: string };

/**
 * For a public route that treats the caller's own session apart when there is one (confirming an
 * email change keeps it and signs the account's others out): null when signed out.
 */
export function optionalSession(auth: Auth) {
  const viewer = optionalUser(auth);
  return async (request: FastifyRequest): Promise<CallerSession | null> => {
    const user = await viewer(request);
    if (!user) return null;
    const token = await auth.sessionTokenOf(request.headers.cookie);
    return token ? { user, token } : null;
  };
}
