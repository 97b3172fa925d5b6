// The component tests' setup (Vitest project web-components): jest-dom's matchers
// (toBeInTheDocument, toHaveAccessibleName…) and a clean document and tab storage after every test
// (the game screen keeps the show for a reload in sessionStorage).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterAll, afterEach } from 'vitest';

// A findBy… waits 5 s, not Testing Library's 1 s: in CI these files share two cores with the
// server suites, and the first open of a lazy part (the chat panel) transforms its modules cold.
// (One CI run's keyboard-chat test failed there, passing in every run alone.) A real failure still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// Better Auth's session store lets go of the window a second after its last listener (nanostores'
// unmount delay): let go now, while this file's DOM is still there. Left to its timer it ran after
// the DOM was torn down, an uncaught TypeError that failed the whole run. Imported here, not at
// the top: the client must find the forwarding fetch below when it is made.
afterAll(async () => {
  const { authClient } = await import('@/lib/auth-client');
  cleanStores(authClient.$store.atoms.session);
});

// Better Auth's client (src/lib/auth-client.ts) keeps the `fetch` it finds when it is created
// (`customFetchImpl`), before any test stubs one: this `fetch`, in place before any module of the
// app loads, hands each call to whatever `fetch` is current (a test's serveApi, else the real one).
const realFetch = globalThis.fetch;
const currentFetch: typeof fetch = (...args) =>
  (globalThis.fetch === currentFetch ? realFetch : globalThis.fetch)(...args);
globalThis.fetch = currentFetch;
