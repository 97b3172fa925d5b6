import '@fontsource/luckiest-guy';
import '@fontsource-variable/nunito';
import './styles/fonts.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, navigateTo } from './app/router';
import { whenSettled } from './app/when-settled';
import { decodeLogo } from './components/ui/logo';
import { followServiceWorker, registerServiceWorker } from './lib/service-worker';

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

// Neither the field vitals reporter nor the service worker's install helps the first screen: they
// start once it has settled. The vitals' observers are buffered, so nothing measured before is lost.
whenSettled(() => void import('./lib/web-vitals').then((vitals) => vitals.reportWebVitals()));
whenSettled(registerServiceWorker);
followServiceWorker({
  navigate: navigateTo,
  // The toast's code loads with the first push the app shows itself.
  showPush: (push) =>
    void import('./features/notifications/components/push-toast').then(({ showPushToast }) =>
      showPushToast(push, navigateTo),
    ),
});
