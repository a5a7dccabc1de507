import {
  LOGIN_MESSAGES,
  SIGN_UP_MESSAGES,
  type TLoginRequest,
  type TSessionUser,
  type TSignUpRequest,
  ZRole,
} from '@encore/contract';
import { isAPIError } from 'better-auth/api';
import type { Auth } from '../auth/auth.ts';
import { captureUniqueViolation } from '../auth/unique-violation.ts';
import { AppError } from '../http/app-error.ts';
import type { UserRepo } from '../repositories/user.repo.ts';

/** What a route forwards: the user (or none) and better-auth's Set-Cookie values. */
export type AuthOutcome<T> = T & { setCookies: string[] };

type AuthUser = {
  id: string;
  email: string;
  createdAt: Date;
  username?: string | null;
  displayUsername?: string | null;
  role: string;
  profileComplete?: boolean | null;
};

/** Unique indexes on the user table (src/db/schema/auth.ts) and what a clash on each means. */
const CONFLICT_BY_INDEX: Record<string, 'username' | 'email'> = {
  user_username_lower_idx: 'username',
  user_email_lower_idx: 'email',
};
/** better-auth's own "already exists" checks, which run before its INSERT. */
const CONFLICT_BY_AUTH_CODE: Record<string, 'username' | 'email'> = {
  USERNAME_IS_ALREADY_TAKEN: 'username',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  USER_ALREADY_EXISTS: 'email',
};

export function createAccountService(auth: Auth, users: UserRepo) {
  return {
    async signUp(
      input: TSignUpRequest,
      headers: Headers,
    ): Promise<AuthOutcome<{ user: TSessionUser }>> {
      // The common case, answered with both clashes at once. Races past this check are caught
      // by the unique indexes below.
      const taken = await users.findTaken(input.username, input.email);
      if (taken.usernameTaken || taken.emailTaken) throw conflict(taken);

      const outcome = await captureUniqueViolation(() =>
        auth.api.signUpEmail({
          body: {
            name: input.username,
            username: input.username,
            email: input.email,
            password: input.password,
            role: input.role,
          },
          headers,
          returnHeaders: true,
        }),
      );
      if ('error' in outcome) {
        const clash = outcome.constraint
          ? CONFLICT_BY_INDEX[outcome.constraint]
          : isAPIError(outcome.error)
            ? CONFLICT_BY_AUTH_CODE[String(outcome.error.body?.code)]
            : undefined;
        if (clash)
          throw conflict({ usernameTaken: clash === 'username', emailTaken: clash === 'email' });
        throw outcome.error;
      }
      const { headers: responseHeaders, response } = outcome.result;
      return { user: toSessionUser(response.user), setCookies: responseHeaders.getSetCookie() };
    },

    async login(
      input: TLoginRequest,
      headers: Headers,
    ): Promise<AuthOutcome<{ user: TSessionUser }>> {
      try {
        const { headers: responseHeaders, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers,
          returnHeaders: true,
        });
        return { user: toSessionUser(response.user), setCookies: responseHeaders.getSetCookie() };
      } catch (error) {
        // Unknown email, wrong password, over-long password: one answer, so that the response
        // does not reveal which accounts exist. better-auth hashes even for unknown emails.
        if (isAPIError(error) && error.statusCode < 500) {
          throw new AppError('INVALID_CREDENTIALS', LOGIN_MESSAGES.invalidCredentials);
        }
        throw error;
      }
    },

    async logout(headers: Headers): Promise<AuthOutcome<object>> {
      const { headers: responseHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
      return { setCookies: responseHeaders.getSetCookie() };
    },

    async session(headers: Headers): Promise<AuthOutcome<{ user: TSessionUser | null }>> {
      const { headers: responseHeaders, response } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      return {
        user: response ? toSessionUser(response.user) : null,
        setCookies: responseHeaders.getSetCookie(),
      };
    },

    usernameExists(username: string): Promise<boolean> {
      return users.usernameExists(username.trim());
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

function conflict(taken: { usernameTaken: boolean; emailTaken: boolean }): AppError {
  const fields: Record<string, string> = {};
  if (taken.usernameTaken) fields.username = SIGN_UP_MESSAGES.usernameExists;
  if (taken.emailTaken) fields.email = SIGN_UP_MESSAGES.emailRegistered;
  return taken.usernameTaken
    ? new AppError('USERNAME_TAKEN', SIGN_UP_MESSAGES.usernameExists, { fields })
    : new AppError('EMAIL_TAKEN', SIGN_UP_MESSAGES.emailRegistered, { fields });
}

/** The client's view of a user; the username as typed (better-auth stores it lowercased). */
function toSessionUser(user: AuthUser): TSessionUser {
  return {
    id: user.id,
    username: user.displayUsername ?? user.username ?? '',
    email: user.email,
    role: ZRole.parse(user.role),
    profileComplete: user.profileComplete === true,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
