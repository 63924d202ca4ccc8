/**
 * The feed's controls read on any picture (320 and 390 px with touch, 1440 px): every car's poster is served as a
 * white photo and its video is held back, so the controls stand over the lightest picture there is. The contrast of
 * each white icon and count against what is drawn behind it is measured from the screen, at WCAG AA for large text
 * (3:1). The top bar's labels hold one line; a paused video shows a large play symbol; the caption and the poster
 * keep to the video's 9:16 frame. Screenshots: test-results/screenshots/finish-feed-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { appStarted, DEVICES, feedCurrent, toFeedCarWithVideo } from './support.ts';

const SIZES = {
  narrow: { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true },
  ...DEVICES,
} as const;

/** WCAG AA for large text and for graphical objects such as icons. */
const AA_LARGE = 3;

const luminance = (r: number, g: number, b: number) => {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/** Every car's photos are a white picture and its video never comes: the lightest poster a seller could upload. */
async function whitePosters(page: Page) {
  const white = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .jpeg()
    .toBuffer();
  await page.route(/\/media\/.+\.(avif|webp|jpe?g)(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: white }),
  );
  await page.route(/\/media\/.+\.(mp4|m3u8|m4s)(\?.*)?$/, (route) => route.fulfill({ status: 404 }));
}

/**
 * The contrast of white against the lightest pixel drawn behind `target`'s own marks (its icon and text are made
 * invisible for the capture), within the middle of its box (a round button's corners are not behind its icon).
 */
async function contrastBehind(page: Page, target: Locator): Promise<number> {
  await target.evaluate((element) => {
    element.setAttribute('data-measuring', '');
  });
  await page.addStyleTag({
    content:
      '[data-measuring], [data-measuring] * { color: transparent !important; text-shadow: none !important; }',
  });
  const box = (await target.boundingBox())!;
  const clip = {
    x: box.x + box.width * 0.25,
    y: box.y + box.height * 0.25,
    width: Math.max(1, box.width * 0.5),
    height: Math.max(1, box.height * 0.5),
  };
  const shot = await page.screenshot({ clip, animations: 'disabled' });
  await target.evaluate((element) => element.removeAttribute('data-measuring'));
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let lightest = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    lightest = Math.max(lightest, luminance(data[i]!, data[i + 1]!, data[i + 2]!));
  }
  return (1 + 0.05) / (lightest + 0.05);
}

/** The labels of the top bar: each on one line, none cut off. */
async function labelLines(page: Page) {
  return page.locator('[data-testid="feed-top-bar"] button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const lineHeight = parseFloat(getComputedStyle(button).lineHeight) || 20;
      const text = Array.from(button.childNodes).find((node) => node.nodeType === Node.TEXT_NODE);
      const range = document.createRange();
      if (text) range.selectNodeContents(text);
      return {
        name: button.getAttribute('aria-label') ?? button.textContent?.trim(),
        lines: text ? Math.round(range.getBoundingClientRect().height / lineHeight) : 1,
        cut: button.scrollWidth > button.clientWidth + 1,
        inside: button.getBoundingClientRect().right <= window.innerWidth,
      };
    }),
  );
}

for (const [size, options] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);

    test('white icons and counts read over a white poster; labels on one line; a large play symbol when paused', async ({
      page,
    }) => {
      await whitePosters(page);
      await page.goto('/');
      await appStarted(page);
      await toFeedCarWithVideo(page);
      const current = feedCurrent(page);
      await expect(current.getByTestId('feed-poster')).toBeVisible();
      await expect
        .poll(() =>
          current
            .getByTestId('feed-poster')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      const actions = page.getByRole('group', { name: 'Car actions' });
      await expect(actions.getByTestId('like-count')).toBeVisible();

      // The top bar: every label on one line, inside the screen.
      for (const label of await labelLines(page)) {
        expect(label, `${label.name} at ${size}`).toEqual({ ...label, lines: 1, cut: false, inside: true });
      }

      // Over the white poster, each white control reads at AA for large text.
      const controls: [string, Locator][] = [
        ['Top Cars', page.getByRole('button', { name: 'Top Cars' })],
        ['AI Search', page.getByRole('button', { name: 'AI Search' })],
        ['List Your Car', page.getByRole('button', { name: 'List Your Car' })],
        ['Pause video', page.getByRole('button', { name: 'Pause video' })],
        ['Like', actions.getByTestId('like-button')],
        ['Comments', actions.getByRole('button', { name: 'Comments' })],
        ['Share', actions.getByRole('button', { name: 'Share' })],
        ['like count', actions.getByTestId('like-count')],
      ];
      for (const [name, control] of controls) {
        const ratio = await contrastBehind(page, control);
        expect(ratio, `${name}: white over what is behind it at ${size}`).toBeGreaterThanOrEqual(AA_LARGE);
      }

      // The poster and the caption keep to the video's 9:16 frame.
      const frame = await current
        .getByTestId('feed-poster')
        .evaluate((img) => img.getBoundingClientRect().toJSON() as DOMRect);
      expect(Math.abs(frame.width / frame.height - 9 / 16)).toBeLessThan(0.02);
      expect(
        await current.getByTestId('feed-poster').evaluate((img) => getComputedStyle(img).objectFit),
      ).toBe('cover');
      const caption = (await current.getByRole('heading', { level: 2 }).boundingBox())!;
      expect(caption.x).toBeGreaterThanOrEqual(frame.x - 1);
      expect(caption.x + caption.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      await page.screenshot({ path: `test-results/screenshots/finish-feed-white-poster-${size}.png` });

      // Paused, a large play symbol is drawn over the video; playing again takes it away.
      const pause = page.getByRole('button', { name: 'Pause video' });
      if (options.hasTouch) await pause.tap();
      else await pause.click();
      const mark = page.getByTestId('feed-paused');
      await expect(mark).toBeVisible();
      expect((await mark.boundingBox())!.width).toBeGreaterThanOrEqual(72);
      await page.screenshot({ path: `test-results/screenshots/finish-feed-paused-${size}.png` });
      const play = page.getByRole('button', { name: 'Play video' });
      if (options.hasTouch) await play.tap();
      else await play.click();
      await expect(mark).toHaveCount(0);
    });
  });
}
