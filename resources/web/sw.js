// The storefront's service worker: it shows push notifications and opens their place when one is clicked. It
// caches nothing, so every page still comes from the server. Registered only once a person allows notifications.

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only the app's own paths are opened; anything else opens the home page. */
function ownPath(link) {
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) ? link : '/';
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'AutoReel';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per notification id: a message pushed twice replaces itself.
      tag: typeof message.id === 'string' ? message.id : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: ownPath(message.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(ownPath(event.notification.data && event.notification.data.link), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        const focused = await open.focus();
        await (focused || open).navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
