import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { tokenOf } from './dealer-flow.ts';
import { DEMO_LOCAL, DEVICES, openSellSignedIn, PASSWORD, signUpCustomer } from './support.ts';

/**
 * Issue 30, CSV bulk import, at 390 px (touch) and 1440 px: a new dealership downloads the template from its
 * inventory, fills it with three cars (one wrong), sees the wrong row by line and column in the dry run, imports the
 * valid ones and finds them in the inventory as drafts waiting for their video. Screenshots:
 * test-results/screenshots/csv-import-*.png.
 */
/** A customer who applied as a dealership and was approved by the demo admin, signed in afresh as a dealer. */
async function newDealership(request: APIRequestContext, salt: number) {
  const owner = await signUpCustomer(request, 'Import Motors Owner', salt);
  const applied = await request.post('/api/dealer-applications', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: { businessName: `Import Motors ${salt}`, businessType: 'dealer', location: 'Mbabane, Eswatini' },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const application = ((await applied.json()) as { data: { id: string } }).data;
  const admin = await tokenOf(request, `+268${DEMO_LOCAL.admin}`);
  const approved = await request.put(`/api/dealers/${application.id}/approve`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const login = await request.post('/api/auth/login', {
    data: { phone: `+268${owner.local}`, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return (
    (await login.json()) as {
      data: { accessToken: string; refreshToken: string; user: { id: string; name: string } };
    }
  ).data;
}

for (const [size, options] of Object.entries(DEVICES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);

    test('a dealer imports the template CSV: the dry run names the wrong row, the valid ones become drafts', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const press = (target: Locator) => (options.hasTouch ? target.tap() : target.click());
      const dealer = await newDealership(request, size === 'phone' ? 1 : 0);
      await openSellSignedIn(page, dealer, '/dealer');
      await press(page.getByRole('tab', { name: 'Inventory' }));
      await press(page.getByRole('button', { name: 'Import CSV' }));
      const dialog = page.getByRole('dialog', { name: 'Import cars from a CSV' });

      // The template, downloaded from the dialog.
      const downloading = page.waitForEvent('download');
      await press(dialog.getByRole('link', { name: 'Download the template' }));
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('autoreel-cars-template.csv');
      const dir = mkdtempSync(join(tmpdir(), 'autoreel-import-'));
      const templatePath = join(dir, 'template.csv');
      await download.saveAs(templatePath);
      const [header, example] = readFileSync(templatePath, 'utf8').trim().split('\n');

      // Three cars from the template's example row; the second has no make.
      const stamp = `${size}${Date.now().toString(36)}`;
      const models = [1, 2, 3].map((n) => `Hilux Import ${stamp} ${n}`);
      const rows = models.map((model, i) => {
        const row = example!.replace('Hilux', model);
        return i === 1 ? row.replace(/^Toyota/, '') : row;
      });
      const csvPath = join(dir, 'stock.csv');
      writeFileSync(csvPath, `${header}\n${rows.join('\n')}\n`);

      const chooser = page.waitForEvent('filechooser');
      await press(dialog.getByRole('button', { name: 'Choose CSV file' }));
      await (await chooser).setFiles(csvPath);
      await expect(dialog.getByText('3 rows: 2 ready, 1 row with errors', { exact: true })).toBeVisible();
      const wrong = dialog.getByRole('table', { name: 'Rows with errors' }).getByRole('row').nth(1);
      await expect(wrong.getByRole('cell')).toHaveText(['3', 'make', 'Make is required']);
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      await page.screenshot({ path: `test-results/screenshots/csv-import-dry-run-${size}.png` });

      // Nothing was stored by the check.
      const mine = async () => {
        const res = await request.get('/api/cars/mine?limit=50', {
          headers: { authorization: `Bearer ${dealer.accessToken}` },
        });
        return ((await res.json()) as { data: { cars: { model: string; status: string }[] } }).data.cars;
      };
      expect(await mine()).toEqual([]);

      await press(dialog.getByRole('button', { name: 'Import 2 cars' }));
      await expect(page.getByText('2 cars imported as drafts', { exact: true })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      expect((await mine()).map((car) => [car.model, car.status]).sort()).toEqual([
        [models[0], 'draft'],
        [models[2], 'draft'],
      ]);

      // The inventory shows them as drafts, each with its way to add the video.
      for (const model of [models[0]!, models[2]!]) {
        const title = `2021 Toyota ${model}`;
        const add = page.getByRole('button', { name: `Add a video of the ${title}` });
        await expect(add).toBeVisible();
      }
      await expect(page.getByTestId('draft-mark')).toHaveCount(2);
      await page.screenshot({ path: `test-results/screenshots/csv-import-drafts-${size}.png` });
      // No buyer sees them.
      const publicList = await request.get(`/api/cars?search=${encodeURIComponent(stamp)}`);
      expect(((await publicList.json()) as { data: { cars: unknown[] } }).data.cars).toEqual([]);
    });
  });
}
