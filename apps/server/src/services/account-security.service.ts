import {
  PROFILE_EXTRA_MESSAGES,
  type TAccountSecurity,
  type TChangePasswordRequest,
} from '@encore/contract';
import { isAPIError } from 'better-auth/api';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { PhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import type { ProfilePhoneRepo } from '../repositories/profile-phone.repo.ts';

export type AccountSecurityDeps = {
  auth: Auth;
  profilePhones: ProfilePhoneRepo;
  phoneVerifications: PhoneVerificationRepo;
};

/** Settings > Security and Account: what is verified, and the password change. */
export function createAccountSecurityService({
  auth,
  profilePhones,
  phoneVerifications,
}: AccountSecurityDeps) {
  return {
    async security(user: SessionUser): Promise<TAccountSecurity> {
      const phone = await profilePhones.phoneOf(user.id, user.role);
      return {
        userId: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        phone,
        phoneVerified: phone ? await phoneVerifications.isPhoneVerified(user.id, phone) : false,
        createdAt: user.createdAt.toISOString(),
      };
    },

    /**
     * Signs out every other session (a changed password usually means a worry about someone
     * else) and returns the fresh session cookie for this one. better-auth finds the user from
     * the session cookie in `headers`.
     */
    async changePassword(
      input: TChangePasswordRequest,
      headers: Headers,
    ): Promise<{ setCookies: string[] }> {
      try {
        const { headers: responseHeaders } = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        });
        return { setCookies: responseHeaders.getSetCookie() };
      } catch (error) {
        if (isAPIError(error) && error.body?.code === 'INVALID_PASSWORD') {
          const message = PROFILE_EXTRA_MESSAGES.currentPasswordWrong;
          throw new AppError('VALIDATION_FAILED', message, {
            fields: { currentPassword: message },
          });
        }
        throw error;
      }
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
