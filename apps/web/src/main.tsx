import '@fontsource/luckiest-guy';
import '@fontsource-variable/nunito';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

// Field web vitals, loaded once the page has loaded so they never slow the start.
window.addEventListener(
  'load',
  () => void import('./lib/web-vitals').then((vitals) => vitals.reportWebVitals()),
  {
    once: true,
  },
);
