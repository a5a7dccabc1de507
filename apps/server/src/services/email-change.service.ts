import { createHash, randomBytes } from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_MESSAGES as M,
  type TEmailChangeRequest,
  type TEmailChangeState,
} from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailSender } from '../adapters/email/email-sender.ts';
import {
  emailChangeConfirmation,
  emailChangedNotice,
  emailChangeLink,
} from '../auth/email-change-emails.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { uniqueViolationConstraint } from '../auth/unique-violation.ts';
import { AppError } from '../http/app-error.ts';
import type { CallerSession } from '../http/optional-user.ts';
import type { EmailChangeRepo } from '../repositories/email-change.repo.ts';

export type EmailChangeDeps = {
  repo: EmailChangeRepo;
  email: EmailSender;
  publicUrl: string;
  supportEmail: string;
  log: FastifyBaseLogger;
};

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Changing the account email: a link to the new address, nothing changed until it is opened;
 * then login, alert mail and the Security tab switch at once and the old address is told.
 * Addresses and tokens never go to the log (they are personal data and keys to the account).
 */
export function createEmailChangeService(deps: EmailChangeDeps) {
  const { repo } = deps;

  async function state(user: SessionUser): Promise<TEmailChangeState> {
    const pending = await repo.pending(user.id);
    return {
      email: user.email,
      pending: pending
        ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() }
        : null,
    };
  }

  /** A fresh token each time: only its hash is stored, so the old link cannot be sent again. */
  async function sendLink(user: SessionUser, newEmail: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.save(user.id, newEmail, hashToken(token), new Date(Date.now() + TTL_MS));
    const link = emailChangeLink(deps.publicUrl, token);
    await mail(emailChangeConfirmation(newEmail, link), 'the email change link', true);
  }

  async function mail(message: EmailMessage, what: string, required: boolean) {
    try {
      await deps.email.send(message);
    } catch (err) {
      // The error of a mail transport can quote the recipient: log its kind only.
      deps.log.warn({ errType: (err as Error)?.name }, `sending ${what} failed`);
      if (required) throw new AppError('UNAVAILABLE', DELIVERY_MESSAGES.emailFailed);
    }
  }

  return {
    state,

    async request(user: SessionUser, input: TEmailChangeRequest): Promise<TEmailChangeState> {
      // better-auth stores and looks up addresses lowercased; so do we.
      const newEmail = input.email.toLowerCase();
      if (newEmail === user.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', M.sameAsCurrent, {
          fields: { email: M.sameAsCurrent },
        });
      }
      // Sign-up already tells whether an address is registered ('This email is already
      // registered'); this says no more, to a signed-in user, under the same rate limit.
      if (await repo.emailTakenByOther(user.id, newEmail)) {
        throw new AppError('EMAIL_TAKEN', M.taken, { fields: { email: M.taken } });
      }
      await sendLink(user, newEmail);
      return state(user);
    },

    async resend(user: SessionUser): Promise<TEmailChangeState> {
      const pending = await repo.pending(user.id);
      if (!pending) throw new AppError('NOT_FOUND', M.noPendingChange);
      await sendLink(user, pending.newEmail);
      return state(user);
    },

    async cancel(user: SessionUser): Promise<void> {
      await repo.cancel(user.id);
    },

    /**
     * The link, opened signed in or not, on any device: the token alone names the account. Its
     * sessions are signed out, as a password change does (the login changed: whoever else was
     * signed in should prove it again), but for the caller's own when it is one of them; opened
     * signed out, none is left and the new address signs in.
     */
    async confirm(token: string, caller: CallerSession | null): Promise<{ email: string }> {
      let outcome: Awaited<ReturnType<EmailChangeRepo['confirm']>>;
      const keep = caller ? { userId: caller.user.id, sessionToken: caller.token } : null;
      try {
        outcome = await repo.confirm(hashToken(token), keep);
      } catch (error) {
        if (uniqueViolationConstraint(error) === 'user_email_lower_idx') {
          throw new AppError('EMAIL_TAKEN', M.taken, { fields: { email: M.taken } });
        }
        throw error;
      }
      if (outcome.status === 'invalid') throw new AppError('BAD_REQUEST', M.linkInvalid);
      if (outcome.status === 'expired') throw new AppError('BAD_REQUEST', M.linkExpired);
      // The change is made; a notice that cannot be sent is logged, not turned into a failure.
      await mail(
        emailChangedNotice(outcome.oldEmail, outcome.newEmail, deps.supportEmail),
        'the email changed notice',
        false,
      );
      return { email: outcome.newEmail };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
