/**
 * Better Auth's client keeps the `fetch` it was created with (`customFetchImpl: fetch`), so a
 * client first imported during one test would answer every later test from that test's
 * `serveApi` table. This puts a stand-in on `globalThis.fetch` that calls whatever `fetch` is
 * current (a test's stub, or the real one when none is), before ./auth.ts creates the client:
 * import ./auth.ts before the component under test.
 */
const realFetch = globalThis.fetch;

const currentFetch: typeof fetch = (input, init) =>
  globalThis.fetch === currentFetch ? realFetch(input, init) : globalThis.fetch(input, init);

globalThis.fetch = currentFetch;
