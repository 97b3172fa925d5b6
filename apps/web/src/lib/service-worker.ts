/**
 * Registers the service worker that vite-plugin-pwa writes (docs/web-quality.md, Installable). Its
 * install downloads the whole shell, about 1.4 MB: main.tsx calls this once the first screen has
 * settled, so that a first visit's show does not share the phone's network and CPU with it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // Refused where the browser allows no service worker (some private modes): the app works
  // without one, only not offline.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/**
 * A tap on a notification while the app is open in a tab: the service worker brings the tab to
 * the front and says where to go (public/push-sw.js); the app moves there without a reload.
 */
export function followNotificationTaps(navigate: (path: string) => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data as { type?: unknown; path?: unknown } | null;
    if (message?.type !== 'ruthless:open' || typeof message.path !== 'string') return;
    // Only a path of this app (never another origin's address).
    if (message.path.startsWith('/') && !message.path.startsWith('//')) navigate(message.path);
  });
}
