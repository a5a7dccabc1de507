import { DELIVERY_MESSAGES } from '@encore/contract';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { UserRoleRepo } from '../repositories/user-role.repo.ts';

export type EmailVerificationDeps = {
  auth: Auth;
  users: UserRoleRepo;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/**
 * better-auth signs the token and flips user.email_verified; the mail itself goes out through
 * auth.ts' sendVerificationEmail hook, which links to our GET /api/account/email/verify.
 */
export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { auth, users, publicUrl } = deps;
  return {
    async send(user: SessionUser, headers: Headers): Promise<void> {
      // Nothing to confirm; answering 204 keeps a double click from looking like an error.
      if (user.emailVerified) return;
      try {
        await auth.api.sendVerificationEmail({ body: { email: user.email }, headers });
      } catch (err) {
        deps.log.error({ err }, 'sending the verification email failed');
        throw new AppError('UNAVAILABLE', DELIVERY_MESSAGES.emailFailed);
      }
    },

    /** Where the browser goes after following the link: the role's settings, with the outcome. */
    async verify(token: string | undefined, headers: Headers): Promise<string> {
      const role = await roleFor(token, headers);
      let verified = false;
      if (token) {
        try {
          await auth.api.verifyEmail({ query: { token }, headers });
          verified = true;
        } catch (error) {
          // Bad or expired tokens are expected (old mails, truncated links); anything else is not.
          if (!isAPIError(error) || error.statusCode >= 500) throw error;
        }
      }
      const flag = `emailVerified=${verified ? 1 : 0}`;
      return role ? `${publicUrl}/settings/${role}?${flag}` : `${publicUrl}/?${flag}`;
    },
  };

  /**
   * The token names the user whose address it verifies; the link may be opened signed out, or
   * in a browser signed in as someone else. A token too broken to name anyone falls back to
   * the session.
   */
  async function roleFor(token: string | undefined, headers: Headers) {
    const userId = token ? tokenUserId(token) : undefined;
    const role = userId ? await users.roleOf(userId) : undefined;
    if (role) return role;
    const session = await auth.api.getSession({ headers }).catch(() => null);
    return session ? String(session.user.role) : undefined;
  }
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

/** Reads (without trusting) the user id better-auth puts in the token; verifyEmail checks it. */
function tokenUserId(token: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    );
    const userId = (payload as { userId?: unknown } | null)?.userId;
    return typeof userId === 'string' ? userId : undefined;
  } catch {
    return undefined;
  }
}
