import { request } from 'undici';
import { createPushAgent } from '../../alerts/channels/push-connector.ts';

/** Why a calendar URL gave no calendar; the service words each for the person. */
export type CalendarFetchFailure =
  | { reason: 'refused' | 'unreachable' | 'timeout' | 'too-big' | 'not-calendar' }
  | { reason: 'status'; status: number };

export class CalendarFetchError extends Error {
  constructor(readonly failure: CalendarFetchFailure) {
    super(`calendar fetch failed: ${failure.reason}`);
  }
}

export type CalendarFetcherOptions = {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  /** SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES: tests only, whose calendar server is on loopback. */
  allowPrivateAddresses: boolean;
};

/** A calendar's text from its URL, or a CalendarFetchError. */
export type CalendarFetcher = (url: string) => Promise<string>;

const MAX_REDIRECTS = 3;

/**
 * GETs an iCalendar URL for an import, guarded as a push is (push-connector.ts): every connection
 * resolves the host once, refuses it when any address is not public (loopback, private,
 * link-local, …), and connects to the address it checked, so DNS rebinding finds no gap. Only
 * http and https, a few redirects (each target checked the same way), one deadline for all of
 * it, and the body read no further than `maxBytes`.
 */
export function createCalendarFetcher(options: CalendarFetcherOptions): CalendarFetcher {
  const dispatcher = createPushAgent({
    connections: 4,
    timeoutMs: options.timeoutMs,
    allowPrivateAddresses: options.allowPrivateAddresses,
  });
  const fail = (failure: CalendarFetchFailure) => new CalendarFetchError(failure);

  async function get(url: URL, signal: AbortSignal, redirects: number): Promise<string> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail({ reason: 'refused' });
    const response = await request(url, {
      dispatcher,
      signal,
      headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Encore show import' },
    }).catch((error: unknown) => {
      throw failureOf(error, signal);
    });
    const { statusCode, headers, body } = response;
    if (statusCode >= 300 && statusCode < 400 && headers.location) {
      await body.dump();
      if (redirects >= MAX_REDIRECTS) throw fail({ reason: 'unreachable' });
      return get(new URL(String(headers.location), url), signal, redirects + 1);
    }
    if (statusCode >= 400) {
      await body.dump();
      throw fail({ reason: 'status', status: statusCode });
    }
    if (Number(headers['content-length'] ?? 0) > options.maxBytes) {
      body.destroy();
      throw fail({ reason: 'too-big' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          body.destroy();
          throw fail({ reason: 'too-big' });
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw failureOf(error, signal);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return Promise.reject(fail({ reason: 'refused' }));
    }
    return get(parsed, AbortSignal.timeout(options.timeoutMs), 0);
  };
}

function failureOf(error: unknown, signal: AbortSignal): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  const codes = chain(error).map((e) => (e as { code?: unknown; name?: unknown }).code ?? '');
  const names = chain(error).map((e) => (e as { name?: unknown }).name ?? '');
  if (codes.includes('PUSH_ADDRESS_REFUSED')) return new CalendarFetchError({ reason: 'refused' });
  const timedOut =
    signal.aborted ||
    names.includes('TimeoutError') ||
    codes.some((code) => String(code).endsWith('_TIMEOUT'));
  return new CalendarFetchError({ reason: timedOut ? 'timeout' : 'unreachable' });
}

/** The error and its causes (undici wraps a connector's error). */
function chain(error: unknown): unknown[] {
  const all: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && all.length < 5) {
    all.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return all;
}
