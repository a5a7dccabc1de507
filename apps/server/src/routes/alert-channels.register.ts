import type { FastifyInstance } from 'fastify';
import { readOrCreateVapidKeys } from '../alerts/channels/vapid-keys.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createEmailOptOutRepo } from '../repositories/email-opt-out.repo.ts';
import { createPushSubscriptionRepo } from '../repositories/push-subscription.repo.ts';
import { createSmsOptOutRepo } from '../repositories/sms-opt-out.repo.ts';
import { createPushSubscriptionService } from '../services/push-subscription.service.ts';
import { createSmsInboundService } from '../services/sms-inbound.service.ts';
import { createUnsubscribeService } from '../services/unsubscribe.service.ts';
import { pushRoutes } from './push.routes.ts';
import { smsInboundRoutes } from './sms-inbound.routes.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';

export type AlertChannelsWiring = { config: AppConfig; database: Database; auth: Auth };

/** What fans do with the outbound channels: subscribe a browser, unsubscribe, text STOP. */
export async function registerAlertChannels(
  app: FastifyInstance,
  { config, database, auth }: AlertChannelsWiring,
) {
  const { orm } = database;
  await app.register(pushRoutes, {
    prefix: '/api/push',
    service: createPushSubscriptionService({
      subscriptions: createPushSubscriptionRepo(orm),
      serviceHosts: config.push.serviceHosts,
      // Generated into DATA_DIR on first start.
      publicKey: readOrCreateVapidKeys(config.dataDir).publicKey,
    }),
    signedIn: signedIn(auth),
  });
  await app.register(unsubscribeRoutes, {
    prefix: '/api/unsubscribe',
    service: createUnsubscribeService({
      optOuts: createEmailOptOutRepo(orm),
      authSecret: config.authSecret,
    }),
  });
  await app.register(smsInboundRoutes, {
    prefix: '/api/sms',
    service: createSmsInboundService({
      optOuts: createSmsOptOutRepo(orm),
      authToken: config.sms.authToken,
      publicUrl: config.publicUrl,
    }),
  });
}
