/**
 * What a buyer, a dealer and an admin met in their accounts, at a phone's 390 px (touch) and a desktop's 1440 px: a
 * favourite removed from the list itself (and put back when that fails), the admin landing on the admin page with
 * their name shown, Settings' Delete My Account quiet and last, the dealer dashboard's one Sign Out, and dates written
 * one way (the month in words, in the browser's language). Each fixed state is saved as
 * test-results/finish/<name>-<width>.png.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DEMO_LOCAL,
  DEMO_PASSWORD,
  DESKTOP,
  openSellSignedIn,
  PHONE,
  signIn,
  signUpCustomer,
} from './support.ts';
import { press } from './touch.ts';

const SIZES = { 390: PHONE, 1440: DESKTOP } as const;

const shoot = (page: Page, name: string, width: string) =>
  page.screenshot({ path: `test-results/finish/${name}-${width}.png` });

interface Car {
  id: string;
  year: number;
  make: string;
  model: string;
}
const title = (car: Car) => `${car.year} ${car.make} ${car.model}`;

async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

for (const [width, options] of Object.entries(SIZES)) {
  test.describe(`at ${width} px`, () => {
    test.use(options);

    test('a buyer removes a favourite from the list, and a failed removal puts it back', async ({
      page,
      request,
    }) => {
      const buyer = await signUpCustomer(request, `Fave ${width} ${Date.now()}`, width === '390' ? 3 : 4);
      const headers = { authorization: `Bearer ${buyer.accessToken}` };
      const { cars } = await dataOf<{ cars: Car[] }>(await request.get('/api/cars?limit=2&sort=newest'));
      // Liked oldest first: the newest like (cars[1]) tops the list.
      for (const car of cars) await request.post(`/api/cars/${car.id}/like`, { headers });
      const [kept, removed] = cars as [Car, Car];

      await openSellSignedIn(page, buyer, '/account');
      const list = page.getByRole('list', { name: 'Favorite cars' });
      await expect(list.getByRole('article')).toHaveCount(2);

      // A failing server: the car comes back and the buyer is told.
      await page.route(`**/api/cars/${kept.id}/like`, (route) =>
        route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
      );
      await press(page.getByRole('button', { name: `Remove ${title(kept)} from favorites` }));
      await expect(page.getByRole('alert')).toContainText(
        `Could not remove ${title(kept)} from your favorites.`,
      );
      await expect(list.getByRole('article', { name: title(kept) })).toBeVisible();
      await shoot(page, 'favourites-remove-failed', width);
      await page.unroute(`**/api/cars/${kept.id}/like`);

      const remove = page.getByRole('button', { name: `Remove ${title(removed)} from favorites` });
      const box = (await remove.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await press(remove);
      await expect(list.getByRole('article', { name: title(removed) })).toHaveCount(0);
      await expect(list.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await shoot(page, 'favourites-removed', width);
      const liked = await dataOf<{ cars: Car[] }>(
        await request.get('/api/cars/user/liked?page=1&limit=20', { headers }),
      );
      expect(liked.cars.map((c) => c.id)).toEqual([kept.id]);
    });

    test('the admin lands on the admin page after signing in, named by their whole name', async ({
      page,
    }) => {
      await signIn(page, DEMO_LOCAL.admin);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Dealer Applications', level: 1 })).toBeVisible();
      await expect(page.getByText('Signed in as AutoReel Admin')).toBeVisible();
      if (width === '1440') {
        const account = page
          .getByRole('banner')
          .getByRole('button', { name: 'Account menu for AutoReel Admin' });
        await expect(account).toContainText('AutoReel Admin');
      }
      await shoot(page, 'admin-landing', width);
    });

    test.describe('in British English', () => {
      test.use({ locale: 'en-GB' });

      test("dates read one way, the month in words, in the browser's language", async ({ page, request }) => {
        // Day, month, year, as a British browser writes them: the product never writes a figure-only date.
        const dayMonthYear = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;
        const buyer = await signUpCustomer(request, `Dates ${width} ${Date.now()}`, width === '390' ? 7 : 8);
        await openSellSignedIn(page, buyer, '/account');
        await press(page.getByRole('tab', { name: 'Profile' }));
        await expect(page.locator('dt:text-is("Member since") + dd')).toHaveText(dayMonthYear);

        const login = await dataOf<{ accessToken: string; refreshToken: string; user: object }>(
          await request.post('/api/auth/login', {
            data: { phone: `+268${DEMO_LOCAL.dealer}`, password: DEMO_PASSWORD },
          }),
        );
        await openSellSignedIn(page, login, '/dealer');
        const listed = page.getByText(/ · Listed /).first();
        await expect(listed).toBeVisible();
        expect((await listed.textContent())!.split(' · Listed ')[1]).toMatch(dayMonthYear);
        await listed.scrollIntoViewIfNeeded();
        await shoot(page, 'dates-dashboard', width);
      });
    });

    test("Settings ends with a quiet Delete My Account; the dealer dashboard's Sign Out is there once", async ({
      page,
      request,
    }) => {
      const buyer = await signUpCustomer(request, `Settings ${width} ${Date.now()}`, width === '390' ? 5 : 6);
      await openSellSignedIn(page, buyer, '/account');
      await press(page.getByRole('tab', { name: 'Settings' }));
      const panel = page.getByRole('tabpanel', { name: 'Settings' });
      const buttons = panel.getByRole('button');
      await expect(buttons.last()).toHaveText('Delete My Account');
      await expect(buttons.nth(-2)).toHaveText('Sign Out');
      // Outlined, not filled: the page's quietest kind of button.
      const remove = panel.getByRole('button', { name: 'Delete My Account' });
      expect(await remove.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
      await remove.scrollIntoViewIfNeeded();
      await shoot(page, 'settings-delete-last', width);

      // The demo dealer, signed in on this browser before.
      const login = await dataOf<{
        accessToken: string;
        refreshToken: string;
        user: { id: string; name: string };
      }>(
        await request.post('/api/auth/login', {
          data: { phone: `+268${DEMO_LOCAL.dealer}`, password: DEMO_PASSWORD },
        }),
      );
      await openSellSignedIn(page, login, '/dealer');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      if (width === '390') {
        await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(1);
        await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      } else {
        // The header's user menu holds it; the dashboard draws no second one.
        await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
        await page.getByRole('button', { name: /^Account menu for / }).click();
        await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toHaveCount(1);
      }
      await expect(page.getByText('Sign Out', { exact: true })).toHaveCount(1);
      await shoot(page, 'dealer-sign-out-once', width);
    });
  });
}
