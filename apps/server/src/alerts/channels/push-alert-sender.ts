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
import {
  createPushAgent,
  PushAddressRefusedError,
  type PushAgentOptions,
} from './push-connector.ts';
import { isKnownPushServiceUrl } from './push-endpoint.ts';
import { constantPushHeaders, postPush } from './push-request.ts';
import { createVapidHeaderCache } from './vapid-header-cache.ts';
import { readOrCreateVapidKeys } from './vapid-keys.ts';
import { decodePushKeys, encryptPushMessage, MAX_PUSH_PLAINTEXT } from './web-push-encryption.ts';

const BATCH_SIZE = 200;
/** Alerts in flight to push services at once (each to all its fan's browsers), kept-alive. */
const CONCURRENCY = 64;
/** A show alert a day late is still worth showing; older than that, the push service drops it. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;
const PUSH_HEADERS = constantPushHeaders(TTL_SECONDS);

/**
 * Test seams of the HTTP client (push-connector.ts): a certificate authority to trust (a local
 * push service's self-signed one) and how host names resolve. The client is one undici Agent: a
 * keep-alive pool of up to CONCURRENCY connections per push service. undici, not node:https,
 * because it costs about a third of the CPU per request (measured against the bench's push sink:
 * ~40 µs against ~115 µs), and at thousands of pushes a second that is most of a core.
 */
export type PushAlertSenderOptions = Pick<PushAgentOptions, 'ca' | 'resolve'>;

type Attempt =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'failed'; error: string };

/**
 * Web push: each alert goes to every browser the fan subscribed, encrypted for it (RFC 8291,
 * web-push-encryption.ts) and signed with the VAPID key in $DATA_DIR/vapid.json (RFC 8292). A
 * subscription the push service no longer knows (404/410) is deleted. The subscriptions of a
 * whole batch are read in one query. A re-sent alert collapses into its first copy: the push
 * service replaces a waiting message with the same Topic (RFC 8030), the browser a shown
 * notification with the same tag, and the payload's `id` (the delivery) lets the service worker
 * drop a copy it has seen.
 */
export function createPushAlertSender(
  { config, orm, log }: ChannelSenderDeps,
  options: PushAlertSenderOptions = {},
): ChannelSender {
  const vapid = createVapidHeaderCache(vapidSubject(config), readOrCreateVapidKeys(config.dataDir));
  const dispatcher = createPushAgent({
    ...options,
    connections: CONCURRENCY,
    timeoutMs: TIMEOUT_MS,
    allowPrivateAddresses: config.push.allowPrivateAddresses,
  });
  if (config.push.allowPrivateAddresses) {
    log.warn('PUSH_ALLOW_PRIVATE_ADDRESSES is on: pushes may reach loopback and private addresses');
  }
  const subscriptions = createPushSubscriptionRepo(orm);
  /** Subscriptions refused in this process: each is logged once, not at every alert. */
  const refusedLogged = new Set<string>();

  function refused(subscription: StoredPushSubscription, error: string): Attempt {
    if (!refusedLogged.has(subscription.id)) {
      // Bounded: past that many, logging some again beats holding ids forever.
      if (refusedLogged.size >= 10_000) refusedLogged.clear();
      refusedLogged.add(subscription.id);
      // The error names the host at most: an endpoint's path is the browser's secret token.
      log.warn({ subscriptionId: subscription.id, reason: error }, 'push subscription refused');
    }
    return { kind: 'failed', error };
  }

  async function push(
    alert: OutgoingAlert,
    payload: Buffer,
    subscription: StoredPushSubscription,
  ): Promise<Attempt> {
    // Parsed once per message: the check and the request use the same URL.
    const url = parseUrl(subscription.endpoint);
    // Saved before PUSH_SERVICE_HOSTS changed, or before subscriptions were checked at all.
    if (!url || !isKnownPushServiceUrl(url, config.push.serviceHosts)) {
      return refused(
        subscription,
        `push endpoint refused: not https on a push service of PUSH_SERVICE_HOSTS (${url ? url.host : 'not a URL'})`,
      );
    }
    let body: Buffer;
    try {
      body = encryptPushMessage(decodePushKeys(subscription.p256dh, subscription.auth), payload);
    } catch (error) {
      // A malformed endpoint or key (a bad point on the curve) fails every time: not retried.
      return { kind: 'failed', error: `cannot encrypt for this subscription: ${message(error)}` };
    }
    try {
      const answer = await postPush(dispatcher, {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        headers: [
          'authorization',
          vapid.authorization(url.origin),
          // At most 32 URL-safe characters (RFC 8030 5.4): 'alert-' and the delivery key fit.
          'topic',
          `alert-${alert.deliveryId}`,
          ...PUSH_HEADERS,
        ],
        body,
        timeoutMs: TIMEOUT_MS,
      });
      if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
      const attempt = classifyPushResponse(
        answer.status,
        answer.text.slice(0, 300),
        answer.retryAfter,
      );
      if (attempt.kind === 'gone') await subscriptions.removeById(subscription.id);
      return attempt;
    } catch (error) {
      // The host resolves into our own network: it will again, so the alert fails for good.
      if (error instanceof PushAddressRefusedError) return refused(subscription, error.message);
      // No answer (refused, reset, timed out): passing, tried again later.
      return { kind: 'retry', error: message(error).slice(0, 500) };
    }
  }

  return {
    channel: 'push',
    batchSize: BATCH_SIZE,
    async send(alerts, report) {
      const all = await subscriptions.forFans(alerts.map((a) => a.fanId));
      const byFan = new Map<string, StoredPushSubscription[]>();
      for (const s of all) {
        const browsers = byFan.get(s.fanId);
        if (browsers) browsers.push(s);
        else byFan.set(s.fanId, [s]);
      }
      return mapConcurrently(alerts, CONCURRENCY, async (alert) => {
        const browsers = byFan.get(alert.fanId) ?? [];
        const payload = pushPayload(alert);
        const attempts = await Promise.all(browsers.map((s) => push(alert, payload, s)));
        const result = outcome(alert.deliveryId, attempts);
        await report?.(result);
        return result;
      });
    },
    async close() {
      await dispatcher.close();
    },
  };
}

/**
 * What the service worker shows (public/sw.js): the delivery's key, title, body, link and tag,
 * as UTF-8 JSON of at most one record; a body too long for that (a digest of very many shows)
 * is shortened rather than the alert lost. A single alert's body ends with its why on a line of
 * its own ('Why: You watch Night Static'), the first thing shortened should it not fit; a digest's
 * shows each have their own why, on the alerts page it opens.
 */
export function pushPayload(alert: OutgoingAlert): Buffer {
  let body = alert.digest || !alert.reason ? alert.body : `${alert.body}\nWhy: ${alert.reason}`;
  let payload = payloadJson(alert, body);
  while (payload.length > MAX_PUSH_PLAINTEXT && body.length > 0) {
    body = `${body.slice(0, Math.max(0, body.length - (payload.length - MAX_PUSH_PLAINTEXT) - 3))}...`;
    if (body === '...') body = '';
    payload = payloadJson(alert, body);
  }
  return payload;
}

// A module function, not a closure made per alert (tsx names each closure it makes: ~1 µs).
function payloadJson(alert: OutgoingAlert, body: string): Buffer {
  return Buffer.from(
    JSON.stringify({
      id: idempotencyKey(alert.deliveryId),
      title: alert.title,
      body,
      // A digest is about several shows: it opens the fan's alerts page.
      url: alert.digest ? alert.digest.url : alert.showUrl,
      // Same show and kind: a newer alert replaces the older one in the notification tray.
      tag: alert.digest ? `digest:${alert.deliveryId}` : `${alert.kind}:${alert.showId}`,
    }),
  );
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One alert's result over all the fan's browsers. Reaching any browser is `sent`: retrying
 * would show it twice on those that got it. Otherwise a passing failure is retried.
 */
function outcome(deliveryId: string, attempts: Attempt[]): SendOutcome {
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

/**
 * A push service's answer other than 2xx. 404/410: the browser unsubscribed. 429 and 5xx pass
 * (Retry-After honoured, in seconds or as an HTTP date); another 4xx is final.
 */
export function classifyPushResponse(
  status: number,
  body: string,
  retryAfter: string | string[] | undefined,
): Exclude<Attempt, { kind: 'sent' }> {
  if (status === 404 || status === 410) return { kind: 'gone' };
  const detail = `push service answered ${status}: ${body}`;
  if (status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return retryAfterMs === undefined
      ? { kind: 'retry', error: detail }
      : { kind: 'retry', error: detail, retryAfterMs };
  }
  return { kind: 'failed', error: detail };
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
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
