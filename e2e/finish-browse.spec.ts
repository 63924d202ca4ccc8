/**
 * Comments, reviews and browse as a buyer meets them, at a phone's 390 px (touch) and a desktop's 1440 px: the
 * feed's comment count after posting (and after a reload), the Reviews tab titled for reviews and rated with stars,
 * browse's filters in the address (a shared address, back and forward), list and grid that look different, and the
 * filter panel at 320 px. Each state is saved as test-results/finish/<name>-<width>.png.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, DEVICES, feedCurrent, openSellSignedIn, signUpCustomer } from './support.ts';

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/finish/${name}-${page.viewportSize()?.width ?? 0}.png` });

async function press(target: Locator, touch: boolean) {
  if (touch) await target.tap();
  else await target.click();
}

/** The count under the feed's comment button, read from its label ('12 comments'). */
async function commentCount(page: Page): Promise<number> {
  const caption = page
    .getByRole('group', { name: 'Car actions' })
    .getByLabel(/^\d[\d,]* comments?$/)
    .first();
  await expect(caption).toBeVisible();
  const label = (await caption.getAttribute('aria-label')) ?? '';
  return Number(label.replace(/[^\d]/g, ''));
}

/** Moves the feed on until its car is a dealership's (only those have reviews), at most ten cars. */
async function toDealerCar(page: Page) {
  for (let i = 0; i < 10; i += 1) {
    const dealer = page
      .getByRole('group', { name: 'Car actions' })
      .getByRole('button', { name: /^Dealer profile/ });
    if (await dealer.isVisible()) return;
    const before = await feedCurrent(page).getByRole('heading', { level: 2 }).innerText();
    await page.keyboard.press('ArrowDown');
    await expect(feedCurrent(page).getByRole('heading', { level: 2 })).not.toHaveText(before);
  }
  throw new Error('no dealer car among the first ten of the feed');
}

/** Browse's filters: folded behind 'Filters' on a phone. */
async function openFilters(page: Page, touch: boolean) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await press(toggle, touch);
  await expect(page.getByLabel('Make')).toBeVisible();
}

for (const [size, options] of Object.entries(DEVICES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);
    const touch = options.hasTouch;

    test('posting a comment raises the feed’s comment count at once, and a reload shows the same', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const account = await signUpCustomer(request, `Comment Count ${size}`, touch ? 8 : 9);
      await openSellSignedIn(page, account, '/');
      await appStarted(page);
      const before = await commentCount(page);
      const title = await feedCurrent(page).getByRole('heading', { level: 2 }).innerText();

      await press(
        page.getByRole('group', { name: 'Car actions' }).getByRole('button', { name: 'Comments' }),
        touch,
      );
      const text = `Is the service book stamped? ${Date.now()}`;
      const box = page.getByLabel('Add a comment');
      // An empty post is refused under the box; typing clears the message.
      await press(page.getByRole('button', { name: 'Post' }), touch);
      await expect(page.getByRole('alert')).toHaveText('Comment is required');
      await box.fill(text);
      await expect(page.getByText('Comment is required')).toHaveCount(0);
      await press(page.getByRole('button', { name: 'Post' }), touch);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(
        page
          .getByRole('group', { name: 'Car actions' })
          .getByLabel(`${before + 1} comment${before + 1 === 1 ? '' : 's'}`),
      ).toBeVisible();
      await shoot(page, 'comment-count');

      await page.reload();
      await appStarted(page);
      await expect(feedCurrent(page).getByRole('heading', { level: 2 })).toHaveText(title);
      expect(await commentCount(page)).toBe(before + 1);
    });

    test('the Reviews tab is titled for reviews and rates with stars, by tap and by keyboard', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const account = await signUpCustomer(request, `Star Rater ${size}`, touch ? 6 : 5);
      await openSellSignedIn(page, account, '/');
      await appStarted(page);
      await toDealerCar(page);
      await press(
        page.getByRole('group', { name: 'Car actions' }).getByRole('button', { name: 'Comments' }),
        touch,
      );
      await expect(page.getByRole('dialog', { name: /^Comments on the / })).toBeVisible();
      await press(page.getByRole('tab', { name: 'Reviews' }), touch);
      await expect(page.getByRole('dialog', { name: /^Reviews of / })).toBeVisible();

      const stars = page.getByRole('radiogroup', { name: 'Your rating' });
      await expect(stars.getByRole('radio')).toHaveCount(5);
      await expect(page.getByRole('radio', { name: /Excellent|Poor/ })).toHaveCount(0);
      const four = stars.getByRole('radio', { name: '4 stars' });
      const box = await four.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await press(four, touch);
      await expect(four).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('4 stars: Very Good')).toBeVisible();
      await shoot(page, 'reviews-stars');

      // The keyboard: one tab stop, arrows move the choice.
      await page.keyboard.press('ArrowRight');
      await expect(stars.getByRole('radio', { name: '5 stars' })).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(four).toHaveAttribute('aria-checked', 'true');
      await expect(four).toBeFocused();
    });

    test('a shared browse address opens with its filters and sort applied', async ({ page }) => {
      await page.goto('/browse?make=Toyota&maxPrice=300000&sort=price-low');
      await appStarted(page);
      await openFilters(page, touch);
      await expect(page.getByLabel('Make')).toHaveValue('Toyota');
      await expect(page.getByLabel('Max price')).toHaveValue('300000');
      await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
      const cards = page.getByRole('list', { name: 'Cars' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      for (const name of await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label') ?? '')))
        expect(name).toContain('Toyota');
      await shoot(page, 'browse-shared-address');
    });

    test('back and forward restore the earlier filters; typing is not a history entry per key', async ({
      page,
    }) => {
      await page.goto('/browse');
      await appStarted(page);
      await openFilters(page, touch);
      await page.getByLabel('Make').selectOption('Toyota');
      await expect(page).toHaveURL(/\/browse\?make=Toyota$/);
      await page.getByLabel('Max price').pressSequentially('450000');
      await expect(page).toHaveURL(/\/browse\?make=Toyota&maxPrice=450000$/);
      await page.getByLabel('Make').selectOption('Honda');
      await expect(page).toHaveURL(/\/browse\?make=Honda&maxPrice=450000$/);
      await shoot(page, 'browse-filters-before-back');

      await page.goBack();
      await expect(page).toHaveURL(/\/browse\?make=Toyota&maxPrice=450000$/);
      await expect(page.getByLabel('Make')).toHaveValue('Toyota');
      await expect(page.getByLabel('Max price')).toHaveValue('450000');
      await shoot(page, 'browse-filters-after-back');
      // The six digits were one entry: one more back is the make alone.
      await page.goBack();
      await expect(page).toHaveURL(/\/browse\?make=Toyota$/);
      await expect(page.getByLabel('Max price')).toHaveValue('');
      await page.goForward();
      await page.goForward();
      await expect(page).toHaveURL(/\/browse\?make=Honda&maxPrice=450000$/);
      await expect(page.getByLabel('Make')).toHaveValue('Honda');
    });

    test('list and grid look different', async ({ page }) => {
      await page.goto('/browse');
      await appStarted(page);
      const cards = page.getByRole('list', { name: 'Cars' }).getByRole('article');
      await expect(cards.nth(1)).toBeVisible();
      const width = page.viewportSize()!.width;

      // Grid: a card's photo above its name, with its price on it (one a row on a phone, side by side from 640 px).
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      if (width < 640) expect(b!.y).toBeGreaterThan(a!.y + a!.height - 2);
      else expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      const gridPhoto = await cards.first().locator('img').first().boundingBox();
      const gridName = await cards.first().getByRole('heading', { level: 3 }).boundingBox();
      expect(gridName!.y).toBeGreaterThanOrEqual(gridPhoto!.y + gridPhoto!.height - 1);
      await expect(cards.first().locator('img').first()).toBeVisible();
      await expect(cards.first().getByText(/^E[\d,]+/)).toBeVisible();
      await shoot(page, 'browse-grid');

      await press(page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'List' }), touch);
      await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
      // List: one car a row, its photo at left and the details beside it.
      const [c, d] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(d!.y).toBeGreaterThan(c!.y + c!.height - 2);
      const photo = await cards.first().locator('img').first().boundingBox();
      const name = await cards.first().getByRole('heading', { level: 3 }).boundingBox();
      expect(photo!.x + photo!.width).toBeLessThanOrEqual(name!.x + 1);
      expect(name!.y).toBeLessThan(photo!.y + photo!.height);
      await shoot(page, 'browse-list');
    });
  });
}

test.describe('the filter panel at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('labels share one style, controls one height, and no value is cut off', async ({ page }) => {
    await page.goto('/browse?bodyType=Truck&transmission=Automatic&fuelType=Electric');
    await appStarted(page);
    await openFilters(page, true);
    const panel = page.getByRole('search', { name: 'Car filters' });
    const controls = panel.locator('select, input');
    const heights = await controls.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().height));
    const boxes = await panel
      .locator('select, input')
      .evaluateAll((all) =>
        all.map(
          (el) =>
            (el.parentElement?.tagName === 'DIV' && el.tagName === 'INPUT'
              ? el.parentElement
              : el
            ).getBoundingClientRect().height,
        ),
      );
    expect(heights.length).toBeGreaterThan(5);
    for (const h of boxes) expect(Math.round(h)).toBe(Math.round(boxes[0]!));
    expect(boxes[0]!).toBeGreaterThanOrEqual(44);
    const labels = await panel.locator('label').evaluateAll((all) =>
      all.map((l) => {
        const s = getComputedStyle(l);
        return `${s.fontSize} ${s.fontWeight} ${s.color}`;
      }),
    );
    expect(new Set(labels).size).toBe(1);
    // Each select's chosen text fits inside its box (its width less padding and the arrow).
    const cut = await panel.locator('select').evaluateAll((all) =>
      (all as HTMLSelectElement[])
        .filter((select) => {
          const s = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          const text = select.options[select.selectedIndex]?.text ?? '';
          const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;
          return context.measureText(text).width > room;
        })
        .map((select) => select.options[select.selectedIndex]?.text),
    );
    expect(cut).toEqual([]);
    await shoot(page, 'browse-filter-panel');
  });
});
