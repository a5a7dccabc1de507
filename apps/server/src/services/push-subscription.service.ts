import { NOTIFICATION_MESSAGES, type TPushSubscription } from '@encore/contract';
import { isKnownPushService } from '../alerts/channels/push-endpoint.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { PushSubscriptionRepo } from '../repositories/push-subscription.repo.ts';

/** Only fans are alerted about shows, so only they subscribe a browser. */
const FANS_ONLY = 'Only fans get push alerts';

/**
 * A fan's browser subscriptions. The endpoint is a URL the alert worker will POST to, so only
 * the push services of PUSH_SERVICE_HOSTS are accepted: anything else would let a fan make our
 * server send requests wherever they like (the worker checks the addresses again when sending).
 */
export function createPushSubscriptionService(deps: {
  subscriptions: PushSubscriptionRepo;
  serviceHosts: readonly string[];
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: string;
}) {
  return {
    publicKey(): { publicKey: string } {
      return { publicKey: deps.publicKey };
    },

    async save(user: SessionUser, subscription: TPushSubscription): Promise<void> {
      if (user.role !== 'fan') throw new AppError('FORBIDDEN', FANS_ONLY);
      if (!isKnownPushService(subscription.endpoint, deps.serviceHosts)) {
        throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
          fields: { endpoint: NOTIFICATION_MESSAGES.pushServiceUnsupported },
        });
      }
      await deps.subscriptions.upsert(user.id, subscription);
    },

    async remove(user: SessionUser, endpoint: string): Promise<void> {
      await deps.subscriptions.remove(user.id, endpoint);
    },
  };
}

export type PushSubscriptionService = ReturnType<typeof createPushSubscriptionService>;
