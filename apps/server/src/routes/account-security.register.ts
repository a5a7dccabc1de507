import type { FastifyInstance } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { optionalSession } from '../http/optional-user.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createEmailChangeRepo } from '../repositories/email-change.repo.ts';
import { createFeedbackRepo } from '../repositories/feedback.repo.ts';
import { createPhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import { createProfilePhoneRepo } from '../repositories/profile-phone.repo.ts';
import { createUserRoleRepo } from '../repositories/user-role.repo.ts';
import { createAccountSecurityService } from '../services/account-security.service.ts';
import { createEmailChangeService } from '../services/email-change.service.ts';
import { createEmailVerificationService } from '../services/email-verification.service.ts';
import { createFeedbackService } from '../services/feedback.service.ts';
import { createPhoneVerificationService } from '../services/phone-verification.service.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { emailVerificationRoutes } from './email-verification.routes.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { phoneVerificationRoutes } from './phone-verification.routes.ts';

export type AccountSecurityWiring = {
  config: AppConfig;
  database: Database;
  auth: Auth;
  email: EmailSender;
  sms: SmsSender;
};

/**
 * Security and Account settings, email and phone verification, the account email change, and feedback (their sends and
 * checks are rate-limited per account and address: http/rate-limit-rules.ts).
 */
export async function registerAccountSecurity(app: FastifyInstance, wiring: AccountSecurityWiring) {
  const { config, database, auth, email, sms } = wiring;
  const profilePhones = createProfilePhoneRepo(database.orm);
  const phoneVerifications = createPhoneVerificationRepo(database.orm);
  const signedIn = signedInHook(auth);

  await app.register(accountSecurityRoutes, {
    prefix: '/api/account',
    service: createAccountSecurityService({ auth, profilePhones, phoneVerifications }),
    signedIn,
  });
  await app.register(emailVerificationRoutes, {
    prefix: '/api/account/email',
    service: createEmailVerificationService({
      auth,
      users: createUserRoleRepo(database.orm),
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    signedIn,
  });
  await app.register(emailChangeRoutes, {
    prefix: '/api/account/email',
    service: createEmailChangeService({
      repo: createEmailChangeRepo(database.orm),
      email,
      publicUrl: config.publicUrl,
      supportEmail: config.mail.supportEmail,
      log: app.log,
    }),
    signedIn,
    callerSession: optionalSession(auth),
  });
  await app.register(phoneVerificationRoutes, {
    prefix: '/api/account/phone',
    service: createPhoneVerificationService({
      sms,
      profilePhones,
      codes: phoneVerifications,
      secret: config.authSecret,
      log: app.log,
    }),
    signedIn,
  });
  await app.register(feedbackRoutes, {
    // Not '/api/feedback' with a '/' route: that documents (and answers) '/api/feedback/'.
    prefix: '/api',
    service: createFeedbackService({
      repo: createFeedbackRepo(database.orm),
      email,
      supportEmail: config.mail.supportEmail,
      log: app.log,
    }),
    signedIn,
  });
}
