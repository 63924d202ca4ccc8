import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execSync, spawn } from 'node:child_process';
import { _electron as electron, type ElectronApplication } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CONTENT_SECURITY_POLICY } from '../apps/desktop/src/main/window/content-security-policy.main.ts';

// The dealer console in a real Electron, against the worker's own e2e server (e2e/fixtures.ts, demo data).
// Runs only where the Electron binary was downloaded: install without ELECTRON_SKIP_BINARY_DOWNLOAD, then
// `E2E_PORT=8098 npx playwright test e2e/desktop.spec.ts` (README: "Desktop console").

/**
 * The Electron binary's path, or null where `npm ci` skipped its download. Read from the package's path.txt rather
 * than `require('electron')`, which tries to download a missing binary. ELECTRON_OVERRIDE_DIST_PATH points at an
 * Electron unpacked elsewhere.
 */
function electronBinary(): string | null {
  try {
    const folder = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
    const pathFile = join(folder, 'path.txt');
    const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
    const binary = override ? join(override, relative) : join(folder, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const root = join(import.meta.dirname, '..');
const mainEntry = join(root, 'apps/desktop/out/main/index.js');
/** The worker's own API server (e2e/fixtures.ts), which the console talks to. */
let origin: string;

test.skip(!binary, 'No Electron binary here (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1)');
// One console at a time: the single-instance lock is per user, so the tests must not overlap.
test.describe.configure({ mode: 'serial' });
test.beforeAll(({ e2eServer }) => {
  origin = e2eServer.origin;
});

// Chromium refuses to run its process sandbox as root (CI containers); the renderer sandbox setting is checked
// in the page either way.
const sandboxArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

function consoleEnv(): Record<string, string> {
  const env = { ...process.env, AUTOREEL_API_URL: `${origin}/api` } as Record<string, string>;
  delete env['ELECTRON_RENDERER_URL'];
  return env;
}

async function launchConsole(extraArgs: string[] = []): Promise<ElectronApplication> {
  if (!existsSync(mainEntry)) execSync('npm run build:desktop', { cwd: root, stdio: 'inherit' });
  return electron.launch({
    executablePath: binary!,
    args: [...sandboxArgs, mainEntry, ...extraArgs],
    env: consoleEnv(),
  });
}

async function firstCarId(): Promise<string> {
  const cars = (await (await fetch(`${origin}/api/cars?limit=1`)).json()) as {
    data: { cars: { id: string }[] };
  };
  return cars.data.cars[0]!.id;
}

test('the dealer console starts locked down, signs in through main and opens autoreel:// car links', async () => {
  const app = await launchConsole();
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('AutoReel Dealer Console');
    expect(page.url()).toMatch(/^app:\/\/console\//);

    // Node stays out of the page (nodeIntegration off, contextIsolation on): no require, no process, and the
    // bridge is the only thing the preload added.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(
      await page.evaluate(() => Object.keys((window as unknown as { autoreel: object }).autoreel).sort()),
    ).toEqual(['invoke', 'on']);

    // A payload outside the contract is refused by main.
    const refused = await page.evaluate(() =>
      (window as unknown as { autoreel: { invoke(c: string, p: unknown): Promise<unknown> } }).autoreel
        .invoke('shell.openExternal', { url: 'file:///etc/passwd' })
        .then(
          () => 'opened',
          (error: Error) => error.message,
        ),
    );
    expect(refused).toContain('Invalid request for shell.openExternal');

    // Signing in goes through main: the page sees a marker, never the refresh token.
    const signIn = await page.evaluate(async () => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '+26876000002', password: 'demo-pass-2026' }),
      });
      return (await response.json()) as { data: { refreshToken: string } };
    });
    expect(signIn.data.refreshToken).toBe('held-by-main-process');

    // A car link opened by the OS shows that car.
    const id = await firstCarId();
    await app.evaluate(({ app: electronApp }, link) => {
      electronApp.emit('open-url', { preventDefault: () => undefined }, link);
    }, `autoreel://cars/${id}`);
    await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  } finally {
    await app.close();
  }
});

test('pages carry the production CSP; new windows and navigation away from the app are refused', async () => {
  const app = await launchConsole();
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('AutoReel Dealer Console');
    // Record what main hands to the system instead of opening a browser on the test machine.
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as { opened?: string[] }).opened = opened;
      shell.openExternal = (url: string) => {
        opened.push(url);
        return Promise.resolve();
      };
    });
    const opened = () => app.evaluate(() => (globalThis as { opened?: string[] }).opened ?? []);

    const csp = await page.evaluate(async () =>
      (await fetch('/index.html')).headers.get('content-security-policy'),
    );
    expect(csp).toBe(CONTENT_SECURITY_POLICY);

    // window.open gets no window: a web link goes to the system browser, a file: link nowhere.
    expect(await page.evaluate(() => window.open('https://example.com/dealer') === null)).toBe(true);
    expect(await page.evaluate(() => window.open('file:///etc/passwd') === null)).toBe(true);
    expect(app.windows()).toHaveLength(1);

    // Navigating the window away from the app is stopped; the link goes to the system browser instead.
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.com/elsewhere';
    });
    await expect.poll(opened).toEqual(['https://example.com/dealer', 'https://example.com/elsewhere']);
    expect(page.url()).toBe(before);
  } finally {
    await app.close();
  }
});

test('a link that starts the console opens its car once the page has loaded', async () => {
  const id = await firstCarId();
  const app = await launchConsole([`autoreel://cars/${id}`]);
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  } finally {
    await app.close();
  }
});

test('a second launch hands its car link to the running console and quits', async () => {
  const id = await firstCarId();
  const app = await launchConsole();
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('AutoReel Dealer Console');
    const second = spawn(binary!, [...sandboxArgs, mainEntry, `autoreel://cars/${id}`], {
      env: consoleEnv(),
      stdio: 'ignore',
    });
    const exitCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(exitCode).toBe(0);
    expect(app.windows()).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  } finally {
    await app.close();
  }
});
