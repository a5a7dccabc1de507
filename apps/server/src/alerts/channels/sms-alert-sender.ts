import { toE164 } from '../../adapters/sms/e164.ts';
import { createSmsSender } from '../../adapters/sms/sms-sender.ts';
import { SmsProviderError, TWILIO_OPTED_OUT } from '../../adapters/sms/twilio-sms-sender.ts';
import { createSmsOptOutRepo } from '../../repositories/sms-opt-out.repo.ts';
import {
  type ChannelSender,
  type DigestItem,
  idempotencyKey,
  type OutgoingAlert,
  type SendOutcome,
} from '../channel-sender.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { mapConcurrently } from './map-concurrently.ts';

export const SMS_BATCH_SIZE = 100;
/** Requests in flight to the provider at once; providers throttle per account. */
const CONCURRENCY = 20;
/** One GSM-7 segment. */
const SEGMENT = 160;
const STOP_HINT = 'Reply STOP to stop.';

/**
 * Alert texts through the SMS adapter (Twilio-compatible API at SMS_API_URL, else JSON files under
 * DATA_DIR/sms), each with its delivery's idempotency key. The opt-out list is read for each text
 * just before it goes (one primary-key lookup): a STOP answered by our webhook stops every text
 * not already on its way, whatever the fan's profile said when the alert was matched. A text
 * already on its way is refused by the provider, which knows the STOP first (Twilio error 21610):
 * that answer is final too, and the number goes on the opt-out list as if its STOP had reached us.
 */
export function createSmsAlertSender({ config, orm, log }: ChannelSenderDeps): ChannelSender {
  const sms = createSmsSender(config, log);
  const optOuts = createSmsOptOutRepo(orm);

  async function sendOne(alert: OutgoingAlert): Promise<SendOutcome> {
    const { deliveryId } = alert;
    if (!alert.phone) return { deliveryId, status: 'failed', error: 'no phone' };
    const to = toE164(alert.phone);
    if (!to) return { deliveryId, status: 'failed', error: 'invalid phone' };
    try {
      if ((await optOuts.optedOut([to])).size > 0) {
        return { deliveryId, status: 'failed', error: 'opted out' };
      }
    } catch (error) {
      // Not knowing whether the number said STOP, the text waits rather than risk it.
      const message = error instanceof Error ? error.message : String(error);
      return { deliveryId, status: 'retry', error: `opt-out check failed: ${message}` };
    }
    try {
      const text = alert.digest ? digestText(alert.digest) : alertText(alert);
      await sms.send(to, text, { idempotencyKey: idempotencyKey(deliveryId) });
      return { deliveryId, status: 'sent' };
    } catch (error) {
      if (error instanceof SmsProviderError && error.code === TWILIO_OPTED_OUT) {
        // The provider knew of a STOP we never heard (the webhook missed): recorded as if it had
        // come to us, so no further text to the number is even tried.
        await optOuts
          .optOut(to, alert.phone)
          .catch((failure: unknown) => log.warn({ err: failure }, 'recording an opt-out failed'));
      }
      return { deliveryId, ...classifySmsError(error) };
    }
  }

  return {
    channel: 'sms',
    batchSize: SMS_BATCH_SIZE,
    async send(alerts, report) {
      return mapConcurrently(alerts, CONCURRENCY, async (alert) => {
        const outcome = await sendOne(alert);
        await report?.(outcome);
        return outcome;
      });
    },
  };
}

/**
 * '{title}. {body} Why: {reason}. {showUrl} Reply STOP to stop.' when that fits one 160-character
 * segment; else without the why (a second segment costs the fan and us more than the why is
 * worth there: the alert's page and email say it), shortened to one segment when that is possible
 * by trimming the body (then the title); the link and the STOP hint always stay.
 */
export function alertText(
  alert: Pick<OutgoingAlert, 'title' | 'body' | 'showUrl'> & { reason?: string },
): string {
  const tail = ` ${alert.showUrl} ${STOP_HINT}`;
  if (alert.reason) {
    // The genre reason's dash is outside the GSM alphabet, which would halve the segment.
    const why = alert.reason.replace(/[—–]/g, '-');
    const withWhy = `${alert.title}. ${alert.body} Why: ${why}.${tail}`;
    if (withWhy.length <= SEGMENT) return withWhy;
  }
  const full = `${alert.title}. ${alert.body}${tail}`;
  if (full.length <= SEGMENT) return full;
  const room = SEGMENT - tail.length - `${alert.title}. `.length;
  if (room >= 10) return `${alert.title}. ${shorten(alert.body, room)}${tail}`;
  const titleRoom = SEGMENT - tail.length - 1;
  // A very long link cannot fit anyway: then the title is kept whole, over several segments.
  return titleRoom >= 10 ? `${shorten(alert.title, titleRoom)}.${tail}` : `${alert.title}.${tail}`;
}

/**
 * A released digest as one text: '3 new shows near you on Encore: Night Static (Dec 1), Low Tide
 * (Dec 3), Glass Arcade (Dec 5) {alerts page} Reply STOP to stop.' — as many shows as fit one
 * segment, then 'and 2 more'; the count, the link and the STOP hint always stay.
 */
export function digestText(digest: { items: readonly DigestItem[]; url: string }): string {
  const { items, url } = digest;
  const head = `${items.length} new shows near you on Encore:`;
  const tail = ` ${url} ${STOP_HINT}`;
  const names = items.map((item) => `${item.artist} (${item.day})`);
  for (let shown = names.length; shown > 0; shown -= 1) {
    const rest = names.length - shown;
    const list = names.slice(0, shown).join(', ') + (rest > 0 ? ` and ${rest} more` : '');
    const text = `${head} ${list}${tail}`;
    if (text.length <= SEGMENT) return text;
  }
  return `${head}${tail}`;
}

/** '...' rather than '…', which is outside the GSM alphabet and would halve the segment. */
function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`;
}

/**
 * 429 and 5xx pass (Retry-After honoured); another 4xx (bad number) is final, and 21610 (the
 * recipient texted STOP) is final as 'opted out'; a network error passes.
 */
export function classifySmsError(
  error: unknown,
): { status: 'failed'; error: string } | { status: 'retry'; error: string; retryAfterMs?: number } {
  const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (!(error instanceof SmsProviderError)) return { status: 'retry', error: text };
  if (error.code === TWILIO_OPTED_OUT) {
    return { status: 'failed', error: `opted out (provider error ${TWILIO_OPTED_OUT})` };
  }
  if (error.status === 429 || error.status >= 500) {
    return error.retryAfterMs === undefined
      ? { status: 'retry', error: text }
      : { status: 'retry', error: text, retryAfterMs: error.retryAfterMs };
  }
  return { status: 'failed', error: text };
}
