import { ZAccountSecurity, ZApiError, ZChangePasswordRequest } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authHeaders, forwardCookies } from '../http/auth-headers.ts';
import { currentUser } from '../http/signed-in.ts';
import type { AccountSecurityService } from '../services/account-security.service.ts';

const tags = ['account'];

export type AccountSecurityRoutesOptions = {
  service: AccountSecurityService;
  signedIn: onRequestHookHandler;
};

/** Settings > Security and Account, under /api/account. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<AccountSecurityRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/security',
    {
      schema: {
        tags,
        summary: 'Account facts for settings: ids, creation date, what is verified',
        response: { 200: ZAccountSecurity, 401: ZApiError },
      },
    },
    async (request) => {
      return service.security(currentUser(request));
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: ZChangePasswordRequest,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { setCookies } = await service.changePassword(request.body, authHeaders(request));
      forwardCookies(reply, setCookies);
      return reply.status(204).send(null);
    },
  );
};
