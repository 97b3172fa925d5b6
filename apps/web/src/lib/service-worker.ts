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
