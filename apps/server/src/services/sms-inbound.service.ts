import type { FastifyBaseLogger } from 'fastify';
import { toE164 } from '../adapters/sms/e164.ts';
import { handleInboundSms } from '../alerts/channels/sms-keywords.ts';
import { isValidTwilioSignature } from '../alerts/channels/twilio-signature.ts';
import { AppError } from '../http/app-error.ts';
import type { SmsOptOutRepo } from '../repositories/sms-opt-out.repo.ts';

export type SmsInboundDeps = {
  optOuts: SmsOptOutRepo;
  /** SMS_AUTH_TOKEN; without it the webhook cannot be verified, so it does not exist (404). */
  authToken: string | undefined;
  /** PUBLIC_URL: the provider signs the URL it called, which is ours as the public sees it. */
  publicUrl: string;
};

/** What the provider sent: the path it called, its form fields and its signature header. */
export type InboundSms = {
  path: string;
  params: Record<string, string>;
  signature: string | undefined;
};

/**
 * Texts fans send to our number, through the provider's webhook. No session: the provider's
 * signature over the URL and the fields is the proof. STOP and START act on the sender's number.
 */
export function createSmsInboundService({ optOuts, authToken, publicUrl }: SmsInboundDeps) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    /** The confirmation to text back, or null. `log` is the request's, so its lines carry its id. */
    async receive(sms: InboundSms, log: FastifyBaseLogger): Promise<string | null> {
      if (!authToken) throw new AppError('NOT_FOUND', 'SMS is not configured');
      const url = `${base}${sms.path}`;
      if (!isValidTwilioSignature(authToken, url, sms.params, sms.signature)) {
        log.warn({ url }, 'refused an inbound SMS with a bad signature');
        throw new AppError('FORBIDDEN', 'The request signature is not valid');
      }
      const from = toE164(sms.params.From ?? '');
      if (!from) throw new AppError('BAD_REQUEST', 'From must be a phone number');
      const confirmation = await handleInboundSms(optOuts, from, sms.params.Body ?? '');
      log.info({ confirmed: confirmation !== null }, 'inbound SMS handled');
      return confirmation;
    },
  };
}

export type SmsInboundService = ReturnType<typeof createSmsInboundService>;
