import { ZApiError, zMultiLineText, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toE164 } from '../adapters/sms/e164.ts';
import { handleInboundSms } from '../alerts/channels/sms-keywords.ts';
import { isValidTwilioSignature } from '../alerts/channels/twilio-signature.ts';
import { AppError } from '../http/app-error.ts';
import type { SmsOptOutRepo } from '../repositories/sms-opt-out.repo.ts';

export type SmsInboundRoutesOptions = {
  optOuts: SmsOptOutRepo;
  /** SMS_AUTH_TOKEN; without it the webhook cannot be verified, so it does not exist (404). */
  authToken: string | undefined;
  /** PUBLIC_URL: the provider signs the URL it called, which is ours as the public sees it. */
  publicUrl: string;
};

/** The provider's form fields; a message's Body may span lines. */
const ZInboundForm = z.record(zSingleLineText(), zMultiLineText());

/**
 * POST /api/sms/inbound: the provider's webhook for texts fans send to our number. Form-encoded,
 * like Twilio's; the signature header proves it came from the provider. Answers TwiML, whose
 * <Message> the provider texts back as the confirmation.
 */
export const smsInboundRoutes: FastifyPluginAsyncZod<SmsInboundRoutesOptions> = async (
  app,
  { optOuts, authToken, publicUrl },
) => {
  // Scoped to this plugin: the rest of the API takes JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
      done(null, Object.fromEntries(params));
    },
  );
  const base = publicUrl.replace(/\/+$/, '');

  app.post(
    '/inbound',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Inbound SMS webhook (Twilio-compatible): STOP and START keywords',
        body: ZInboundForm.optional(),
        response: {
          200: z.string().describe('TwiML'),
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      if (!authToken) throw new AppError('NOT_FOUND', 'SMS is not configured');
      const params = request.body ?? {};
      const signature = request.headers['x-twilio-signature'];
      const url = `${base}${request.url}`;
      if (!isValidTwilioSignature(authToken, url, params, firstHeader(signature))) {
        request.log.warn({ url }, 'refused an inbound SMS with a bad signature');
        throw new AppError('FORBIDDEN', 'The request signature is not valid');
      }
      const from = toE164(params.From ?? '');
      if (!from) throw new AppError('BAD_REQUEST', 'From must be a phone number');
      const confirmation = await handleInboundSms(optOuts, from, params.Body ?? '');
      request.log.info({ confirmed: confirmation !== null }, 'inbound SMS handled');
      return reply.type('text/xml; charset=utf-8').send(twiml(confirmation));
    },
  );
};

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function twiml(message: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  return message === null
    ? `${head}<Response/>`
    : `${head}<Response><Message>${escapeXml(message)}</Message></Response>`;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
