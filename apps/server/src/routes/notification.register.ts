import type { FastifyInstance } from 'fastify';
import { createNotificationHub } from '../alerts/notification-hub.ts';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { signedIn } from '../http/signed-in.ts';
import { createNotificationRepo } from '../repositories/notification.repo.ts';
import { createNotificationService } from '../services/notification.service.ts';
import { notificationRoutes } from './notification.routes.ts';

/** The notification centre (/api/notifications) and its live stream. */
export async function registerNotifications(
  app: FastifyInstance,
  { database, auth, privatePages }: { database: Database; auth: Auth; privatePages: PrivateCache },
) {
  const repo = createNotificationRepo(database.orm);
  const hub = createNotificationHub(database.pool.options, repo, app.log);
  app.addHook('onClose', async () => hub.close());
  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    signedIn: signedIn(auth),
    service: createNotificationService({ repo, hub }),
    privatePages,
  });
}
