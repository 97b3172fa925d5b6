import { api } from '@/lib/api-client';

/**
 * This browser's Web Push subscription (docs/player-app.md, "Notifications"): what it can do, the
 * browser's permission, and the subscription given to (or taken back from) the server.
 */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

/** Where the app remembers a "Not now": it never asks again unprompted. */
const DECLINED_KEY = 'ruthless:notifications-declined';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Whether to offer notifications after a claim or a follow: never if the player said no, or it is settled. */
export async function mayOfferNotifications(): Promise<boolean> {
  if (localStorage.getItem(DECLINED_KEY)) return false;
  return (await pushState()) === 'off' && Notification.permission === 'default';
}

export function rememberDeclined(): void {
  localStorage.setItem(DECLINED_KEY, new Date().toISOString());
}

/**
 * Asks the browser (its own prompt, after the app's), subscribes with the server's key and gives
 * the subscription to the server; the state it ends in ('blocked' when the player refused).
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    rememberDeclined();
    return permission === 'denied' ? 'blocked' : 'off';
  }
  const { publicKey } = (await api.get('/push/key')) as { publicKey: string };
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const { endpoint, keys } = subscription.toJSON();
  await api.post('/push/subscriptions', {
    endpoint,
    keys,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return 'on';
}

/** One tap off: the server forgets this browser, and the browser its subscription. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.post('/push/unsubscribe', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
