import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { WebVital } from '@ruthless/protocol';
import { vitalsPageOf } from '@ruthless/protocol/vitals-pages';
import { API_BASE_URL } from './api-base-url';

/** The performance mark set once the reporter listens. */
const REPORTING_MARK = 'web-vitals:reporting';

let queue: WebVital[] = [];
let page = vitalsPageOf(window.location.pathname);

/** Sends what was measured so far, with a beacon so it survives the page closing. */
function flush() {
  if (queue.length === 0) return;
  const body = JSON.stringify({ page, metrics: queue.slice(0, 10) });
  queue = [];
  const url = `${API_BASE_URL.replace(/\/$/, '')}/vitals`;
  const sent = navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
  if (!sent)
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
}

function record({ name, value }: Metric) {
  if (name !== 'LCP' && name !== 'INP' && name !== 'CLS') return;
  queue.push({ name, value });
}

/**
 * Reports LCP, INP and CLS to POST /api/vitals (docs/web-quality.md) when the page is hidden,
 * labelled with the screen the page was opened on. Loaded after start-up, off the critical path.
 */
export function reportWebVitals(): void {
  page = vitalsPageOf(window.location.pathname);
  onLCP(record);
  onINP(record);
  onCLS(record);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  // Shows in a trace (and to the browser test) when the reporter began listening.
  performance.mark(REPORTING_MARK);
}
