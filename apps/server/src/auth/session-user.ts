import { GENERIC_MESSAGES, type TRole, ZRole } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import type { SessionUserRepo, SessionUserRow } from '../repositories/session-user.repo.ts';
import type { Auth, BetterAuth } from './auth.ts';
import { signedSessionToken } from './session-cookie.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: TRole;
  username: string;
  createdAt: Date;
};

/** What a request offers for its session: the Cookie header, and all its headers if needed. */
export type SessionRequest = { cookie: string | undefined; headers: () => Headers };

/**
 * The signed-in user read fresh from the database on every request (a revoked session fails at
 * once: decision 027), or null. The common case is one prepared statement joining the session
 * and its user; better-auth's getSession (two statements, and its writes) still answers whenever
 * it has something to do: a session past its expiry (it deletes it) or due for its daily refresh
 * (it extends it), so its rules stay the only ones.
 */
export function createSessionReader(core: BetterAuth, repo: SessionUserRepo) {
  let settings: Promise<{
    cookieName: string;
    secret: string;
    expiresInMs: number;
    updateAgeMs: number;
  }>;
  const readSettings = () => {
    settings ??= core.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      // The secret better-auth signs with (BETTER_AUTH_SECRETS' first one when that is set).
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    return settings;
  };

  return async (request: SessionRequest): Promise<SessionUser | null> => {
    const { cookieName, secret, expiresInMs, updateAgeMs } = await readSettings();
    const token = signedSessionToken(request.cookie, cookieName, secret);
    if (!token) return null;
    const row = await repo.findByToken(token);
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    // better-auth's own test (api/routes/session.ts): refresh once updateAge has passed since
    // the expiry was last set.
    const dueForRefresh = expiresAt - expiresInMs + updateAgeMs <= now;
    if (expiresAt > now && !dueForRefresh) return toSessionUser(row);
    const session = await core.api.getSession({ headers: request.headers() });
    return session ? toSessionUser(session.user) : null;
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/** The signed-in user, or 401 for everyone else. */
export async function requireSessionUser(
  auth: Auth,
  request: SessionRequest,
): Promise<SessionUser> {
  const user = await auth.readSessionUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated);
  return user;
}

type UserFields = Pick<
  SessionUserRow,
  'id' | 'email' | 'emailVerified' | 'role' | 'name' | 'createdAt'
> & { username?: string | null; displayUsername?: string | null };

function toSessionUser(user: UserFields): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: ZRole.parse(user.role),
    username: user.displayUsername ?? user.username ?? user.name,
    createdAt: new Date(user.createdAt),
  };
}
