import { NOTIFICATION_MESSAGES } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { verifyUnsubscribeToken } from '../alerts/channels/unsubscribe-token.ts';
import { AppError } from '../http/app-error.ts';
import type { EmailOptOutRepo } from '../repositories/email-opt-out.repo.ts';

/**
 * The one-click unsubscribe of every alert email. No session: the HMAC token (under the server's
 * secret) names the fan and is the proof; a bad or stale link is a 400 that says so.
 */
export function createUnsubscribeService(deps: { optOuts: EmailOptOutRepo; authSecret: string }) {
  return {
    /** `log` is the request's, so its line carries the request's id. */
    async unsubscribe(token: string, log: FastifyBaseLogger) {
      const fanId = verifyUnsubscribeToken(deps.authSecret, token);
      const email = fanId === null ? null : await deps.optOuts.unsubscribe(fanId);
      if (email === null)
        throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.badUnsubscribeLink);
      log.info({ fanId }, 'unsubscribed from alert emails');
      return { email, unsubscribed: true as const };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
