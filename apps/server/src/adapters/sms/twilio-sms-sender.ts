import type { SmsSender, SmsSendOptions } from './sms-sender.ts';

const TIMEOUT_MS = 15_000;

/** Twilio's error code for a recipient who texted STOP to the sending number. */
export const TWILIO_OPTED_OUT = 21610;

export type TwilioOptions = { apiUrl: string; accountSid: string; authToken: string; from: string };

/**
 * Twilio's Messages API (and the many providers that copy it): form-encoded POST with HTTP basic
 * auth. The base URL is configurable so tests, and Twilio-compatible providers, can stand in.
 * `Idempotency-Key` (the IETF httpapi draft's header) carries the message's stable key:
 * providers that honour it create a re-sent message once; Twilio documents no such header for
 * Messages, so there a re-send after a crash is a second text.
 */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const base = options.apiUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const credentials = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    async send(to: string, body: string, sendOptions: SmsSendOptions = {}) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          ...(sendOptions.idempotencyKey ? { 'idempotency-key': sendOptions.idempotencyKey } : {}),
        },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }),
        // Past the timeout (or the caller's abort) the message may have been created anyway:
        // the caller retries under the same key.
        signal: sendOptions.signal
          ? AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), sendOptions.signal])
          : AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        // The provider's error body says why (bad number, no credit); the caller logs it.
        const detail = (await response.text()).slice(0, 500);
        throw new SmsProviderError(response.status, detail, response.headers.get('retry-after'));
      }
    },
  };
}

/** The provider refused the message: its HTTP status says whether trying again can help. */
export class SmsProviderError extends Error {
  readonly status: number;
  /** Twilio's error code from the JSON body ({ "code": 21610, ... }), when there is one. */
  readonly code: number | undefined;
  /** From Retry-After (seconds or an HTTP date), when the provider sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, detail: string, retryAfter: string | null) {
    super(`SMS provider answered ${status}: ${detail}`);
    this.name = 'SmsProviderError';
    this.status = status;
    this.code = errorCode(detail);
    this.retryAfterMs = parseRetryAfter(retryAfter);
  }
}

function errorCode(detail: string): number | undefined {
  try {
    const { code } = JSON.parse(detail) as { code?: unknown };
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
