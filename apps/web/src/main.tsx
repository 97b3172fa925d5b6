import '@fontsource/luckiest-guy';
import '@fontsource-variable/nunito';
import './styles/fonts.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { decodeLogo } from './components/ui/logo';

declare global {
  // zod's shared configuration (zod/v4/core), which it adopts when set before it loads.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
// zod would probe `new Function` for its fast path, which the Content-Security-Policy forbids
// (docs/web-quality.md, Security headers): the browser logs a violation on the first parse. Set
// here, before zod loads with any screen, rather than with `z.config()`, which would bundle zod
// with the entry.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void decodeLogo().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);

// Field web vitals, loaded a few seconds after the page has loaded: the load event can come before
// the first screen's lazy parts have even been asked for, and the reporter's request and evaluation
// would then delay its first paint. Its observers are buffered, so nothing measured before is lost.
const VITALS_DELAY_MS = 4000;
window.addEventListener(
  'load',
  () =>
    setTimeout(
      () => void import('./lib/web-vitals').then((vitals) => vitals.reportWebVitals()),
      VITALS_DELAY_MS,
    ),
  { once: true },
);
