import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser, type SessionUser } from '../auth/session-user.ts';
import { AppError } from './app-error.ts';
import { authHeaders } from './auth-headers.ts';

/**
 * For public pages that add the viewer's own bits when signed in: null for everyone else. A session
 * travels only in its cookie, so a request without any cookie is anonymous without asking the auth
 * library (most visitors of a public page: its cost was most of a cached page's).
 */
export function optionalUser(auth: Auth) {
  return async (request: FastifyRequest): Promise<SessionUser | null> => {
    if (!request.headers.cookie) return null;
    try {
      return await requireSessionUser(auth, authHeaders(request));
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  };
}
