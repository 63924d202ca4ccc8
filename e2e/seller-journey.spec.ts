import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openSellSignedIn, signUpCustomer } from './seller-helpers.ts';

const ADMIN = { phone: '+26876000001', password: 'demo-pass-2026' };

/** A short real H.264 clip, made here so the test carries no binary. */
function makeVideo(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'seller-journey-')), 'walkaround.mp4');
  execFileSync(process.env['FFMPEG_PATH'] ?? 'ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=4:size=640x360:rate=25',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/** The demo admin approves the newest pending application of the named dealership. */
async function approveAsAdmin(request: APIRequestContext, dealership: string) {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const pending = await request.get('/api/dealers/admin/pending', { headers });
  const { applications } = (
    (await pending.json()) as { data: { applications: { id: string; businessName: string }[] } }
  ).data;
  const application = applications.find((a) => a.businessName === dealership);
  expect(application, `pending application of ${dealership}`).toBeDefined();
  const approved = await request.put(`/api/dealers/${application!.id}/approve`, { headers });
  expect(approved.ok(), await approved.text()).toBe(true);
}

// Waits for the Add Car wizard (packages/ui/src/views/dealer/wizard/AddCarWizard.tsx), which is being built now:
// its labels below follow SPEC 2/5 and are to be checked against it once it lands, then the fixme goes.
test.fixme('admin approves a new dealer, who lists a car with a video that appears in the feed', async ({
  page,
  request,
}) => {
  const dealership = `Journey Motors ${Date.now() % 100_000}`;
  const account = await signUpCustomer(request, 'Bongani Shongwe', 9);
  await openSellSignedIn(page, account);
  await page.getByLabel('Dealership Name').fill(dealership);
  await page.getByLabel('Location').fill('Mbabane, Eswatini');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();

  await approveAsAdmin(request, dealership);

  // Opening Sell again re-reads the user: the approved dealer gets the listing form and the Dashboard tab.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  // Step 1, Media: the video, checked and uploaded with a progress bar after the car is created.
  await page.locator('input[type="file"]').first().setInputFiles(makeVideo());
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2, Basic Info.
  await page.getByLabel('Make').selectOption('Toyota');
  await page.getByLabel('Model').selectOption('Hilux');
  await page.getByLabel('Year').fill('2022');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 3, Pricing.
  await page.getByLabel('Price').fill('385000');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 4, Details.
  await page.getByLabel('Mileage').fill('41000');
  await page
    .getByLabel('Description')
    .fill('One owner, full service history, new tyres. Ready for the road.');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 5, Features, then submit: create, upload, update with the video key.
  await page.getByRole('button', { name: /Submit|List Car|Add Car/ }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/listed|success/i).first()).toBeVisible({ timeout: 60_000 });

  // Once the video is ready the car is in the public feed, marked as the new dealer's.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/cars', {
          params: { make: 'Toyota', model: 'Hilux', sort: 'newest' },
        });
        const cars = ((await res.json()) as { data: { cars: { dealerName?: string; videos: string[] }[] } })
          .data.cars;
        return cars.some((c) => c.dealerName === dealership && c.videos.length > 0);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  await page.goto('/');
  await expect(page.getByText(dealership).first()).toBeVisible({ timeout: 20_000 });
});
