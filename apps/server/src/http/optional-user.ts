import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser, type SessionUser } from '../auth/session-user.ts';
import { AppError } from './app-error.ts';
import { sessionRequest } from './auth-headers.ts';

/** For public pages that add the viewer's own bits when signed in: null for everyone else. */
export function optionalUser(auth: Auth) {
  return async (request: FastifyRequest): Promise<SessionUser | null> => {
    try {
      return await requireSessionUser(auth, sessionRequest(request));
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  };
}
