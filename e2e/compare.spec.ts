/**
 * Compare (issue 30): at a phone's 390 px (touch) and a desktop's 1440 px a buyer picks three cars in Browse, opens
 * the comparison, sees where they differ, reloads it (kept), and opens its shared address in a fresh browser. The
 * page is never wider than the screen: the table scrolls sideways inside its box. Screenshots go to
 * test-results/screenshots/compare-*.png.
 */
import { expect, test } from './fixtures.ts';
import { appStarted, DEVICES, scanAndShoot } from './support.ts';

/** A car's title as a pattern: its words as typed, whatever they hold. */
const named = (title: string) => new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

for (const [size, options] of Object.entries(DEVICES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);

    test('three cars side by side, kept across a reload and shared by their address', async ({
      page,
      browser,
      baseURL,
    }) => {
      const press = (target: ReturnType<typeof page.getByRole>) =>
        options.hasTouch ? target.tap() : target.click();
      await page.goto('/browse');
      await appStarted(page);
      await expect(page.getByRole('list', { name: 'Cars' }).getByRole('article').first()).toBeVisible();
      // The list draws only the cards near the screen: the next car not chosen yet, scrolling on to find it.
      const titles: string[] = [];
      const nextToggle = async () => {
        for (let tries = 0; tries < 30; tries += 1) {
          const toggles = page.getByRole('button', { name: /^Compare \d{4} / });
          for (let index = 0; index < (await toggles.count()); index += 1) {
            const title = (await toggles.nth(index).getAttribute('aria-label'))!.replace(/^Compare /, '');
            if (!titles.includes(title))
              return {
                title,
                toggle: page.getByRole('button', { name: `Compare ${title}`, exact: true }).first(),
              };
          }
          await page.evaluate(() => window.scrollBy(0, 300));
        }
        throw new Error('no other car to compare');
      };
      for (let chosen = 0; chosen < 3; chosen += 1) {
        const { title, toggle } = await nextToggle();
        await press(toggle);
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        titles.push(title);
      }
      // A fourth is refused until one is taken out.
      const { toggle: fourth } = await nextToggle();
      await press(fourth);
      await expect(page.getByText('You can compare up to 3 cars', { exact: true })).toBeVisible();
      await expect(fourth).toHaveAttribute('aria-pressed', 'false');

      await press(page.getByRole('button', { name: 'Compare now (3)' }).first());
      await expect(page.getByRole('heading', { name: 'Compare cars' })).toBeVisible();
      const table = page.getByRole('table');
      for (const title of titles)
        await expect(table.getByRole('columnheader', { name: named(title) })).toBeVisible();
      await expect(table.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
      await expect(page).toHaveURL(/\/compare\?cars=[\w-]+,[\w-]+,[\w-]+$/);
      const address = page.url();
      // Never wider than the screen: the table scrolls inside its own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await scanAndShoot(page, 'compare', size === 'phone' ? 'phone' : 'desktop');

      await page.reload();
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);

      // The shared address in a browser that chose nothing.
      const other = await browser.newContext({ ...options, baseURL });
      try {
        const visitor = await other.newPage();
        await visitor.goto(address);
        await expect(visitor.getByRole('table').getByRole('columnheader')).toHaveCount(3);
        for (const title of titles)
          await expect(
            visitor.getByRole('table').getByRole('columnheader', { name: named(title) }),
          ).toBeVisible();
      } finally {
        await other.close();
      }

      // Taken out one by one, down to the empty state.
      for (const title of titles)
        await press(page.getByRole('button', { name: `Remove ${title} from the comparison` }));
      await expect(page.getByRole('heading', { name: 'No cars to compare yet' })).toBeVisible();
    });
  });
}
