import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execSync } from 'node:child_process';
import { _electron as electron, expect, test } from '@playwright/test';

// The dealer console in a real Electron, against the real server Playwright starts (npm start, demo data).
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
const port = Number(process.env['E2E_PORT'] ?? 8090);

test.skip(!binary, 'No Electron binary here (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1)');

test('the dealer console starts locked down, signs in through main and opens autoreel:// car links', async () => {
  if (!existsSync(mainEntry)) execSync('npm run build:desktop', { cwd: root, stdio: 'inherit' });
  const env = { ...process.env, AUTOREEL_API_URL: `http://localhost:${port}/api` } as Record<string, string>;
  delete env['ELECTRON_RENDERER_URL'];
  const app = await electron.launch({
    executablePath: binary!,
    // Chromium refuses to run its process sandbox as root (CI containers); the renderer sandbox setting is
    // checked below either way.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), mainEntry],
    env,
  });
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
    const cars = (await (await fetch(`http://localhost:${port}/api/cars?limit=1`)).json()) as {
      data: { cars: { id: string }[] };
    };
    const id = cars.data.cars[0]!.id;
    await app.evaluate(({ app: electronApp }, link) => {
      electronApp.emit('open-url', { preventDefault: () => undefined }, link);
    }, `autoreel://cars/${id}`);
    await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  } finally {
    await app.close();
  }
});
