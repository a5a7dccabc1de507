import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  PROFILE_EXTRA_MESSAGES as X,
} from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { toE164 } from '../adapters/sms/e164.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { PhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import type { ProfilePhoneRepo } from '../repositories/profile-phone.repo.ts';

export type PhoneVerificationDeps = {
  sms: SmsSender;
  profilePhones: ProfilePhoneRepo;
  codes: PhoneVerificationRepo;
  secret: string;
  log: FastifyBaseLogger;
};

export function createPhoneVerificationService(deps: PhoneVerificationDeps) {
  const { sms, profilePhones, codes } = deps;
  /**
   * Keyed with the server secret: a leaked table alone cannot be brute-forced back into the
   * million possible codes. Bound to user and phone, so a code proves only that pairing.
   */
  const hash = (userId: string, phone: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${userId}\n${phone}\n${code}`).digest('base64url');

  return {
    async sendCode(user: SessionUser): Promise<{ expiresAt: string }> {
      const phone = await profilePhones.phoneOf(user.id, user.role);
      if (!phone) throw new AppError('PROFILE_REQUIRED', X.profileMissing);
      const code = randomInt(0, 10 ** PHONE_CODE_LENGTH)
        .toString()
        .padStart(PHONE_CODE_LENGTH, '0');
      const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60_000);
      await codes.saveCode(user.id, phone, hash(user.id, phone, code), expiresAt);
      try {
        // Profiles hold only valid US phones (the contract checks them), so `to` is never null.
        const to = toE164(phone);
        if (!to) throw new Error('the profile phone is not a phone number');
        await sms.send(to, `Your Encore code is ${code}`);
      } catch (err) {
        deps.log.error({ err }, 'sending the phone verification code failed');
        throw new AppError('UNAVAILABLE', DELIVERY_MESSAGES.smsFailed);
      }
      return { expiresAt: expiresAt.toISOString() };
    },

    async verify(user: SessionUser, code: string): Promise<void> {
      const phone = await profilePhones.phoneOf(user.id, user.role);
      const row = await codes.find(user.id);
      // A code sent to a number the profile no longer has proves nothing about the current one.
      if (!row || !phone || row.phone !== phone) throw codeError(X.phoneCodeExpired);
      if (!row.codeHash) {
        throw codeError(
          row.attempts >= PHONE_CODE_MAX_ATTEMPTS ? X.phoneCodeTooManyAttempts : X.phoneCodeExpired,
        );
      }
      if (row.expiresAt.getTime() <= Date.now()) throw codeError(X.phoneCodeExpired);

      const attempt = await codes.takeAttempt(user.id, PHONE_CODE_MAX_ATTEMPTS);
      if (!attempt?.codeHash) throw codeError(X.phoneCodeTooManyAttempts);
      const given = hash(user.id, phone, code);
      if (!sameHash(given, attempt.codeHash)) {
        // The last allowed try spends the code: the next one, even right, needs a new code.
        if (attempt.attempts >= PHONE_CODE_MAX_ATTEMPTS) await codes.invalidateCode(user.id);
        throw codeError(X.phoneCodeWrong);
      }
      if (!(await codes.markVerified(user.id, given))) throw codeError(X.phoneCodeExpired);
    },
  };
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function codeError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { code: message } });
}
