import { GENERIC_MESSAGES, type TRole, ZRole } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import type { SessionUserRepo, SessionUserRow } from '../repositories/session-user.repo.ts';
import type { Auth, BetterAuth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';
import { signedSessionToken } from './session-cookie.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: TRole;
  username: string;
  createdAt: Date;
};

/**
 * What a request offers for its session: the Cookie header, all its headers if needed, and the
 * request itself (the raw one), whose one barrier the page caches then share (decision 053).
 */
export type SessionRequest = {
  cookie: string | undefined;
  headers: () => Headers;
  raw?: object;
};

/** Verified sessions in memory, and the wait for every change notice committed so far. */
export type SessionMemory = {
  cache: SessionCache<SessionUser>;
  /**
   * True once every notice committed before the request is handled: once per request
   * (db/pg-listener.ts' `barrier`), a fresh round trip for a request that gives no `raw`.
   */
  sync: (request?: object) => Promise<boolean>;
};

/**
 * The signed-in user as the database has it now (a revoked session fails on the next request:
 * decisions 027 and 028), or null. A session seen before is answered from memory (auth/session-
 * cache.ts) once every change notice committed before the request has been handled (one round
 * trip on the listening connection, shared by the requests waiting at that moment); otherwise
 * one prepared statement joining the session and its user. better-auth's getSession (two
 * statements, and its writes) still answers whenever it has something to do: a session past its
 * expiry (it deletes it) or due for its daily refresh (it extends it), so its rules stay the only
 * ones.
 */
export function createSessionReader(
  core: BetterAuth,
  repo: SessionUserRepo,
  memory?: SessionMemory,
) {
  const readSettings = sessionSettings(core);
  return async (request: SessionRequest): Promise<SessionUser | null> => {
    const settings = await readSettings();
    const token = signedSessionToken(request.cookie, settings.cookieName, settings.secret);
    if (!token) return null;
    if (memory?.cache.get(token) && (await memory.sync(request.raw))) {
      // Looked up again: a notice handled while waiting may have dropped it.
      const cached = memory.cache.get(token);
      if (cached && current(cached.expiresAt, settings)) return cached.user;
    }
    const readSince = memory?.cache.generation() ?? 0;
    const row = await repo.findByToken(token);
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    if (current(expiresAt, settings)) {
      const user = toSessionUser(row);
      memory?.cache.store(token, user.id, user, expiresAt, readSince);
      return user;
    }
    const session = await core.api.getSession({ headers: request.headers() });
    return session ? toSessionUser(session.user) : null;
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/**
 * better-auth's own test (api/routes/session.ts): live, and not yet due for its refresh (once
 * updateAge has passed since the expiry was last set), which only better-auth does.
 */
const current = (expiresAt: number, ages: SessionAges, now = Date.now()) =>
  expiresAt > now && expiresAt - ages.expiresInMs + ages.updateAgeMs > now;

type SessionAges = { expiresInMs: number; updateAgeMs: number };

/**
 * The session user the cookie names when memory has the session and it is current, without a
 * wait or a statement; undefined otherwise (not seen yet, due for its refresh, better-auth's
 * settings not read yet). Only as true as the last change notice handled: a caller must have
 * waited for `sync` (auth/session-user.ts' SessionMemory) since the request arrived, and ask
 * again after it. For an answer written before Fastify (http/own-page-hits.ts).
 */
export function createSessionMemoryReader(core: BetterAuth, memory: SessionMemory) {
  const readSettings = sessionSettings(core);
  let settings: Awaited<ReturnType<typeof readSettings>> | undefined;
  readSettings().then(
    (read) => {
      settings = read;
    },
    // The async reader meets the same failure on the first request and answers it there.
    () => {},
  );
  return (cookie: string | undefined): SessionUser | undefined => {
    if (!settings) return undefined;
    const token = signedSessionToken(cookie, settings.cookieName, settings.secret);
    const cached = token ? memory.cache.get(token) : undefined;
    return cached && current(cached.expiresAt, settings) ? cached.user : undefined;
  };
}

export type SessionMemoryReader = ReturnType<typeof createSessionMemoryReader>;

/**
 * The session token a request's cookie carries when its signature is ours, whether or not the
 * session is still live (ask the reader for that): for a route that acts on the caller's own
 * session, such as keeping it when the account's other sessions are revoked.
 */
export function createSessionTokenReader(core: BetterAuth) {
  const readSettings = sessionSettings(core);
  return async (cookie: string | undefined): Promise<string | null> => {
    const { cookieName, secret } = await readSettings();
    return signedSessionToken(cookie, cookieName, secret);
  };
}

/** better-auth's cookie name, secret and session ages, read once from its context. */
function sessionSettings(core: BetterAuth) {
  let settings: Promise<{
    cookieName: string;
    secret: string;
    expiresInMs: number;
    updateAgeMs: number;
  }>;
  return () => {
    settings ??= core.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      // The secret better-auth signs with (BETTER_AUTH_SECRETS' first one when that is set).
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    return settings;
  };
}

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
