import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@encore/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { createSessionUserRepo } from '../repositories/session-user.repo.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSessionCache } from './session-cache.ts';
import { listenForSessionChanges } from './session-change-listener.ts';
import {
  createSessionMemoryReader,
  createSessionReader,
  createSessionTokenReader,
  type SessionUser,
} from './session-user.ts';
import { noteLoggedError, uniqueViolationConstraint } from './unique-violation.ts';
import { EMAIL_VERIFICATION_TTL_SECONDS, verificationEmail } from './verification-email.ts';

const THIRTY_DAYS_SECONDS = 60 * 60 * 24 * 30;
/** Verified sessions kept per process (auth/session-cache.ts): ~1 KB each at most. */
const SESSION_CACHE = { maxEntries: 50_000, maxAgeMs: 5 * 60_000 };
/** Header our routes set from Fastify's request.ip (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-encore-client-ip';

const COOKIE_PREFIX = 'encore';
const secureCookies = (publicUrl: string) => publicUrl.startsWith('https:');

/**
 * The session cookie's name as better-auth makes it from our prefix (`__Secure-` in front over
 * https), for the OpenAPI document's security scheme; test/platform/openapi-lint.test.ts checks it
 * against the cookie a login sets.
 */
export function sessionCookieName(publicUrl: string): string {
  return `${secureCookies(publicUrl) ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`;
}

/**
 * better-auth owns passwords, sessions and cookies. Its HTTP handler is NOT mounted: our routes
 * call `auth.api.*`, so every endpoint is ours, validated by the contract's schemas and listed in
 * the OpenAPI document. Because nothing reaches it over HTTP, its own origin check and rate
 * limiter never run; ours (src/http/csrf.ts, src/http/rate-limit.ts) do, in Postgres, so limits
 * hold across processes. Its limiter is switched off explicitly so that stays true.
 */
export function createAuth(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  email?: EmailSender,
) {
  const core = createBetterAuth(config, database, log, email);
  // Every signed-in request's session check: from memory while the session and its user are
  // unchanged (the database's change notices drop them), else one statement (auth/session-user.ts).
  const sessionCache = createSessionCache<SessionUser>(SESSION_CACHE);
  const sessionChanges = listenForSessionChanges(sessionCache, database.pool.options, log);
  const memory = {
    cache: sessionCache,
    sync: (request: object = {}) => sessionChanges.barrier(request),
  };
  const readSessionUser = createSessionReader(core, createSessionUserRepo(database.orm), memory);
  // The same, from memory alone and without waiting: for an answer before Fastify.
  const sessionInMemory = createSessionMemoryReader(core, memory);
  const sessionTokenOf = createSessionTokenReader(core);
  return Object.assign(core, {
    readSessionUser,
    sessionInMemory,
    sessionTokenOf,
    sessionCache,
    sessionChanges,
  });
}

function createBetterAuth(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  email?: EmailSender,
) {
  return betterAuth({
    appName: 'Encore',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // transaction: true puts the user and its credential account in one transaction (the
    // adapter's default is false), so a failed sign-up never leaves a user without a password.
    database: drizzleAdapter(database.orm, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: {
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      // Without a sender (tools that only need the tables), asking for a verification mail fails.
      sendVerificationEmail: email
        ? ({ user, token }) => email.send(verificationEmail(config.publicUrl, user.email, token))
        : undefined,
    },
    user: {
      additionalFields: {
        // The spec's user_roles and profiles.profile_complete, as columns of the user row.
        role: { type: 'string', required: true, input: true },
        profileComplete: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: THIRTY_DAYS_SECONDS, updateAge: 60 * 60 * 24 },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies(config.publicUrl),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        noteLoggedError(args);
        // A lost sign-up race is expected and answered with 409: not an error worth paging.
        const expected = args.some((a) => uniqueViolationConstraint(a) !== undefined);
        if (level === 'error' && !expected) log.error({ err: args[0] }, `better-auth: ${message}`);
        else log.debug({ detail: args.map(String) }, `better-auth: ${message}`);
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
export type Auth = ReturnType<typeof createAuth>;
