import type { CDPSession, Locator, Page } from '@playwright/test';

/**
 * Real touch for phone specs: fingers go through Chromium's touch input (CDP Input.dispatchTouchEvent), so the
 * page sees touch and pointer events of pointerType 'touch', as on a phone. The context must have hasTouch.
 */
export interface Point {
  x: number;
  y: number;
}

const sessions = new WeakMap<Page, CDPSession>();
async function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

type Fingers = Point[];

async function touch(page: Page, type: 'touchStart' | 'touchMove' | 'touchEnd', fingers: Fingers) {
  const session = await cdp(page);
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: fingers.map((f, id) => ({ x: f.x, y: f.y, id, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

/** Moves every finger from `from` to `to` in `steps` moves, then lifts them all. */
async function gesture(page: Page, from: Fingers, to: Fingers, steps = 8) {
  await touch(page, 'touchStart', from);
  for (let i = 1; i <= steps; i += 1) {
    const at = from.map((f, n) => ({
      x: f.x + ((to[n]!.x - f.x) * i) / steps,
      y: f.y + ((to[n]!.y - f.y) * i) / steps,
    }));
    await touch(page, 'touchMove', at);
  }
  await touch(page, 'touchEnd', []);
}

/** One finger dragged by (dx, dy) from `start`. */
export const swipeBy = (page: Page, start: Point, dx: number, dy: number) =>
  gesture(page, [start], [{ x: start.x + dx, y: start.y + dy }]);

/** Two fingers spreading apart (or closing, when `to` is smaller) around `centre`, horizontally. */
export const pinch = (page: Page, centre: Point, from: number, to: number) =>
  gesture(
    page,
    [
      { x: centre.x - from / 2, y: centre.y },
      { x: centre.x + from / 2, y: centre.y },
    ],
    [
      { x: centre.x - to / 2, y: centre.y },
      { x: centre.x + to / 2, y: centre.y },
    ],
  );

/**
 * Two quick taps on the same spot, 120 ms apart as a finger makes them. Each event carries the finger's own time, so
 * the page compares the two taps by when they were made, not by when a loaded machine delivered them. (The page's
 * own single-tap timer still runs on its clock: a delivery later than its 300 ms can act on the first tap alone.)
 */
export async function doubleTap(page: Page, at: Point) {
  const session = await cdp(page);
  const finger = [{ x: at.x, y: at.y, id: 0, radiusX: 4, radiusY: 4, force: 1 }];
  const start = Date.now() / 1000;
  const events: { type: 'touchStart' | 'touchEnd'; touchPoints: typeof finger; timestamp: number }[] = [
    { type: 'touchStart', touchPoints: finger, timestamp: start },
    { type: 'touchEnd', touchPoints: [], timestamp: start + 0.04 },
    { type: 'touchStart', touchPoints: finger, timestamp: start + 0.12 },
    { type: 'touchEnd', touchPoints: [], timestamp: start + 0.16 },
  ];
  for (const event of events) await session.send('Input.dispatchTouchEvent', event);
}

/** The centre of an element's box. */
export async function centreOf(target: Locator): Promise<Point> {
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const touchPages = new WeakMap<Page, Promise<boolean>>();

/**
 * Presses a control as the page's user would: a finger tap on a touch screen, a mouse click elsewhere. Steps shared
 * by phone and desktop specs use it, so a phone spec never drives its screen with the mouse.
 */
export async function press(target: Locator): Promise<void> {
  const page = target.page();
  let touch = touchPages.get(page);
  if (!touch) {
    touch = page.evaluate(() => navigator.maxTouchPoints > 0);
    touchPages.set(page, touch);
  }
  if (await touch) await target.tap();
  else await target.click();
}
