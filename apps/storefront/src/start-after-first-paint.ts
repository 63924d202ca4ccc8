/**
 * The script of a page whose first screen the server rendered (apps/storefront/src/entry-server.tsx): it starts the
 * app (main.tsx and the modules index.html would preload, which hydrate that screen) once it is on screen, so the page's HTML and
 * its largest image have the connection to themselves first. On a slow phone the app's ~130 KiB would otherwise
 * share the bandwidth with the hero image; and Lighthouse's simulation counts every script that finished loading
 * before a paint as holding that paint back, since it cannot see that module scripts never block rendering.
 *
 * The server lists what to load in a JSON element; the app starts when the first screen's largest paint has been
 * reported (the hero image when the screen has one), when the tab is hidden (nothing will paint), or after
 * GIVE_UP_MS whatever happened, so a stalled image never holds the app back for long.
 */
export const APP_MODULES_ELEMENT_ID = 'autoreel-app-modules';
/** The hero is the image the view marks as the screen's largest paint (fetchpriority high). */
const HERO_SELECTOR = '#root img[fetchpriority="high"]';
const GIVE_UP_MS = 2000;
/** A hero that loaded but was not reported as the largest paint (smaller than a text block) waits no longer. */
const AFTER_HERO_LOAD_MS = 300;

interface AppModules {
  entry: string;
  preload: string[];
  /** The entry's imports, dependencies first: evaluated one per task before the entry. */
  steps: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function readModules(): AppModules | null {
  const element = document.getElementById(APP_MODULES_ELEMENT_ID);
  try {
    const parsed = JSON.parse(element?.textContent ?? '') as Partial<AppModules>;
    if (typeof parsed.entry !== 'string') return null;
    return { entry: parsed.entry, preload: strings(parsed.preload), steps: strings(parsed.steps) };
  } catch {
    return null;
  }
}

function firstScreenPainted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
      resolve();
      return;
    }
    const hero = document.querySelector<HTMLImageElement>(HERO_SELECTOR);
    let observer: PerformanceObserver | null = null;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => !hero || (entry as { element?: Element }).element === hero))
          done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      // A browser without Largest Contentful Paint entries: start now.
      done();
      return;
    }
    if (hero) {
      hero.addEventListener('error', done, { once: true });
      const afterLoad = () => setTimeout(done, AFTER_HERO_LOAD_MS);
      if (hero.complete) afterLoad();
      else hero.addEventListener('load', afterLoad, { once: true });
    }
    document.addEventListener('visibilitychange', done, { once: true });
    setTimeout(done, GIVE_UP_MS);
  });
}

async function start(modules: AppModules): Promise<void> {
  await firstScreenPainted();
  for (const href of modules.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // Evaluating the whole app in one task would hold the main thread for a long moment on a slow phone; one module
  // per task, with the browser free to handle a tap in between, keeps each task short.
  for (const step of modules.steps) {
    await import(/* @vite-ignore */ step);
    await nextTask();
  }
  await import(/* @vite-ignore */ modules.entry);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Controls whose tap does something only once the app runs, and the app's links: the app answers a link itself
 * (the Account tab opens sign-in for a visitor), which the bare link would not do.
 */
const CONTROL =
  'a[href], button, [role="button"], [role="tab"], [role="switch"], input[type="checkbox"], input[type="radio"]';
/** How long a tap before the app has started waits for it; a held link is then followed as a plain link. */
const TAP_WAIT_MS = 10_000;

/** React has taken the element over (hydrated it): it carries the props React gave it. */
function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** A click the browser handles by itself whatever the app does: a new tab or window, a download, another frame. */
function leftToTheBrowser(event: MouseEvent, control: Element): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  return (
    control instanceof HTMLAnchorElement &&
    ((control.target !== '' && control.target !== '_self') || control.hasAttribute('download'))
  );
}

/**
 * A tap on a control or link of the server's screen before the app has taken it over would do nothing, or not what
 * the app does: it is held, and given to the control again once the app has hydrated it, so a quick tap on a slow
 * phone is not lost. A link whose app never comes is followed after TAP_WAIT_MS.
 */
function holdEarlyTaps(): void {
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      if (!control || !control.closest('#root') || hydrated(control) || leftToTheBrowser(event, control))
        return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const given = Date.now();
      const label = control.getAttribute('aria-label');
      // The app may draw the control anew as it takes the screen over (the browse list does): the new one with
      // the same name then gets the tap.
      const current = () =>
        control.isConnected || label === null
          ? control
          : document.querySelector(`#root ${control.tagName}[aria-label="${CSS.escape(label)}"]`);
      const retry = () => {
        const target = current();
        if (target?.isConnected && hydrated(target)) (target as HTMLElement).click();
        else if (Date.now() - given <= TAP_WAIT_MS) setTimeout(retry, 50);
        else if (control instanceof HTMLAnchorElement) window.location.assign(control.href);
      };
      setTimeout(retry, 50);
    },
    true,
  );
}

/**
 * The feed's keys, which do nothing on the server's screen of the feed (it does not scroll). Elsewhere the arrows
 * scroll the server's screen as they will the app's, and are left to the browser.
 */
const HELD_KEYS = new Set(['ArrowDown', 'ArrowUp']);
const FEED_SCREEN = '#root [data-view="tiktok"]';
/**
 * Set on the document element while the feed answers its arrow keys (packages/ui/src/views/feed/useFeedGestures.ts).
 * Named here again rather than imported: a module shared with the app would become a chunk for this script to fetch.
 */
const FEED_KEYS_ATTRIBUTE = 'data-feed-keys';
const feedListens = () => document.documentElement.hasAttribute(FEED_KEYS_ATTRIBUTE);

/**
 * An arrow pressed on the feed before the app listens (ArrowDown on a slow computer) would be lost: it is held, and
 * pressed again where it was once the feed answers keys. Keys typed into a field are the field's.
 */
function holdEarlyKeys(): void {
  const held: { target: EventTarget; init: KeyboardEventInit }[] = [];
  const onKey = (event: KeyboardEvent) => {
    const target = event.target;
    const typing =
      target instanceof HTMLElement &&
      (target.isContentEditable || target.closest('input, textarea, select'));
    if (!HELD_KEYS.has(event.key) || typing || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!document.querySelector(FEED_SCREEN)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({
      target: target ?? document,
      init: { key: event.key, code: event.code, bubbles: true, cancelable: true },
    });
  };
  document.addEventListener('keydown', onKey, true);

  // Once the feed has listened, its keys are the app's: an overlay that stops them for a while holds nothing.
  const listening = new MutationObserver(() => {
    if (!feedListens()) return;
    listening.disconnect();
    document.removeEventListener('keydown', onKey, true);
    for (const { target, init } of held.splice(0)) {
      const where = target instanceof Node && !target.isConnected ? document.body : target;
      where.dispatchEvent(new KeyboardEvent('keydown', init));
    }
  });
  listening.observe(document.documentElement, { attributes: true, attributeFilter: [FEED_KEYS_ATTRIBUTE] });
}

const modules = readModules();
holdEarlyTaps();
holdEarlyKeys();
if (modules) void start(modules);
else console.error(`No #${APP_MODULES_ELEMENT_ID} element: the app cannot start`);
