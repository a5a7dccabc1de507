import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { AppConfig } from '../../config.ts';
import {
  createPushSubscriptionRepo,
  type StoredPushSubscription,
} from '../../repositories/push-subscription.repo.ts';
import {
  type ChannelSender,
  idempotencyKey,
  type OutgoingAlert,
  type SendOutcome,
} from '../channel-sender.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { readOrCreateVapidKeys, type VapidKeys } from './vapid-keys.ts';

const BATCH_SIZE = 200;
/** Alerts in flight to push services at once (each to all its fan's browsers), kept-alive. */
const CONCURRENCY = 64;
/** A show alert a day late is still worth showing; older than that, the push service drops it. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;

/** Test seam: the HTTPS agent (tests trust their local push service's self-signed certificate). */
export type PushAlertSenderOptions = { agent?: Agent };

type Attempt =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'failed'; error: string };

/**
 * Web push: each alert goes to every browser the fan subscribed, encrypted for it (RFC 8291) and
 * signed with the VAPID key in $DATA_DIR/vapid.json (RFC 8292). A subscription the push service no longer
 * knows (404/410) is deleted. The subscriptions of a whole batch are read in one query. A re-sent
 * alert collapses into its first copy: the push service replaces a waiting message with the same
 * Topic (RFC 8030), the browser a shown notification with the same tag, and the payload's `id`
 * (the delivery) lets the service worker drop a copy it has seen.
 */
export function createPushAlertSender(
  { config, orm }: ChannelSenderDeps,
  options: PushAlertSenderOptions = {},
): ChannelSender {
  const vapid = createVapidHeaderCache(vapidSubject(config), readOrCreateVapidKeys(config.dataDir));
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const subscriptions = createPushSubscriptionRepo(orm);

  async function push(
    alert: OutgoingAlert,
    subscription: StoredPushSubscription,
  ): Promise<Attempt> {
    // Browsers only hand out HTTPS endpoints, and web-push only speaks HTTPS: anything else
    // would fail the same way on every retry.
    if (!subscription.endpoint.startsWith('https://')) {
      return { kind: 'failed', error: 'push endpoint is not https' };
    }
    const payload = JSON.stringify({
      id: idempotencyKey(alert.deliveryId),
      title: alert.title,
      body: alert.body,
      // A digest is about several shows: it opens the fan's alerts page.
      url: alert.digest ? alert.digest.url : alert.showUrl,
      // Same show and kind: a newer alert replaces the older one in the notification tray.
      tag: alert.digest ? `digest:${alert.deliveryId}` : `${alert.kind}:${alert.showId}`,
    });
    const target = {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    };
    try {
      await webpush.sendNotification(target, payload, {
        headers: { Authorization: vapid.authorization(subscription.endpoint) },
        // At most 32 URL-safe characters (RFC 8030 5.4): 'alert-' and the delivery id fit.
        topic: `alert-${alert.deliveryId}`,
        TTL: TTL_SECONDS,
        timeout: TIMEOUT_MS,
        agent,
      });
      return { kind: 'sent' };
    } catch (error) {
      const attempt = classifyPushError(error);
      if (attempt.kind === 'gone') await subscriptions.removeById(subscription.id);
      return attempt;
    }
  }

  return {
    channel: 'push',
    batchSize: BATCH_SIZE,
    async send(alerts, report) {
      const all = await subscriptions.forFans(alerts.map((a) => a.fanId));
      const byFan = new Map<string, StoredPushSubscription[]>();
      for (const s of all) byFan.set(s.fanId, [...(byFan.get(s.fanId) ?? []), s]);
      return mapConcurrently(alerts, CONCURRENCY, async (alert) => {
        const browsers = byFan.get(alert.fanId) ?? [];
        const attempts = await Promise.all(browsers.map((s) => push(alert, s)));
        const result = outcome(alert.deliveryId, attempts);
        await report?.(result);
        return result;
      });
    },
    async close() {
      if (!options.agent) agent.destroy();
    },
  };
}

/**
 * One alert's result over all the fan's browsers. Reaching any browser is `sent`: retrying
 * would show it twice on those that got it. Otherwise a passing failure is retried.
 */
function outcome(deliveryId: number, attempts: Attempt[]): SendOutcome {
  if (attempts.length === 0) {
    return { deliveryId, status: 'failed', error: 'no push subscription' };
  }
  if (attempts.some((a) => a.kind === 'sent')) return { deliveryId, status: 'sent' };
  const retry = attempts.find((a) => a.kind === 'retry');
  if (retry) {
    const { kind: _, ...rest } = retry;
    return { deliveryId, status: 'retry', ...rest };
  }
  const failed = attempts.find((a) => a.kind === 'failed');
  if (failed) return { deliveryId, status: 'failed', error: failed.error };
  return { deliveryId, status: 'failed', error: 'subscription gone' };
}

/** 404/410: the browser unsubscribed. 429 and 5xx pass; another 4xx is final; network errors pass. */
export function classifyPushError(error: unknown): Exclude<Attempt, { kind: 'sent' }> {
  if (!(error instanceof WebPushError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'retry', error: message.slice(0, 500) };
  }
  const detail = `push service answered ${error.statusCode}: ${String(error.body ?? '').slice(0, 300)}`;
  if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone' };
  if (error.statusCode === 429 || error.statusCode >= 500) {
    const retryAfter = Number(error.headers?.['retry-after']);
    return Number.isFinite(retryAfter) && retryAfter > 0
      ? { kind: 'retry', error: detail, retryAfterMs: retryAfter * 1000 }
      : { kind: 'retry', error: detail };
  }
  return { kind: 'failed', error: detail };
}

/** Signed tokens are reused for this long; each is valid for twice as long (RFC 8292 allows 24 h). */
const VAPID_REUSE_SECONDS = 6 * 60 * 60;

/**
 * The VAPID Authorization header per push service origin (its JWT audience). Signing one costs
 * about 0.5 ms, more than encrypting the message; push services accept a token until it expires,
 * so one per origin every few hours is enough.
 */
function createVapidHeaderCache(subject: string, keys: VapidKeys) {
  const cache = new Map<string, { header: string; renewAt: number }>();
  return {
    authorization(endpoint: string): string {
      const audience = new URL(endpoint).origin;
      const now = Math.floor(Date.now() / 1000);
      const cached = cache.get(audience);
      if (cached && cached.renewAt > now) return cached.header;
      const { Authorization } = webpush.getVapidHeaders(
        audience,
        subject,
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
        now + 2 * VAPID_REUSE_SECONDS,
      );
      cache.set(audience, { header: Authorization, renewAt: now + VAPID_REUSE_SECONDS });
      return Authorization;
    },
  };
}

/**
 * Push services want a contact in the VAPID JWT: the site when it is served over HTTPS, else the
 * support address (Apple refuses a localhost URL).
 */
function vapidSubject(config: AppConfig): string {
  if (config.publicUrl.startsWith('https:')) return config.publicUrl;
  const address = /[^\s<>]+@[^\s<>]+/.exec(config.mail.supportEmail)?.[0] ?? 'support@encore.local';
  return `mailto:${address}`;
}
