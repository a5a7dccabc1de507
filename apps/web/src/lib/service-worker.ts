/** The service worker (apps/web/public/sw.js), at the root so it sees all pages. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * How long after the page's load the worker is registered. The load event comes before a
 * signed-in page has run its lazy chunks and drawn its data, and a first registration installs
 * the worker then: a thread of the page's process starting, two downloads and cache writes, on a
 * phone's few cores in the middle of the page's start-up (the dashboard on a slow host).
 */
export const SERVICE_WORKER_DELAY_MS = 3000;

/**
 * Registers the service worker on every visit, not only when push is turned on: it also shows the
 * offline page when a page cannot load, which must work for a fan who never enabled push.
 * A while after the page's load, so it never competes with the page's start-up for the network
 * or the CPU. Failing (private modes, an insecure origin) only loses the offline page, so it
 * stays silent.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    setTimeout(() => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
    }, SERVICE_WORKER_DELAY_MS);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
