/**
 * Encore's service worker: it only shows push alerts and opens them. The server sends
 * { title, body, url, tag } (apps/server/src/alerts/channels/push-alert-sender.ts); the same tag
 * replaces an older alert about the same show and change in the tray.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
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
