import { ZApiError, ZPhoneCodeSent, ZVerifyPhoneRequest } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { PhoneVerificationService } from '../services/phone-verification.service.ts';

export type PhoneVerificationRoutesOptions = {
  service: PhoneVerificationService;
  signedIn: onRequestHookHandler;
};

const tags = ['account'];

/** Settings > Security's phone 'Verify', under /api/account/phone. */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<
  PhoneVerificationRoutesOptions
> = async (app, { service, signedIn }) => {
  app.addHook('onRequest', signedIn);
  app.post(
    '/send-code',
    {
      schema: {
        tags,
        summary: "Text a 6-digit code to the phone on the user's profile",
        response: {
          200: ZPhoneCodeSent,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
          429: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) => service.sendCode(currentUser(request)),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Confirm the phone with the texted code',
        body: ZVerifyPhoneRequest,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await service.verify(currentUser(request), request.body.code);
      return reply.status(204).send(null);
    },
  );
};
