/**
 * Where the server sends pushes: the server calls a subscription's endpoint itself, so an
 * endpoint a client gave may only be a browser's push service, over https (anything else would
 * let a player make the server call an address of their choosing, inside our network too).
 * Tests add the origin of their local push service (PUSH_SERVICE_ORIGINS), https too: web-push
 * only speaks https.
 */
const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com', // Chrome, Android
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari
  '.push.apple.com',
  '.notify.windows.com', // Edge
];

export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  return BROWSER_PUSH_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host,
  );
}
