/**
 * Encore's service worker: it shows push alerts and opens them, and when a page cannot load for
 * want of a connection it shows the offline page instead of the browser's error. The server sends
 * pushes as { title, body, url, tag } (apps/server/src/alerts/channels/push-alert-sender.ts); the
 * same tag replaces an older alert about the same show and change in the tray.
 *
 * It keeps exactly two files (the offline page and its script) and caches nothing else: API
 * answers and the app's pages always come from the network, so a fan never sees stale shows.
 * Change OFFLINE_CACHE's version with offline.html or offline.js: the browser fetches the new
 * worker because this file changed, and the new worker's install stores the new page.
 */
const OFFLINE_CACHE = 'encore-offline-v1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      // 'reload': past the HTTP cache, so a new worker stores the page as deployed now.
      await cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('encore-offline-') && name !== OFFLINE_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The page request starts while the worker boots, so pages load no slower through it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) || (await fetch(request));
        } catch {
          // Only a network failure lands here: an HTTP error page still comes from the server.
          return (await caches.match(OFFLINE_PAGE)) || Response.error();
        }
      })(),
    );
    return;
  }
  // The offline page's own script, from the network when there is one. Everything else is not
  // answered here at all, so the browser fetches it as if there were no worker.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(url.pathname)) || Response.error()),
    );
  }
});

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  const title = alert.title || 'Encore';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: alert.body || '',
      icon: '/icons/icon-192.png',
      tag: alert.tag,
      data: { url: alert.url || '/notifications' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/notifications', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An Encore tab already open goes to the show instead of a new tab opening.
      for (const client of windows) {
        if (new URL(client.url).origin !== url.origin) continue;
        try {
          // focus() first: it needs the click's user activation, which the awaits would spend.
          const focused = await client.focus();
          await focused.navigate(url.href);
          return;
        } catch {
          // A tab this worker does not control cannot be navigated: open the show instead.
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
