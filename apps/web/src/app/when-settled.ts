/** How long after the load event the first screen is taken to have settled on a phone. */
const SETTLE_MS = 4000;

/**
 * Runs `task` once the page has loaded and then settled: a few seconds after the load event (the
 * first screen's lazy parts, its data and the socket come after it), in an idle moment. For work
 * the first screen does not need and that would compete with it for a phone's main thread and
 * network: the field vitals reporter, the service worker's install.
 */
export function whenSettled(task: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: SETTLE_MS }) : task();
  const afterLoad = () => setTimeout(idle, SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
