import {
  ZApiError,
  ZGoingInviteAnswer,
  ZGoingInviteAnswerResult,
  ZGoingInviteInput,
  ZGoingInviteResult,
  ZGoingInvites,
  ZShowInvitePals,
  zSingleLineText,
} from '@encore/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { GoingTogether } from '../services/going-together.service.ts';

export type GoingTogetherRoutesOptions = {
  signedIn: onRequestHookHandler;
  together: GoingTogether;
};

const tags = ['social'];
const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Signed in, and never cached: every answer here is about the signed-in fan's pals. */
function personal(app: FastifyInstance, signedIn: onRequestHookHandler) {
  app.addHook('onRequest', signedIn);
}

/** /api/shows/:id/invites: inviting pals to a show I am going to, and answering. Never cached. */
export const showInvitesRoutes: FastifyPluginAsyncZod<GoingTogetherRoutesOptions> = async (
  app,
  { signedIn, together },
) => {
  personal(app, signedIn);
  app.get(
    '/:id/invites',
    {
      schema: {
        tags,
        summary: 'My Show Pals and how each stands with this show (going, invited, declined)',
        params,
        response: { 200: ZShowInvitePals, ...errors },
      },
    },
    async (request) => together.pals(currentUser(request), request.params.id),
  );
  app.post(
    '/:id/invites',
    {
      schema: {
        tags,
        summary: 'Invite pals to a show I am going to (inviting again changes nothing)',
        params,
        body: ZGoingInviteInput,
        response: { 200: ZGoingInviteResult, 400: ZApiError, ...errors },
      },
    },
    async (request) =>
      together.invite(currentUser(request), request.params.id, request.body.fanIds),
  );
  app.post(
    '/:id/invites/answer',
    {
      schema: {
        tags,
        summary: 'Answer my open invites to this show: Going (marks me going) or Not this time',
        params,
        body: ZGoingInviteAnswer,
        response: { 200: ZGoingInviteAnswerResult, 400: ZApiError, ...errors },
      },
    },
    async (request) => together.answer(currentUser(request), request.params.id, request.body),
  );
};

/** GET /api/social/invites: my open going-together invites, soonest show first. */
export const myInvitesRoutes: FastifyPluginAsyncZod<GoingTogetherRoutesOptions> = async (
  app,
  { signedIn, together },
) => {
  personal(app, signedIn);
  app.get(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Open invites from my pals to upcoming shows, grouped per show',
        response: { 200: ZGoingInvites, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => together.open(currentUser(request)),
  );
};
