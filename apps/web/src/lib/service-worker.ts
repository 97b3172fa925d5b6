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

/** A notification the service worker handed to the app open in front of the player. */
export interface PushShownInApp {
  kind: string;
  title: string;
  body: string;
  /** A path of this app. */
  url: string;
}

const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

/**
 * What the service worker tells an open tab of the app (public/push-sw.js): a tap on one of its
 * notifications (the tab is brought to the front and moves there without a reload), or a push
 * that came while the app was in front of the player (shown by the app itself, not as the
 * phone's banner over it). Anything else, or a path off this app, is ignored.
 */
export function followServiceWorker({
  navigate,
  showPush,
}: {
  navigate: (path: string) => void;
  showPush: (push: PushShownInApp) => void;
}): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data as { type?: unknown; path?: unknown; notification?: unknown } | null;
    if (message?.type === 'ruthless:open' && isAppPath(message.path)) navigate(message.path);
    if (message?.type === 'ruthless:push') {
      const push = message.notification as Partial<PushShownInApp> | null;
      if (
        typeof push?.kind === 'string' &&
        typeof push.title === 'string' &&
        typeof push.body === 'string' &&
        isAppPath(push.url)
      ) {
        showPush({ kind: push.kind, title: push.title, body: push.body, url: push.url });
      }
    }
  });
}
