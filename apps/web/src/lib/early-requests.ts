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

type Started = { at: number; response: Promise<Response> };

/**
 * Where a page's classic script (browser-config.js, on a signed-in frame's page: the session GET,
 * build/preload-signed-in-frame.ts) leaves the requests it started before any module ran, by URL.
 */
export const PAGE_STARTED_GLOBAL = '__encoreEarlyRequests';

const started = new Map<string, Started>();

/** Takes over the requests browser-config.js started, once: they are then ours like any other. */
function adoptPageStarted(): void {
  const holder = globalThis as { [PAGE_STARTED_GLOBAL]?: Record<string, Started> };
  const page = holder[PAGE_STARTED_GLOBAL];
  if (!page) return;
  delete holder[PAGE_STARTED_GLOBAL];
  for (const [url, request] of Object.entries(page)) {
    if (!started.has(url)) started.set(url, request);
  }
}

/** Starts GET `url` now unless it was started a moment ago and not yet taken. */
export function startEarly(url: string): void {
  adoptPageStarted();
  const known = started.get(url);
  if (known && isRecent(known.at)) return;
  const response = fetch(url, { method: 'GET', credentials: 'same-origin', headers: GET_HEADERS });
  // Its failure is the taker's to report (as a network error, like any request); untaken, nobody's.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
}

/** The early answer to GET `url`, once: undefined when none was started or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  adoptPageStarted();
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
