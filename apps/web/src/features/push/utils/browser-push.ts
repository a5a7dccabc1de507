import { NOTIFICATION_MESSAGES, ZPushSubscription } from '@encore/contract';
import { SERVICE_WORKER_URL } from '@/lib/service-worker';
import {
  deletePushSubscription,
  getPushPublicKey,
  savePushSubscription,
} from '../api/push-subscription';
import { base64UrlToBytes } from './base64url';

export type PushResult = { ok: true; message: string } | { ok: false; message: string };

function pushSupported(): boolean {
  return (
    typeof globalThis.Notification !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/**
 * Turns push on for this browser: asks the permission first (browsers only show the prompt
 * straight after a click, so nothing may be awaited before it), then registers the service
 * worker, subscribes with the server's VAPID key and hands the subscription to the server.
 */
export async function enablePush(): Promise<PushResult> {
  if (!pushSupported()) return { ok: false, message: NOTIFICATION_MESSAGES.pushUnsupported };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, message: NOTIFICATION_MESSAGES.pushDenied };

  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  // subscribe() needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  if (!registration.pushManager) {
    return { ok: false, message: NOTIFICATION_MESSAGES.pushUnsupported };
  }
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(await getPushPublicKey()),
    }));
  await savePushSubscription(ZPushSubscription.parse(subscription.toJSON()));
  return { ok: true, message: NOTIFICATION_MESSAGES.pushEnabled };
}

/** Turns push off for this browser: the server forgets the endpoint, the browser drops it. */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Whether this browser is subscribed: push is an account setting, but each browser subscribes on
 * its own (a new laptop, cleared site data, a revoked permission), so the settings ask.
 */
export async function pushSubscribedHere(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return Boolean(await registration?.pushManager?.getSubscription());
}
