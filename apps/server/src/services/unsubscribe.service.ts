import { NOTIFICATION_MESSAGES } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { verifyUnsubscribeToken } from '../alerts/channels/unsubscribe-token.ts';
import { AppError } from '../http/app-error.ts';
import type { EmailOptOutRepo } from '../repositories/email-opt-out.repo.ts';

/**
 * The one-click unsubscribe of every mail a fan can switch off (alert and Show Pals emails). No
 * session: the HMAC token (under the server's secret) names the fan and the kind of mail, and is
 * the proof; it switches off that kind only. A bad or stale link is a 400 that says so.
 */
export function createUnsubscribeService(deps: { optOuts: EmailOptOutRepo; authSecret: string }) {
  return {
    /** `log` is the request's, so its line carries the request's id. */
    async unsubscribe(token: string, log: FastifyBaseLogger) {
      const verified = verifyUnsubscribeToken(deps.authSecret, token);
      const email = verified && (await deps.optOuts.unsubscribe(verified.fanId, verified.scope));
      if (!verified || email === null)
        throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.badUnsubscribeLink);
      const { fanId, scope } = verified;
      log.info({ fanId, scope }, 'unsubscribed from a kind of email');
      return { email, unsubscribed: true as const, scope };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
