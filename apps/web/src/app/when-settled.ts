/** How long after the load event the first screen is taken to have settled on a phone. */
const SETTLE_MS = 4000;

/**
 * Runs `task` once the page has loaded and then settled: a few seconds after the load event (the
 * first screen's lazy parts, its data and the socket come after it), in an idle moment. For work
 * the first screen does not need and that would compete with it for a phone's main thread and
 * network: the field vitals reporter, the service worker's install.
 */
export function whenSettled(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleCallback: number | undefined;
  const idle = () => {
    if ('requestIdleCallback' in window) idleCallback = requestIdleCallback(task, { timeout: SETTLE_MS });
    else task();
  };
  const afterLoad = () => (timer = setTimeout(idle, SETTLE_MS));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  // Cancels the task if it has not run: a screen that asked for it is gone.
  return () => {
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idleCallback !== undefined) cancelIdleCallback(idleCallback);
  };
}
