import {
  ZApiError,
  ZBlockedFans,
  ZFanIdParams,
  ZFanProfileParams,
  ZFanPublicProfile,
  ZPalRelationResult,
  ZPalRequestInput,
  ZPalSuggestions,
  ZShowAttendees,
  ZSocialOverview,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { ShowPals } from '../services/show-pals.service.ts';

export type ShowPalsRoutesOptions = { signedIn: onRequestHookHandler; pals: ShowPals };

const tags = ['social'];
const showParams = z.object({ id: zSingleLineText().max(200) });
const errors = { 401: ZApiError, 403: ZApiError };
const answer = { 200: ZPalRelationResult, 400: ZApiError, 404: ZApiError, 409: ZApiError };

/** /api/social: a fan's Show Pals, requests and blocks. Personal, so never cached. */
export const showPalsRoutes: FastifyPluginAsyncZod<ShowPalsRoutesOptions> = async (app, o) => {
  const { pals } = o;
  app.addHook('onRequest', o.signedIn);
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My Show Pals with shows in common, and open requests both ways',
        response: { 200: ZSocialOverview, ...errors },
      },
    },
    async (request) => pals.overview(currentUser(request)),
  );
  app.post(
    '/requests',
    {
      schema: {
        tags,
        summary: 'Ask a fan to be Show Pals (asking back accepts; asking twice changes nothing)',
        body: ZPalRequestInput,
        response: { ...answer, 429: ZApiError, ...errors },
      },
    },
    async (request) => pals.request(currentUser(request), request.body.fanId),
  );
  app.post(
    '/requests/:fanId/accept',
    {
      schema: {
        tags,
        summary: 'Accept a fan’s request',
        params: ZFanIdParams,
        response: { ...answer, ...errors },
      },
    },
    async (request) => pals.accept(currentUser(request), request.params.fanId),
  );
  app.post(
    '/requests/:fanId/decline',
    {
      schema: {
        tags,
        summary: 'Decline a fan’s request (they may ask again after 30 days)',
        params: ZFanIdParams,
        response: { ...answer, ...errors },
      },
    },
    async (request) => pals.decline(currentUser(request), request.params.fanId),
  );
  app.delete(
    '/requests/:fanId',
    {
      schema: {
        tags,
        summary: 'Withdraw my request to a fan',
        params: ZFanIdParams,
        response: { ...answer, ...errors },
      },
    },
    async (request) => pals.cancel(currentUser(request), request.params.fanId),
  );
  app.delete(
    '/pals/:fanId',
    {
      schema: {
        tags,
        summary: 'Stop being Show Pals',
        params: ZFanIdParams,
        response: { ...answer, ...errors },
      },
    },
    async (request) => pals.remove(currentUser(request), request.params.fanId),
  );
  app.get(
    '/suggestions',
    {
      schema: {
        tags,
        summary: 'Fans I might know: most shows in common, then artists watched in common',
        response: { 200: ZPalSuggestions, ...errors },
      },
    },
    async (request) => pals.suggestions(currentUser(request)),
  );
  app.get(
    '/blocks',
    {
      schema: {
        tags,
        summary: 'The fans I blocked',
        response: { 200: ZBlockedFans, ...errors },
      },
    },
    async (request) => pals.blocked(currentUser(request)),
  );
  app.put(
    '/blocks/:fanId',
    {
      schema: {
        tags,
        summary: 'Block a fan: they can no longer see, ask or meet me, and are not told',
        params: ZFanIdParams,
        response: { 204: z.null(), 400: ZApiError, 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await pals.block(currentUser(request), request.params.fanId);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/blocks/:fanId',
    {
      schema: {
        tags,
        summary: 'Unblock a fan',
        params: ZFanIdParams,
        response: { 204: z.null(), 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await pals.unblock(currentUser(request), request.params.fanId);
      return reply.status(204).send(null);
    },
  );
};

/** GET /api/shows/:id/attendees: Connect with Attendees. Personal (relations), so never cached. */
export const showAttendeesRoutes: FastifyPluginAsyncZod<ShowPalsRoutesOptions> = async (app, o) => {
  app.addHook('onRequest', o.signedIn);
  app.get(
    '/:id/attendees',
    {
      schema: {
        tags,
        summary: 'The fans going to a show whom I may see, pals first; how many are hidden',
        params: showParams,
        response: { 200: ZShowAttendees, 404: ZApiError, ...errors },
      },
    },
    async (request) => o.pals.attendees(currentUser(request), request.params.id),
  );
};

/** GET /api/fans/:username: a fan's profile, as far as their privacy lets me see it. */
export const fanProfileRoutes: FastifyPluginAsyncZod<ShowPalsRoutesOptions> = async (app, o) => {
  app.addHook('onRequest', o.signedIn);
  app.get(
    '/:username',
    {
      schema: {
        tags,
        summary: 'A fan’s profile: each part only as their privacy allows',
        params: ZFanProfileParams,
        response: { 200: ZFanPublicProfile, 404: ZApiError, ...errors },
      },
    },
    async (request) => o.pals.profile(currentUser(request), request.params.username),
  );
};
