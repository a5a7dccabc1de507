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
        throw new Error(`SMS provider answered ${response.status}: ${detail}`);
      }
    },
  };
}
