import {
  ZApiError,
  ZEmailChangeConfirm,
  ZEmailChanged,
  ZEmailChangeRequest,
  ZEmailChangeState,
} from '@encore/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallerSession } from '../http/optional-user.ts';
import { currentUser } from '../http/signed-in.ts';
import type { EmailChangeService } from '../services/email-change.service.ts';

export type EmailChangeRoutesOptions = {
  service: EmailChangeService;
  signedIn: onRequestHookHandler;
  /** The caller's session, if signed in: confirming keeps it when it is the account's. */
  callerSession: (request: FastifyRequest) => Promise<CallerSession | null>;
};

const tags = ['account'];

/** Changing the account email by a link to the new address, under /api/account/email/change. */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeRoutesOptions> = async (
  app,
  { service, signedIn, callerSession },
) => {
  app.get(
    '/change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The account email and the change waiting for its link, if any',
        response: { 200: ZEmailChangeState, 401: ZApiError },
      },
    },
    async (request) => {
      return service.state(currentUser(request));
    },
  );

  app.post(
    '/change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mail a confirmation link to a new address; nothing changes until it is opened',
        body: ZEmailChangeRequest,
        response: {
          202: ZEmailChangeState,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError.describe('EMAIL_TAKEN: the address belongs to another account'),
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const state = await service.request(currentUser(request), request.body);
      return reply.status(202).send(state);
    },
  );

  app.post(
    '/change/resend',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mail a new link for the pending change (the earlier link stops working)',
        response: {
          202: ZEmailChangeState,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const state = await service.resend(currentUser(request));
      return reply.status(202).send(state);
    },
  );

  app.delete(
    '/change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Cancel the pending change: its link stops working (204 also when none)',
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      await service.cancel(currentUser(request));
      return reply.status(204).send(null);
    },
  );

  // No session needed: the link is often opened on another device than the one that asked.
  // The account's sessions end, but for the caller's own when it is one of them.
  app.post(
    '/change/confirm',
    {
      schema: {
        tags,
        summary:
          "The link in the mail (via the web page): switches the account email, once; the account's other sessions are signed out",
        body: ZEmailChangeConfirm,
        response: { 200: ZEmailChanged, 400: ZApiError, 403: ZApiError, 409: ZApiError },
      },
    },
    async (request) => service.confirm(request.body.token, await callerSession(request)),
  );
};
