import type { Page } from '@playwright/test';

/**
 * Makes the browser refuse autoplay with sound the way phones do: `play()` on an unmuted video
 * rejects with NotAllowedError until the page has had a tap (`until-gesture`), or always
 * (`always`), while muted playback is allowed. The mode can be switched during a test.
 * (Playwright's navigation counts as a user activation, so taps are counted here instead.)
 */
export async function refuseAutoplayWithSound(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __soundPolicy: 'until-gesture' | 'always' | 'allow' };
    w.__soundPolicy = 'until-gesture';
    let tapped = false;
    window.addEventListener(
      'pointerdown',
      (event) => {
        if (event.isTrusted) tapped = true;
      },
      { capture: true },
    );
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const policy = w.__soundPolicy;
      const refused = !this.muted && (policy === 'always' || (policy === 'until-gesture' && !tapped));
      if (refused) return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      return play.call(this);
    };
  });
}

export async function setSoundPolicy(
  page: Page,
  policy: 'until-gesture' | 'always' | 'allow',
): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { __soundPolicy: string }).__soundPolicy = value;
  }, policy);
}

/** The host video's muted flag and volume, as the page has them. */
export async function hostVideoState(page: Page): Promise<{ muted: boolean; volume: number; src: string }> {
  return page.getByTestId('host-video').evaluate((element) => {
    const video = element as HTMLVideoElement;
    return { muted: video.muted, volume: video.volume, src: video.currentSrc || video.src };
  });
}
