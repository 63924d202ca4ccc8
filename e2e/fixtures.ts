/**
 * The `test` every spec imports: Playwright's, with the worker's own API server (e2e-server.ts) started before the
 * worker's first test and stopped after its last, and `baseURL` pointing at it, so `page`, `request` and the
 * contexts a spec makes all talk to their worker's server. `e2eServer` gives a spec the port and webhook port.
 */
import { test as base } from '@playwright/test';
import { serverFor, startWorkerServer, stopServer, type E2EServer } from './e2e-server.ts';

export { expect } from '@playwright/test';

export const test = base.extend<Record<never, never>, { e2eServer: E2EServer }>({
  e2eServer: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: this has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      try {
        await use(serverFor(workerInfo.parallelIndex));
      } finally {
        await stopServer(server);
      }
    },
    // Not counted against the first test's time; a loaded machine starts a server in 10 to 30 s.
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.origin),
});
