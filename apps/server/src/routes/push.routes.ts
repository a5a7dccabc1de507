import { ZApiError, ZPushPublicKey, ZPushSubscription, ZPushUnsubscribe } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { PushSubscriptionService } from '../services/push-subscription.service.ts';

export type PushRoutesOptions = {
  service: PushSubscriptionService;
  signedIn: onRequestHookHandler;
};

const tags = ['alerts'];
const errors = { 401: ZApiError, 403: ZApiError };

/** /api/push: the key a browser subscribes with, and the fan's browser subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);

  app.get(
    '/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID application server key for PushManager.subscribe',
        response: { 200: ZPushPublicKey, ...errors },
      },
    },
    async () => service.publicKey(),
  );

  app.put(
    '/subscription',
    {
      schema: {
        tags,
        summary: "Save this browser's push subscription for the signed-in fan",
        body: ZPushSubscription,
        response: { 204: z.null(), 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await service.save(currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/subscription',
    {
      schema: {
        tags,
        summary: "Forget this browser's push subscription",
        body: ZPushUnsubscribe,
        response: { 204: z.null(), 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
