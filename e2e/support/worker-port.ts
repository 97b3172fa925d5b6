/**
 * Each Playwright worker has a server of its own (playwright.config.ts starts one per worker, on
 * consecutive ports from E2E_PORT), so tests in two workers never share a database or a mailbox.
 * TEST_PARALLEL_INDEX is Playwright's slot number for the worker process; unset outside workers.
 */
export const FIRST_E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

export function workerPort(): number {
  return FIRST_E2E_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
