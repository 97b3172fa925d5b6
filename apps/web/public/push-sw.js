/* global self */
// The service worker's side of Web Push (docs/player-app.md, "Notifications"), imported by the
// worker vite-plugin-pwa generates (vite.config.ts, workbox.importScripts). Plain JavaScript: it
// runs in the worker as it is served.

/** A push's message as the server sends it (@ruthless/protocol's pushNotificationSchema). */
function notificationFrom(event) {
  try {
    const message = event.data && event.data.json();
    const valid =
      message &&
      typeof message.title === 'string' &&
      typeof message.body === 'string' &&
      typeof message.tag === 'string' &&
      typeof message.url === 'string' &&
      message.url.startsWith('/') &&
      !message.url.startsWith('//');
    return valid ? message : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = notificationFrom(event);
  if (!message) return;
  event.waitUntil(
    (async () => {
      // The app in front of the player says it itself (a toast with a way to the screen,
      // src/lib/service-worker.ts) rather than the phone's banner over it.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const watching = windows.find((client) => client.visibilityState === 'visible');
      if (watching) {
        watching.postMessage({ type: 'ruthless:push', notification: message });
        return;
      }
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        lang: 'en-GB',
        // Every kind (show-start, green-room, you-won) stays until the player acts on it; one with
        // the same tag replaces it (the server tags by show and slot: show-{id}, won-{id}).
        requireInteraction: true,
        data: { url: message.url },
      });
    })(),
  );
});

// A tap opens the screen the push is about: in a tab of the app that is already open (brought to
// the front and taken there), or in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (!open) return self.clients.openWindow(url.href);
      // The app moves there itself (src/lib/service-worker.ts, followNotificationTaps), without
      // reloading the page; then the tab comes to the front (which a browser may refuse).
      open.postMessage({ type: 'ruthless:open', path: url.pathname + url.search });
      await open.focus().catch(() => undefined);
    })(),
  );
});
