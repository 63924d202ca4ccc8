import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 8090);
// The e2e server posts every stored feedback here (FEEDBACK_WEBHOOK_URL); account.spec.ts listens on it to see
// what the API stored. Set here, so the specs (which load this file too) read the same port.
process.env['E2E_FEEDBACK_WEBHOOK_PORT'] ??= String(port + 10_000);
const feedbackWebhook = `http://127.0.0.1:${process.env['E2E_FEEDBACK_WEBHOOK_PORT']}/feedback`;

// Chromium comes from the system (Debian's package); Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  // Headless Chromium on a loaded machine has once stopped drawing frames mid-test, so an action waited out the
  // whole test for a stable element: an action gives up after a minute, and a test that fails so is run once more
  // (the report names it flaky).
  retries: 1,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    actionTimeout: 60_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // TRUST_PROXY: each e2e newcomer signs up from an address of its own (e2e/support.ts, newcomerAddress).
    env: {
      PORT: String(port),
      AUTOREEL_DATA_DIR: '.data/e2e',
      TRUST_PROXY: 'true',
      FEEDBACK_WEBHOOK_URL: feedbackWebhook,
    },
  },
});
