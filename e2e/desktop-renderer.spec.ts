import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { REFRESH_HELD_BY_MAIN } from '../apps/desktop/src/shared/ipc-contract.ts';
import {
  attachConsoleMain,
  ensureRendererBuild,
  rendererDir,
  startConsoleOrigin,
} from './desktop-renderer-support.ts';
import {
  bulkMarkSoldAndUndo,
  completeWizardFromMedia,
  dealerToken,
  editDealerSettings,
  expectListedWithVideo,
  expectVideoRequired,
  makeWalkaroundClip,
  openAddCar,
  signInAsDemoDealer,
  wizardCar,
} from './dealer-flow.ts';

/**
 * The dealer console's renderer build (`npm run build:desktop`, apps/desktop/out/renderer) in Chromium, where
 * Electron cannot run: the preload's bridge is rebuilt in the page and answered by the console's main-process
 * code in this Node process (desktop-renderer-support.ts), with the real API of the worker's e2e server.
 * The demo dealer signs in, lists a car with a real video that main's video service transcodes with ffmpeg, finds
 * it in the inventory, bulk-marks three cars sold and undoes it, and edits the settings. e2e/desktop.spec.ts runs
 * the real Electron where its binary is installed.
 */

let workDir: string;
let videoPath: string;

test.beforeAll(() => {
  ensureRendererBuild();
  workDir = mkdtempSync(join(tmpdir(), 'autoreel-console-e2e-'));
  videoPath = makeWalkaroundClip(workDir);
});

test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

test('the console renderer: sign-in through main, a listing with a main-prepared video, inventory and settings', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const apiBaseUrl = `${baseURL}/api`;
  const origin = await startConsoleOrigin(apiBaseUrl);
  const context = await browser.newContext({
    baseURL: origin.origin,
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const main = await attachConsoleMain(page, { origin: origin.origin, apiBaseUrl, picked: [videoPath] });
  try {
    await test.step('the page is the console build, with only the bridge', async () => {
      await page.goto('/browse');
      await expect(page).toHaveTitle('AutoReel Dealer Console');
      const builtEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(
        readFileSync(join(rendererDir, 'index.html'), 'utf8'),
      )?.[1];
      expect(builtEntry).toMatch(/assets\/index-[\w-]+\.js$/);
      await expect(page.locator(`script[type="module"][src="${builtEntry}"]`)).toHaveCount(1);
      expect(await page.evaluate(() => Object.keys(window.autoreel).sort())).toEqual(['invoke', 'on']);
      // Main's schemas refuse a bad payload before any handler runs, and the bridge knows only the contract.
      const refused = await page.evaluate(() =>
        window.autoreel.invoke('drafts.save', { key: '../settings', draft: {} }).then(
          () => 'saved',
          (error: Error) => error.message,
        ),
      );
      expect(refused).toMatch(/^Invalid request for drafts\.save: key: /);
      expect(main.settings.get('drafts')).toBeUndefined();
      const unknown = await page.evaluate(() =>
        (window.autoreel.invoke as (channel: string, request: unknown) => Promise<unknown>)(
          'fs.read',
          {},
        ).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      );
      expect(unknown).toBe('Unknown channel fs.read');
      // The in-memory vault is what main falls back to without a keychain, and the console says so.
      await expect(page.getByText(/The system keychain is not available/)).toBeVisible();
    });

    await test.step('sign-in goes through main; the page holds only the marker', async () => {
      await signInAsDemoDealer(page);
      const held = await main.vault.load();
      expect(held?.refreshToken).toBeTruthy();
      expect(held?.refreshToken).not.toBe(REFRESH_HELD_BY_MAIN);
      const seen = await page.evaluate(() => window.autoreel.invoke('vault.load', undefined));
      expect(seen?.refreshToken).toBe(REFRESH_HELD_BY_MAIN);
      expect(await page.evaluate(() => localStorage.getItem('autoreel.tokens'))).toBeNull();
      expect(main.invoked).toContain('auth.call');
    });

    const car = wizardCar(`Hilux Console ${Date.now().toString(36)}`);
    await test.step('the wizard lists a car; main picks and prepares the video', async () => {
      await openAddCar(page);
      await expectVideoRequired(page);
      await page.getByRole('button', { name: 'Choose Video' }).click();
      await expect(page.getByText(/Video ready/)).toBeVisible({ timeout: 60_000 });
      expect(main.invoked).toEqual(expect.arrayContaining(['files.pick', 'files.read', 'video.prepare']));
      expect(main.answers.get('video.prepare')).toMatchObject({
        file: { name: 'walkaround.mp4', type: 'video/mp4' },
        poster: { type: 'image/jpeg' },
        transformed: true,
      });
      expect(main.emitted).toContain('video.progress');
      await page.screenshot({ path: 'test-results/desktop-renderer-media.png' });
      await completeWizardFromMedia(page, car);
      // Main uploaded the prepared video and its poster from disk; the page never read them.
      expect(main.invoked).toContain('video.upload');
      expect(main.invoked).toContain('drafts.save');
      await expectListedWithVideo(request, await dealerToken(request), car);
    });

    await test.step('the car is in the inventory; three cars are marked sold, then restored', async () => {
      const token = await dealerToken(request);
      const bulk = await bulkMarkSoldAndUndo(page, request, token, 'desktop-renderer');
      expect(bulk.map((row) => row.model)).toContain(car.model);
      await expect(
        page.getByRole('checkbox', { name: `Select ${car.year} ${car.expected.make} ${car.model}` }),
      ).toBeVisible();
    });

    await test.step('the dealer edits the settings', async () => {
      await editDealerSettings(page, request, await dealerToken(request), 'desktop-renderer');
    });
  } finally {
    await context.close();
    await origin.close();
    main.cleanup();
  }
});
