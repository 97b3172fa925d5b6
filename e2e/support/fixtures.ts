import { readFileSync } from 'node:fs';
import { test as base, type Browser, type BrowserContext } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, with every browser context (the test's own and each
 * one a test opens for another phone) given a tiny stand-in for the demo host's studio loop. The
 * real 640x360 loop costs each phone a video decoder's worth of CPU, which a two-core machine
 * running a show with several phones cannot spare; where video itself is tested, the stand-in
 * still plays, with sound (scripts/media/make-test-video.sh made it). Reduced motion is the
 * default (playwright.config.ts); a test of an animation asks for motion with
 * `test.use({ reducedMotion: 'no-preference' })`.
 */
export * from '@playwright/test';

const media = new URL('./media/', import.meta.url);
const standIns = {
  webm: readFileSync(new URL('test-host.webm', media)),
  mp4: readFileSync(new URL('test-host.mp4', media)),
};

async function useTestVideo(context: BrowserContext): Promise<void> {
  await context.route(/\/media\/host-loop\.(webm|mp4)$/, (route) => {
    const kind = route.request().url().endsWith('.webm') ? 'webm' : 'mp4';
    return route.fulfill({ body: standIns[kind], contentType: `video/${kind}` });
  });
}

export const test = base.extend<object, { testVideoInEveryContext: void }>({
  testVideoInEveryContext: [
    async ({ browser }: { browser: Browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await useTestVideo(context);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await useTestVideo(context);
    await use(context);
  },
});
