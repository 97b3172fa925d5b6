// The component tests' setup (Vitest project web-components): jest-dom's matchers
// (toBeInTheDocument, toHaveAccessibleName…) and a clean document after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Better Auth's client (src/lib/auth-client.ts) keeps the `fetch` it finds when it is created
// (`customFetchImpl`), before any test stubs one: this `fetch`, in place before any module of the
// app loads, hands each call to whatever `fetch` is current (a test's serveApi, else the real one).
const realFetch = globalThis.fetch;
const currentFetch: typeof fetch = (...args) =>
  (globalThis.fetch === currentFetch ? realFetch : globalThis.fetch)(...args);
globalThis.fetch = currentFetch;
