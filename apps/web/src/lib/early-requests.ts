/**
 * GETs a page makes as soon as it opens, started by its route's loader (app/routes/prefetch.ts)
 * while the page's own code is still downloading, and handed to the first `apiRequest` of the
 * same URL, which checks the answer as usual. The page's code cannot start them itself any sooner:
 * its fetchers check answers with zod, which the entry does not carry (decision 023), so they run
 * only once the page's chunks have arrived and run. On a phone that was a round trip (or several)
 * after the page's code instead of alongside it (Lighthouse on a phone, docs/performance.md).
 *
 * Still one request per page opening: an answer is handed over once, and only while the page that
 * asked for it is plausibly still opening; a later request of the URL goes to the server again.
 */

/** Long enough for a slow phone to download and run the page's chunks; the page is open by then. */
export const EARLY_ANSWER_KEPT_MS = 10_000;

/** The headers of every `apiRequest` GET (api-client.ts), so an early request is the same one. */
export const GET_HEADERS = { accept: 'application/json' } as const;

/** `path` with its query string, as `apiRequest` writes it: the key an early answer is found by. */
export function requestUrl(path: string, query?: Record<string, string>): string {
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

const started = new Map<string, { at: number; response: Promise<Response> }>();

/** Starts GET `url` now unless it was started a moment ago and not yet taken. */
export function startEarly(url: string): void {
  const known = started.get(url);
  if (known && isRecent(known.at)) return;
  const response = fetch(url, { method: 'GET', credentials: 'same-origin', headers: GET_HEADERS });
  // Its failure is the taker's to report (as a network error, like any request); untaken, nobody's.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
}

/** The early answer to GET `url`, once: undefined when none was started or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const known = started.get(url);
  if (!known) return undefined;
  started.delete(url);
  return isRecent(known.at) ? known.response : undefined;
}

/** Tests: forgets every early request (test files share one module cache). */
export function forgetEarlyRequests(): void {
  started.clear();
}

const isRecent = (at: number) => Date.now() - at < EARLY_ANSWER_KEPT_MS;
