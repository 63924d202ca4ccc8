import { carTitle } from '@autoreel/core';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  appStarted,
  feedCurrent,
  feedCurrentTitle,
  freshLocalNumber,
  latestCode,
  LOGIN_PROMPT,
  newcomerAddress,
  PASSWORD,
  swipe,
} from './support.ts';

/*
 * A newcomer's whole first visit, as one story on a phone: the feed, sign-up from the like button, likes and
 * comments, AI Search, Lifestyle Match, Browse with a filter and a sort, and a shared link that opens the same
 * car. Every step is photographed at phone and desktop sizes (test-results/screenshots/journey-*.png).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface ListedCar {
  id: string;
  make: string;
  model: string;
  year: number;
  price: number;
  fuelType: string;
  bodyType: string;
}

/** The step as it looks on a phone and on a desktop; the journey itself goes on at phone size. */
async function shoot(page: Page, step: string) {
  await page.screenshot({ path: `test-results/screenshots/journey-${step}-phone.png` });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/screenshots/journey-${step}-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
}

const videoTime = (page: Page) =>
  feedCurrent(page)
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

test.use({ viewport: PHONE });

test('a newcomer watches, signs up, likes, comments, searches, takes the quiz, browses and shares a car', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);

  // A newcomer, from an address of their own (see newcomerAddress).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': newcomerAddress() });

  // 1. The feed: the first car's video plays, its time moving on.
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
  const started = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(started);
  await shoot(page, '01-feed');

  // 2. A swipe up brings the next car.
  const first = (await feedCurrentTitle(page).textContent())!;
  await swipe(page, 0, -200);
  await expect(feedCurrentTitle(page)).not.toHaveText(first);
  const car = (await feedCurrentTitle(page).textContent())!;
  await shoot(page, '02-next-car');

  // 3. A left swipe opens its details.
  await swipe(page, -150, 0);
  const details = page.getByRole('dialog', { name: car });
  await expect(details.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/journey-03-details-phone.png' });
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toHaveCount(0);
  await page.setViewportSize(DESKTOP);
  await expect(
    page.getByRole('complementary', { name: car }).getByRole('heading', { name: 'Specifications' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/journey-03-details-desktop.png' });
  await page.setViewportSize(PHONE);

  // 4. Liking asks a visitor to log in.
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toBeVisible();
  await shoot(page, '04-login-prompt');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // 5. Sign-up, with Eswatini chosen in the country picker and the code WhatsApp would have delivered.
  const local = freshLocalNumber(4);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full Name').fill('Zanele Masuku');
  await page.getByRole('button', { name: /^Country: .* Change country$/ }).click();
  const picker = page.getByRole('dialog', { name: 'Select Country' });
  await picker.getByRole('searchbox', { name: 'Search by country name or dial code' }).fill('+268');
  const countries = picker.getByRole('list', { name: 'Countries' }).getByRole('button');
  await expect(countries).toHaveCount(1);
  await expect(countries).toContainText('Eswatini');
  await shoot(page, '05-country-picker');
  await countries.click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Country: Eswatini +268. Change country' })).toBeVisible();
  await page.getByLabel('Phone (WhatsApp Required)').fill(local);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
  await page.getByLabel('Verification Code').fill(await latestCode(request, `+268${local}`));
  await shoot(page, '06-verify');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  // The toast's title; its live region also announces it ('Notification Account created successfully!').
  await expect(
    page.getByText('Account created successfully!', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toHaveCount(0);

  // 6. Back on the feed's same car, signed in: the like asked for before signing up is done, then a comment.
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(feedCurrentTitle(page)).toHaveText(car);
  const like = page
    .getByRole('group', { name: 'Car actions' })
    .getByRole('button', { name: /^(Like|Unlike)$/ });
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect(Number((await page.getByTestId('like-count').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
  const comment = `Does it come with a spare key? ${Date.now()}`;
  await page.getByRole('button', { name: 'Comments' }).click();
  await page.getByLabel('Add a comment').fill(comment);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText(comment, { exact: true })).toBeVisible();
  await shoot(page, '07-liked-and-commented');

  // 7. AI Search: 'electric SUV under 900k' finds only electric SUVs up to E900,000.
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'AI-Matched Cars' })).toBeVisible();
  const answered = page.waitForResponse('**/api/ai/search-natural-language');
  await page.getByLabel('Describe the car you want').fill('electric SUV under 900k');
  await page.getByRole('tabpanel', { name: 'AI Search' }).getByRole('button', { name: 'Search' }).click();
  const found = ((await (await answered).json()) as { data: { cars: { car: ListedCar }[] } }).data.cars.map(
    (m) => m.car,
  );
  expect(found.length).toBeGreaterThan(0);
  for (const match of found) {
    expect(match).toMatchObject({ fuelType: 'Electric', bodyType: 'SUV' });
    expect(match.price).toBeLessThanOrEqual(900_000);
  }
  const matched = page.getByRole('list', { name: 'Matched cars' }).getByRole('article');
  await expect(matched).toHaveCount(found.length);
  for (const card of await matched.all()) {
    await expect(card.getByRole('list', { name: 'Specifications' })).toContainText('Electric');
  }
  await shoot(page, '08-ai-search');

  // 8. Lifestyle Match to the end: the AI-Matched Cars.
  await page.getByRole('tab', { name: 'Lifestyle Match' }).click();
  for (const [step, answer] of [
    // The second budget preset, in whatever currency the browser's country has.
    ['Step 1 of 5', /Popular SUVs, double cabs/],
    ['Step 2 of 5', /^Small family/],
    ['Step 3 of 5', /^Daily commuting/],
    ['Step 4 of 5', /^Under 30 km/],
    ['Step 5 of 5', /^No preference/],
  ] as const) {
    await expect(page.getByText(step)).toBeVisible();
    await page.getByRole('button', { name: answer }).click();
  }
  await page.getByRole('button', { name: 'Get My Recommendations' }).click();
  await expect(page.getByRole('heading', { name: 'AI-Matched Cars' })).toBeVisible();
  await expect(page.getByText(/^(Top \d+ of )?[\d,]+ match(es)? for your lifestyle$/)).toBeVisible();
  await expect(matched.first().getByText(/^\d+% Match$/)).toBeVisible();
  await shoot(page, '09-lifestyle-match');

  // 9. Browse with a body-type filter and the lowest price first, then open the top car.
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Premium Car Collection' })).toBeVisible();
  // A filter changed on the server's screen before the app has started would not reach the app.
  await appStarted(page);
  // On a phone the filters fold behind 'Filters' until tapped.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByLabel('Body type').selectOption('SUV');
  const sorted = page.waitForResponse(
    (r) =>
      r.url().includes('/api/cars?') &&
      r.url().includes('sort=price-low') &&
      r.url().includes('bodyType=SUV'),
  );
  await page.getByLabel('Sort by').selectOption('price-low');
  const listed = ((await (await sorted).json()) as { data: { cars: ListedCar[] } }).data.cars;
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.every((c) => c.bodyType === 'SUV')).toBe(true);
  const prices = listed.map((c) => c.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const top = listed[0]!;
  const title = carTitle(top);
  const cards = page.getByRole('list', { name: 'Cars' }).getByRole('article');
  await expect(cards.first()).toHaveAttribute('aria-label', title);
  await shoot(page, '10-browse');
  await cards.first().getByRole('button', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${top.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shoot(page, '11-detail');

  // 10. Share: no device share sheet here, so the link is copied; it opens the same car on a new page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
  await page.getByRole('button', { name: 'Share' }).first().click();
  await expect(page.getByText('Link copied to clipboard!', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/cars/${top.id}$`));
  await shoot(page, '12-link-copied');
  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shoot(shared, '13-shared-link');
});
