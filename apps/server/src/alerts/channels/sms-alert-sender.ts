import { createSmsSender, toE164 } from '../../adapters/sms/sms-sender.ts';
import { SmsProviderError } from '../../adapters/sms/twilio-sms-sender.ts';
import { createSmsOptOutRepo } from '../../repositories/sms-opt-out.repo.ts';
import type { ChannelSender, OutgoingAlert, SendOutcome } from '../channel-sender.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { mapConcurrently } from './map-concurrently.ts';

const BATCH_SIZE = 100;
/** Requests in flight to the provider at once; providers throttle per account. */
const CONCURRENCY = 20;
/** One GSM-7 segment. */
const SEGMENT = 160;
const STOP_HINT = 'Reply STOP to stop.';

/**
 * Alert texts through the SMS adapter (Twilio-compatible API at SMS_API_URL, else JSON files under
 * DATA_DIR/sms). Opt-outs are checked at send time, per batch: a STOP that arrives while alerts
 * wait in the outbox stops them, whatever the fan's profile said when they were matched.
 */
export function createSmsAlertSender({ config, orm, log }: ChannelSenderDeps): ChannelSender {
  const sms = createSmsSender(config, log);
  const optOuts = createSmsOptOutRepo(orm);
  return {
    channel: 'sms',
    batchSize: BATCH_SIZE,
    async send(alerts) {
      const numbers = new Map(alerts.map((a) => [a.deliveryId, a.phone ? toE164(a.phone) : null]));
      const stopped = await optOuts.optedOut([...numbers.values()].filter((n) => n !== null));
      return mapConcurrently(alerts, CONCURRENCY, async (alert): Promise<SendOutcome> => {
        const to = numbers.get(alert.deliveryId);
        if (!to) return { deliveryId: alert.deliveryId, status: 'failed', error: 'no phone' };
        if (stopped.has(to)) {
          return { deliveryId: alert.deliveryId, status: 'failed', error: 'opted out' };
        }
        try {
          await sms.send(to, alertText(alert));
          return { deliveryId: alert.deliveryId, status: 'sent' };
        } catch (error) {
          return { deliveryId: alert.deliveryId, ...classifySmsError(error) };
        }
      });
    },
  };
}

/**
 * '{title}. {body} {showUrl} Reply STOP to stop.', shortened to one 160-character segment when
 * that is possible by trimming the body (then the title); the link and the STOP hint always stay.
 */
export function alertText(alert: Pick<OutgoingAlert, 'title' | 'body' | 'showUrl'>): string {
  const tail = ` ${alert.showUrl} ${STOP_HINT}`;
  const full = `${alert.title}. ${alert.body}${tail}`;
  if (full.length <= SEGMENT) return full;
  const room = SEGMENT - tail.length - `${alert.title}. `.length;
  if (room >= 10) return `${alert.title}. ${shorten(alert.body, room)}${tail}`;
  const titleRoom = SEGMENT - tail.length - 1;
  // A very long link cannot fit anyway: then the title is kept whole, over several segments.
  return titleRoom >= 10 ? `${shorten(alert.title, titleRoom)}.${tail}` : `${alert.title}.${tail}`;
}

/** '...' rather than '…', which is outside the GSM alphabet and would halve the segment. */
function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`;
}

/** 429 and 5xx pass (Retry-After honoured); another 4xx (bad number) is final; a network error passes. */
export function classifySmsError(
  error: unknown,
): { status: 'failed'; error: string } | { status: 'retry'; error: string; retryAfterMs?: number } {
  const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (!(error instanceof SmsProviderError)) return { status: 'retry', error: text };
  if (error.status === 429 || error.status >= 500) {
    return error.retryAfterMs === undefined
      ? { status: 'retry', error: text }
      : { status: 'retry', error: text, retryAfterMs: error.retryAfterMs };
  }
  return { status: 'failed', error: text };
}
