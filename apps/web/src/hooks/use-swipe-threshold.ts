import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

type EmblaCarouselType = NonNullable<UseEmblaCarouselType[1]>;

/** A drag of at least this many pixels is a swipe to the next or previous slide. */
export const SWIPE_THRESHOLD_PX = 75;

/**
 * Makes a drag of `thresholdPx` a swipe on an embla carousel, whatever its speed. Embla alone
 * moves on only for a flick or a drag past half a slide (about 180 px on a phone), and a slow
 * short drag could still land between rooms: once embla has picked its target, a drag shorter
 * than the threshold goes back and a longer one that stayed goes one slide on.
 */
export function useSwipeThreshold(emblaApi: EmblaCarouselType | undefined, thresholdPx = SWIPE_THRESHOLD_PX) {
  useEffect(() => {
    if (!emblaApi) return;
    const root = emblaApi.rootNode();
    let press: { startX: number; x: number; index: number } | null = null;
    const pointX = (event: TouchEvent | MouseEvent) =>
      'touches' in event ? (event.touches[0]?.clientX ?? null) : event.clientX;

    // The same events embla follows, seen first (capture), so both measure the same drag.
    const onDown = (event: TouchEvent | MouseEvent) => {
      const x = pointX(event);
      if (x !== null) press = { startX: x, x, index: emblaApi.selectedScrollSnap() };
    };
    const onMove = (event: TouchEvent | MouseEvent) => {
      const x = pointX(event);
      if (press && x !== null) press.x = x;
    };
    const onEmblaPointerUp = () => {
      if (!press) return;
      const { startX, x, index } = press;
      press = null;
      const distance = x - startX;
      if (Math.abs(distance) < thresholdPx) {
        emblaApi.scrollTo(index);
        return;
      }
      const next = Math.min(
        Math.max(index + (distance < 0 ? 1 : -1), 0),
        emblaApi.scrollSnapList().length - 1,
      );
      if (emblaApi.selectedScrollSnap() === index) emblaApi.scrollTo(next);
    };
    const capture = { capture: true, passive: true } as const;
    root.addEventListener('touchstart', onDown, capture);
    root.addEventListener('mousedown', onDown, capture);
    root.addEventListener('touchmove', onMove, capture);
    window.addEventListener('mousemove', onMove, capture);
    emblaApi.on('pointerUp', onEmblaPointerUp);
    return () => {
      root.removeEventListener('touchstart', onDown, capture);
      root.removeEventListener('mousedown', onDown, capture);
      root.removeEventListener('touchmove', onMove, capture);
      window.removeEventListener('mousemove', onMove, capture);
      emblaApi.off('pointerUp', onEmblaPointerUp);
    };
  }, [emblaApi, thresholdPx]);
}
