import { type TPushSubscription, ZPushPublicKey } from '@encore/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/push/public-key: the server's VAPID key (base64url), generated on its first start. */
export async function getPushPublicKey() {
  return (await apiRequest('/api/push/public-key', { schema: ZPushPublicKey })).publicKey;
}

/** PUT /api/push/subscription: this browser's subscription (upserted by endpoint). */
export function savePushSubscription(subscription: TPushSubscription) {
  return apiRequest('/api/push/subscription', { method: 'PUT', body: subscription });
}

/** DELETE /api/push/subscription: this browser gets no more pushes. */
export function deletePushSubscription(endpoint: string) {
  return apiRequest('/api/push/subscription', { method: 'DELETE', body: { endpoint } });
}
