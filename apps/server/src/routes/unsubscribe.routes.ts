import { ZApiError, ZUnsubscribeResult, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redirectAnswer } from '../http/openapi-media.ts';
import type { UnsubscribeService } from '../services/unsubscribe.service.ts';

export type UnsubscribeRoutesOptions = { service: UnsubscribeService };

const ZParams = z.object({ token: zSingleLineText().max(500) });

/**
 * /api/unsubscribe/:token, the link in every mail a fan can switch off (alert and Show Pals
 * emails; the token names which). No session: the token is the proof.
 * POST unsubscribes (the /unsubscribe page, and mail clients' one-click button per RFC 8058,
 * which posts `List-Unsubscribe=One-Click` form-encoded). GET changes nothing — link scanners
 * fetch every URL in a message — and sends the browser to the page that asks.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (
  app,
  { service },
) => {
  // Scoped to this plugin: the one-click POST comes as a form; its content is fixed and unused.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  app.post(
    '/:token',
    {
      schema: {
        tags: ['alerts'],
        summary:
          'One-click unsubscribe (RFC 8058) from the kind of email the token names: alert or Show Pals emails',
        params: ZParams,
        // Mail clients send RFC 8058's form; the /unsubscribe page sends no body.
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: z.unknown().describe('Ignored: `List-Unsubscribe=One-Click` from mail clients'),
        response: { 200: ZUnsubscribeResult, 400: ZApiError },
      },
    },
    async (request) => service.unsubscribe(request.params.token, request.log),
  );

  app.get(
    '/:token',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Sends a browser to the unsubscribe page; changes nothing',
        params: ZParams,
        response: {
          303: redirectAnswer('To /unsubscribe?token=…, the page that asks'),
          400: ZApiError,
        },
      },
    },
    async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.params.token)}`, 303),
  );
};
