import { useEffect } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The loading screen is painted before any route's code is asked for. A request begun before a
 * paint is, to Lighthouse's simulated load (and on a slow link, to the browser too), a dependency of
 * that paint: the routes' chunks, asked for as the router starts, held the loading screen's logo
 * (every first screen's largest paint) back behind some 60 kB it does not need
 * (docs/web-quality.md). The routes' chunks are asked for once the browser reports the first
 * contentful paint (the loading screen) on screen; where it cannot, a frame after the loading
 * screen is committed; at most `FIRST_PAINT_WAIT_MS` after the app starts, should no paint come
 * (a tab opened in the background).
 */
const FIRST_PAINT_WAIT_MS = 1000;

const paintTiming =
  typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');

let paintedNow: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  paintedNow = resolve;
  setTimeout(resolve, FIRST_PAINT_WAIT_MS);
  if (!paintTiming) return;
  // Told after the frame is on screen: a frame's main-thread work ends some time before that.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
});

/** The first screen calls this: once it is committed, the next frame shows it. */
export function useFirstPaint(): void {
  useEffect(() => {
    if (!paintTiming) requestAnimationFrame(() => setTimeout(paintedNow));
  }, []);
}

/**
 * The route chunks' loads, one task each. Each `import()` has Vite's helper append a preload link
 * per chunk and stylesheet it needs: the lobby's three routes at once put some 50 links in one task
 * (40-70 ms on the host, four times that in Lighthouse). Chained, each route's goes in its own task.
 */
let lastLoad: Promise<void> = painted;
function ownTask(): Promise<void> {
  const turn = lastLoad.then(() => new Promise<void>((resolve) => setTimeout(resolve)));
  lastLoad = turn;
  return turn;
}

/**
 * The routes, each route's `lazy` waiting for the first paint before it loads, then for a task of
 * its own.
 */
export function afterFirstPaint(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const waited: RouteObject = children ? { ...route, children: afterFirstPaint(children) } : { ...route };
    if (typeof lazy === 'function') {
      waited.lazy = async () => {
        await ownTask();
        return lazy();
      };
    }
    return waited;
  });
}
