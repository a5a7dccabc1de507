/** The service worker (apps/web/public/sw.js), at the root so it sees all pages. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker on every visit, not only when push is turned on: it also shows the
 * offline page when a page cannot load, which must work for a fan who never enabled push.
 * After the page's load, so it never competes with the first render for the network. Failing
 * (private modes, an insecure origin) only loses the offline page, so it stays silent.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
