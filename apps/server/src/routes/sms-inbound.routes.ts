import { ZApiError, zMultiLineText, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaAnswer } from '../http/openapi-media.ts';
import type { SmsInboundService } from '../services/sms-inbound.service.ts';

export type SmsInboundRoutesOptions = { service: SmsInboundService };

/** The provider's form fields; a message's Body may span lines. */
const ZInboundForm = z.record(zSingleLineText(), zMultiLineText());

/**
 * POST /api/sms/inbound: the provider's webhook for texts fans send to our number. Form-encoded,
 * like Twilio's; the signature header proves it came from the provider. Answers TwiML, whose
 * <Message> the provider texts back as the confirmation.
 */
export const smsInboundRoutes: FastifyPluginAsyncZod<SmsInboundRoutesOptions> = async (
  app,
  { service },
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

  app.post(
    '/inbound',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Inbound SMS webhook (Twilio-compatible): STOP and START keywords',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZInboundForm.optional(),
        response: {
          200: mediaAnswer('text/xml', 'TwiML: a <Message> confirming a STOP or START, else empty'),
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const confirmation = await service.receive(
        {
          path: request.url,
          params: request.body ?? {},
          signature: firstHeader(request.headers['x-twilio-signature']),
        },
        request.log,
      );
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
