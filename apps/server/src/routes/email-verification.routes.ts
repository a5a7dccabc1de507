import { ZApiError, zSingleLineText } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authHeaders } from '../http/auth-headers.ts';
import { currentUser } from '../http/signed-in.ts';
import type { EmailVerificationService } from '../services/email-verification.service.ts';

export type EmailVerificationRoutesOptions = {
  service: EmailVerificationService;
  signedIn: onRequestHookHandler;
};

const tags = ['account'];

/** Settings > Security's 'Email Verified', under /api/account/email. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<
  EmailVerificationRoutesOptions
> = async (app, { service, signedIn }) => {
  app.post(
    '/send-verification',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mail a verification link to the signed-in user (204 also when verified)',
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError, 429: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      await service.send(currentUser(request), authHeaders(request));
      return reply.status(204).send(null);
    },
  );

  // No session needed: the link is often opened on another device than the one that asked.
  app.get(
    '/verify',
    {
      schema: {
        tags,
        summary:
          'The link in the mail: verifies, then redirects to settings with emailVerified=1|0',
        querystring: z.object({ token: zSingleLineText().max(4096).optional() }),
        response: {
          302: z.null().describe('Redirect to /settings/<role>?emailVerified=1|0'),
          400: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const location = await service.verify(request.query.token, authHeaders(request));
      return reply.redirect(location, 302);
    },
  );
};
