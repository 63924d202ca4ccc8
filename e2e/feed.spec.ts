import { expect, test } from './fixtures.ts';
import {
  DESKTOP,
  expectOnTop,
  expectPlaying,
  feedCurrent,
  feedCurrentTitle,
  LOGIN_PROMPT,
  swipe,
} from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a newcomer watches the feed, moves between cars, opens details and is asked to log in to like', async ({
  page,
}) => {
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  await expectPlaying(page);
  // The car's title and price are drawn over its playing video.
  await expectOnTop(feedCurrentTitle(page));
  await expectOnTop(feedCurrent(page).getByText(/^[^\d\s]{1,3}\s?[\d,]+$|^Contact for price$/));

  const first = await feedCurrentTitle(page).textContent();
  await page.keyboard.press('ArrowDown');
  await expect(feedCurrentTitle(page)).not.toHaveText(first!);
  const second = await feedCurrentTitle(page).textContent();
  await expectPlaying(page);

  await swipe(page, 0, -200);
  await expect(feedCurrentTitle(page)).not.toHaveText(second!);
  await page.keyboard.press('ArrowUp');
  await expect(feedCurrentTitle(page)).toHaveText(second!);

  // A left swipe opens the details panel; Close gives the video back.
  await swipe(page, -150, 0);
  const details = page.getByRole('dialog', { name: second! });
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toHaveCount(0);

  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.screenshot({ path: 'test-results/feed-login-phone.png' });
});

test('an arrow key pressed before the app has started changes car once it has', async ({ page }) => {
  // The app's entry is held back, so the key surely comes while only the server's screen is there.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  const first = await feedCurrentTitle(page).textContent();
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-feed-keys'))).toBe(false);
  release();
  await expect(feedCurrentTitle(page)).not.toHaveText(first!, { timeout: 20_000 });
  await expect(page.getByText(/^Car 2 of \d+:/)).toBeAttached();
});

test('a signed-in buyer likes a car and comments on it', async ({ page }) => {
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByLabel('Phone').fill('76000003');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0, { timeout: 10_000 });

  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  const like = page
    .getByRole('group', { name: 'Car actions' })
    .getByRole('button', { name: /^(Like|Unlike)$/ });
  const count = page.getByTestId('like-count');
  // The buyer's own like status has arrived (the button is busy until then).
  await expect(like).not.toHaveAttribute('aria-busy', 'true');
  const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
  const before = Number((await count.textContent())!.replace(/,/g, ''));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
  await expect(count).toHaveText(String(before + (wasLiked ? -1 : 1)));
  // The server agrees: a reload shows the same state.
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked), { timeout: 20_000 });

  const text = `Is the service history complete? ${Date.now()}`;
  await page.getByRole('button', { name: 'Comments' }).click();
  await page.getByLabel('Add a comment').fill('   ');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Comment is required' })).toBeVisible();
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/feed-comment-phone.png' });
});

test.describe('wide screens', () => {
  test.use(DESKTOP);

  test('the video sits at left and the details at right, following the wheel', async ({ page }) => {
    await page.goto('/');
    await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
    await expectPlaying(page);
    const first = (await feedCurrentTitle(page).textContent())!;
    const details = page.getByRole('complementary', { name: first });
    await expect(details.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    const video = (await feedCurrent(page).locator('video').boundingBox())!;
    const panel = (await details.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(video.x + video.width - 1);

    const box = (await page.getByRole('region', { name: 'Car videos' }).boundingBox())!;
    await page.mouse.move(box.x + 200, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await expect(feedCurrentTitle(page)).not.toHaveText(first);
    const second = (await feedCurrentTitle(page).textContent())!;
    await expect(page.getByRole('complementary', { name: second })).toBeVisible();
    await page.screenshot({ path: 'test-results/feed-wide.png' });
  });
});

test('AI Search from the feed replaces the list, and Show All brings every car back', async ({ page }) => {
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'AI Search' }).click();
  const modal = page.getByRole('dialog', { name: 'AI Search' });
  await modal.getByLabel('Describe the car you want').fill('electric SUV under 900k');
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(modal).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^Showing \d+ of [\d,]+ cars, Filters are active$/)).toBeVisible();
  await expect(feedCurrentTitle(page)).toBeVisible();
  // The car on screen shows the score the search computed for it, and the reasons why.
  const slide = feedCurrent(page);
  await expectOnTop(slide.getByText(/^\d+% Match$/));
  await expect(slide.getByRole('list', { name: 'Why it matches' })).toBeVisible();
  await page.screenshot({ path: 'test-results/feed-ai-results-phone.png' });
  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(page.getByText(/Filters are active/)).toHaveCount(0);
  await expect(feedCurrentTitle(page)).toBeVisible();
});
