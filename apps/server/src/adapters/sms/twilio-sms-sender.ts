import type { SmsSender } from './sms-sender.ts';

const TIMEOUT_MS = 15_000;

export type TwilioOptions = { apiUrl: string; accountSid: string; authToken: string; from: string };

/**
 * Twilio's Messages API (and the many providers that copy it): form-encoded POST with HTTP basic
 * auth. The base URL is configurable so tests, and Twilio-compatible providers, can stand in.
 */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const base = options.apiUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const credentials = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    async send(to: string, body: string) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
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
  /** From Retry-After (seconds or an HTTP date), when the provider sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, detail: string, retryAfter: string | null) {
    super(`SMS provider answered ${status}: ${detail}`);
    this.name = 'SmsProviderError';
    this.status = status;
    this.retryAfterMs = parseRetryAfter(retryAfter);
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
