import { ZApiError, ZPushPublicKey, ZPushSubscription, ZPushUnsubscribe } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { currentUser } from '../http/signed-in.ts';
import type { PushSubscriptionRepo } from '../repositories/push-subscription.repo.ts';

export type PushRoutesOptions = {
  subscriptions: PushSubscriptionRepo;
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: string;
  signedIn: onRequestHookHandler;
};

const tags = ['alerts'];
const errors = { 401: ZApiError, 403: ZApiError };
/** Only fans are alerted about shows, so only they subscribe a browser. */
const FANS_ONLY = 'Only fans get push alerts';

/** /api/push: the key a browser subscribes with, and the fan's browser subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (
  app,
  { subscriptions, publicKey, signedIn },
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
    async () => ({ publicKey }),
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
      const user = currentUser(request);
      if (user.role !== 'fan') throw new AppError('FORBIDDEN', FANS_ONLY);
      await subscriptions.upsert(user.id, request.body);
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
      await subscriptions.remove(currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
