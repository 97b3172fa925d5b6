import { expect, test } from './support/fixtures';

// Installable (issue 15): the web app manifest, a service worker that precaches the shell but
// never API or realtime traffic, and an offline page; and the worker's notifications (issue 44).
test.use({ serviceWorkers: 'allow' });
// One journey where there were two (the manifest, then the worker): the time of both.
test.describe.configure({ timeout: 120_000 });

test('installable: a manifest with icons and the theme colour, a service worker that caches the shell (never the API), an offline page', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/login');
  // Not while the first screen starts (its install downloads the whole shell): seconds after load.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null),
  ).toBeNull();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Ruthless',
    display: 'standalone',
    theme_color: '#0a1552',
    start_url: '/',
  });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  // Then registered, active and in control of the page (clientsClaim: no reload needed).
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The page talked to the API and the socket meanwhile; the caches hold neither, nor the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'What is Ruthless?' })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
    }
    return urls;
  });
  expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(cached).toContain('/offline.html');
  expect(cached.filter((url) => /^\/(api|socket\.io|media)\//.test(url) || url === '/login')).toEqual([]);

  // Pushes, delivered over the DevTools protocol as a push service would.
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin });
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const deliver = async (push: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registered,
      data: JSON.stringify(push),
    });
  // The worker now running (one stopped while idle starts again for the next push).
  const worker = () => context.serviceWorkers().at(-1)!;
  // The notifications the worker shows, read in the worker (no tab of the app may be open).
  const shown = () =>
    worker().evaluate(async () =>
      (
        await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()
      ).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        icon: new URL(notification.icon).pathname,
        badge: new URL(notification.badge).pathname,
      })),
    );
  const push = {
    kind: 'show-start',
    title: 'Midnight Madness starts in 9 minutes',
    body: 'Your ticket is in. Take your seat in the green room before 21:00.',
    url: '/how-to-play',
    tag: 'show-e2e',
  };

  // The app open in front of the player shows the push itself, and its button goes there.
  await deliver(push);
  const inApp = page.getByRole('alert').filter({ hasText: push.title });
  await expect(inApp).toContainText(push.body);
  expect(await shown()).toEqual([]);
  await inApp.getByRole('button', { name: 'Take your seat' }).click();
  await expect(page).toHaveURL(/\/how-to-play$/);

  // The app closed: the phone shows it as the app designs it...
  await page.goto('about:blank');
  await deliver(push);
  await expect.poll(shown).toEqual([
    {
      title: push.title,
      body: push.body,
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    },
  ]);
  // ...and the kinds after it: a followed room's green room takes the show's tag (one
  // notification before a show), a win its own, so both stay.
  for (const later of [
    { kind: 'green-room', title: 'Midnight Madness: the green room is open', tag: 'show-e2e' },
    { kind: 'you-won', title: 'You won £120.00 in Midnight Madness', tag: 'won-e2e' },
  ]) {
    await deliver({ ...later, body: 'Body', url: '/how-to-play' });
  }
  await expect
    .poll(async () => (await shown()).map((notification) => [notification.tag, notification.title]).sort())
    .toEqual([
      ['show-e2e', 'Midnight Madness: the green room is open'],
      ['won-e2e', 'You won £120.00 in Midnight Madness'],
    ]);

  // A tap with a tab of the app open takes that tab to the screen, without a reload.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'What is Ruthless?' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { beforeTap: boolean }).beforeTap = true));
  await worker().evaluate(async (tag) => {
    // The worker's own globals (this runs in the service worker, not the page).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  }, 'won-e2e');
  await expect(page).toHaveURL(/\/how-to-play$/);
  expect(await page.evaluate(() => (window as unknown as { beforeTap?: boolean }).beforeTap)).toBe(true);
  await expect
    .poll(async () => (await shown()).map((notification) => notification.tag))
    .toEqual(['show-e2e']);

  // Offline: a page shows the offline screen instead of the browser's error.
  await context.setOffline(true);
  await page.goto('/lobby-while-offline').catch(() => undefined);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  await context.setOffline(false);
});
