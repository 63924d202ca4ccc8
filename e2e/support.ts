/**
 * Helpers more than one e2e spec uses: accounts, one-time codes and signing in, the accessibility scan, the feed's
 * current slide and gestures, and a real video made on the spot so no spec carries a binary.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { press } from './touch.ts';

export const PASSWORD = 'a-long-secret-1';
/** Every demo account's password (README.md). */
export const DEMO_PASSWORD = 'demo-pass-2026';
/** The demo accounts' local numbers, as typed after +268 (README.md). */
export const DEMO_LOCAL = { admin: '76000001', dealer: '76000002', customer: '76000003' } as const;

/** The phone most specs act on: 390 px with touch, laid out as a phone's browser does. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
/** The desktop most specs act on: 1440 px, a mouse. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false } as const;
/** The two by name: a spec that checks both declares its tests once for each (`Object.entries(DEVICES)`). */
export const DEVICES = { phone: PHONE, desktop: DESKTOP } as const;

/** The two screen sizes every view is checked at. */
export const SIZES = { phone: PHONE.viewport, desktop: DESKTOP.viewport } as const;
export type Size = keyof typeof SIZES;

/** Waits for the view's own requests to settle; a playing video keeps streaming, so it never blocks the wait. */
async function settle(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

/**
 * A screenshot saved as a test artifact (test-results/screenshots/{name}-{size}.png) and an axe-core scan of the
 * page as it stands, which must find no serious or critical violation of the WCAG 2 A and AA rules.
 */
export async function scanAndShoot(page: Page, name: string, size: Size) {
  await settle(page);
  await page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's serious and critical axe-core violations of the WCAG 2 A and AA rules, in words; `within` narrows the
 * scan to one part of the page (a CSS selector). axe-core is put into the page once per document and run there: the
 * app has no frames, and the Playwright wrapper's per-call injection and blank finishing page cost several seconds
 * a scan on these machines. axe-core stays on 4.13 (package.json): 4.14 turns on label-content-name-mismatch, which
 * the conversation rows and the account menu button, named apart from their visible text, do not pass yet.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, selector }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        // Only violations are read: the passing and incomplete checks are not gathered node by node.
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
    },
    { tags: WCAG_TAGS, selector: within },
  );
}

/** Signs in through the sign-in screen, the way a person does (on a phone through the bottom bar's Account). */
export async function signIn(page: Page, localPhone: string, password = DEMO_PASSWORD) {
  await page.goto('/browse');
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await press(page.getByRole('navigation').getByText('Account', { exact: true }));
  } else {
    await press(page.getByRole('button', { name: 'Sign In' }).first());
  }
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Phone').fill(localPhone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await press(page.getByRole('button', { name: 'Sign In', exact: true }).last());
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0, { timeout: 10_000 });
}
/** A car of the demo catalogue listed by a dealership (not a private seller), the newest such. */
export interface DealerCar {
  id: string;
  year: number;
  make: string;
  model: string;
  dealerId: string;
  dealerName: string;
}

export async function dealerCar(request: APIRequestContext): Promise<DealerCar> {
  const res = await request.get('/api/cars?limit=20&sort=newest');
  expect(res.ok(), `cars answered ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data: { cars: (DealerCar & { isPrivateSeller: boolean })[] } };
  const car = body.data.cars.find((c) => c.dealerId && !c.isPrivateSeller);
  expect(car, 'a dealer car among the newest 20').toBeTruthy();
  return car!;
}

export const LOGIN_PROMPT = 'Please login to like cars, leave comments, and access all features.';

/**
 * An address of the newcomer's own. Every spec talks to the server from 127.0.0.1, and the server allows only so
 * many codes per address (10 per 10 minutes); real newcomers come from their own addresses, so each sign-up here
 * does too, through X-Forwarded-For (the e2e server trusts it: TRUST_PROXY in e2e/e2e-server.ts).
 */
export function newcomerAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

/** The newest code the development outbox holds for a phone: what WhatsApp would have delivered. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  expect(res.ok(), `outbox answered ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data: { messages: { code: string }[] } };
  const code = body.data.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/**
 * A fresh Eswatini mobile number (the local part typed after +268), new on every run so a spec can repeat on the
 * same database. `salt` keeps specs that sign up in the same millisecond apart.
 */
export function freshLocalNumber(salt: number): string {
  return `7${salt}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
}

export interface SignedUp {
  /** The local part, as typed after the country picker's +268. */
  local: string;
  accessToken: string;
  refreshToken: string;
  user: { id: string; name: string; dealerId?: string | null };
}

/** A fresh customer, signed up through the API with the code from the development outbox. */
export async function signUpCustomer(
  request: APIRequestContext,
  name: string,
  salt: number,
): Promise<SignedUp> {
  const local = freshLocalNumber(salt);
  const phone = `+268${local}`;
  const signup = await request.post('/api/auth/signup', {
    data: { name, phone, password: PASSWORD },
    headers: { 'x-forwarded-for': newcomerAddress() },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const verified = await request.post('/api/auth/verify-signup', {
    data: { phone, otp: await latestCode(request, phone) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { data } = (await verified.json()) as { data: Omit<SignedUp, 'local'> };
  return { local, ...data };
}

/** Opens Sell (or `path`) with the session already stored, as after an earlier sign-in on this browser. */
export async function openSellSignedIn(
  page: Page,
  account: { accessToken: string; refreshToken: string; user: object },
  path = '/sell',
) {
  // Stored from a page of the same origin where the app does not run: an app signed in as someone else could
  // write its own session back over this one before the next page reads it.
  await page.goto('/api/health');
  await page.evaluate((a) => {
    localStorage.setItem(
      'autoreel.tokens',
      JSON.stringify({ accessToken: a.accessToken, refreshToken: a.refreshToken }),
    );
    localStorage.setItem('autoreel.user', JSON.stringify(a.user));
  }, account);
  await page.goto(path);
}

/** The feed's slide on screen, and its car's title. */
export const feedCurrent = (page: Page) => page.getByTestId('feed-current');
export const feedCurrentTitle = (page: Page) => feedCurrent(page).getByRole('heading', { level: 2 });

/**
 * Other specs list cars without a video, and the feed shows the newest first: moves on (arrow keys) to the first car
 * that has one, which the feed draws with its poster under the player.
 */
export async function toFeedCarWithVideo(page: Page): Promise<void> {
  // The arrow keys move the feed once the page has started.
  await appStarted(page);
  for (let moves = 0; moves < 15; moves++) {
    await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 30_000 });
    if ((await feedCurrent(page).getByTestId('feed-poster').count()) > 0) return;
    const title = (await feedCurrentTitle(page).textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(feedCurrentTitle(page)).not.toHaveText(title);
  }
  throw new Error("No car with a video among the feed's first 15");
}

/** Nothing is drawn over the element's centre: a person sees it (toBeVisible accepts one covered by the video). */
export async function expectOnTop(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      }),
    )
    .toBe(true);
}

/** The shown car's video is really playing: time moves, or at least frames are decoded. */
export async function expectPlaying(page: Page) {
  await expect
    .poll(
      () =>
        feedCurrent(page)
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.readyState >= 3),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A finger drag on the feed's video surface (the mouse drives the same pointer events as touch). */
export async function swipe(page: Page, dx: number, dy: number) {
  const box = (await page.getByRole('region', { name: 'Car videos' }).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

/**
 * A 4 s portrait walk-around (720x1280, H.264 + AAC), what a phone records, written into `dir` (a fresh temporary
 * folder when not given). Returns the file's path.
 */
export function makeVideo(dir = mkdtempSync(join(tmpdir(), 'autoreel-e2e-'))): string {
  const file = join(dir, 'walkaround.mp4');
  const args =
    '-hide_banner -loglevel error -f lavfi -i testsrc2=size=720x1280:rate=30:duration=4 ' +
    '-f lavfi -i sine=frequency=440:duration=4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest';
  execFileSync(process.env['FFMPEG_PATH'] ?? 'ffmpeg', [...args.split(' '), '-y', file]);
  return file;
}

/** Step 1 of the Add Car wizard: the video, through the platform's file picker. */
export async function chooseVideo(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Video' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(/Video ready/)).toBeVisible();
}

/**
 * Waits until the app has hydrated the first screen the server rendered into #root (every button is React's): the
 * screen shows before the app has started, and a gesture or a changed field before then is not the app's to answer.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const buttons = Array.from(document.querySelectorAll('#root button'));
      return (
        buttons.length > 0 &&
        buttons.every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$')))
      );
    },
    undefined,
    { timeout: 20_000 },
  );
}
