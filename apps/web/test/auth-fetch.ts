/**
 * Better Auth's client (src/lib/auth-client.ts) keeps the `fetch` it found when it was made, so a
 * `fetch` stubbed later by a test (serveApi) would never see its calls (sign-out, for one).
 * Imported before anything that loads the client, this puts a `fetch` in place that hands each
 * call to whatever `fetch` is current: the test's stub while there is one, else the real one.
 */
const original = globalThis.fetch;
const current: typeof fetch = (...args) =>
  (globalThis.fetch === current ? original : globalThis.fetch)(...args);
globalThis.fetch = current;

export {};
