import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// Chromium comes from the system (Debian's package); Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two workers, each with a browser and a server, halve the CPU a test had with one worker on these two cores.
  timeout: 90_000,
  // Two workers, each with its own API server and data directory (e2e/fixtures.ts): files are shared out between
  // them whole, except fit.spec.ts, whose tests go to whichever worker is free.
  fullyParallel: false,
  workers: 2,
  // Builds the storefront and seeds the demo catalogue once for every worker (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  // Headless Chromium on a loaded machine has once stopped drawing frames mid-test, so an action waited out the
  // whole test for a stable element: an action gives up after a minute, and a test that fails so is run once more
  // (the report names it flaky).
  retries: 1,
  // Two workers, each with its browser and server, share two cores with whatever else the machine runs: a view that
  // draws in a second alone can take several here, so an assertion waits up to 15 s for it (Playwright's default
  // is 5 s).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // baseURL is the worker's own server (e2e/fixtures.ts): http://localhost:<E2E_PORT + parallel index>.
    actionTimeout: 60_000,
    screenshot: 'only-on-failure',
    // A trace records every action's page and a stream of screenshots: a sixth of the suite's CPU when kept for
    // every test. It is taken for a test's retry, so a failure that repeats (or a flaky one) comes with its trace.
    trace: 'on-first-retry',
    launchOptions: {
      // The system's Chromium (CHROMIUM_PATH, else /usr/bin/chromium) through a script that adds the suite's switches.
      executablePath: fileURLToPath(new URL('e2e/bin/chromium', import.meta.url)),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
