import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { escapeHtmlAttribute } from '@autoreel/core';
import {
  App,
  firstScreenHero,
  HostProvider,
  locationFromUrl,
  resetNavigation,
  useNavigation,
  type HeroImage,
  type Host,
} from '@autoreel/ui';

/**
 * The storefront's server render (the SSR build's entry, loaded by the API from dist/.server; see
 * apps/api/src/plugins/storefront-first-visit.ts): the first screen of a route drawn by the real views from the API
 * answer the page inlines, which main.tsx then hydrates.
 */
export interface FirstScreen {
  /** The markup of #root. */
  html: string;
  /** Tags for the head: the preload of the screen's largest image, when it has one. */
  head: string;
}

/** A render that has not finished by then is given up: the page goes out without it. */
const RENDER_TIMEOUT_MS = 2000;

const nothing = () => Promise.resolve();

/** No one is signed in on the server: no tokens, no user, no device. The signed-in parts come after hydration. */
const serverHost: Host = {
  kind: 'web',
  tokens: { load: () => Promise.resolve(null), save: nothing, clear: nothing },
  user: { load: () => Promise.resolve(null), save: nothing, clear: nothing },
  share: () => Promise.resolve(false),
  copyToClipboard: nothing,
  vibrate: () => undefined,
  pickFiles: () => Promise.resolve([]),
  prepareVideo: (file) => Promise.resolve({ file, transformed: false }),
  openExternal: () => undefined,
  notify: () => undefined,
  setBadgeCount: () => undefined,
  onNotificationOpen: () => () => undefined,
  push: null,
};

/**
 * A preload of the hero that fetches the file its <picture> will pick: the AVIF rendition for the same sizes (a
 * browser without AVIF skips it and takes the WebP source), else the JPEG srcset, else the plain URL.
 */
export function heroPreload(hero: HeroImage): string {
  const lead = '<link rel="preload" as="image" fetchpriority="high"';
  const avif = hero.photo?.sources?.find((source) => source.type === 'image/avif');
  const srcset = avif?.srcset ?? hero.photo?.srcset;
  if (!srcset) return `${lead} href="${escapeHtmlAttribute(hero.src)}">`;
  const type = avif ? ' type="image/avif"' : '';
  return `${lead}${type} imagesrcset="${escapeHtmlAttribute(srcset)}" imagesizes="${escapeHtmlAttribute(hero.sizes)}">`;
}

async function renderToText(path: string, answers: ReadonlyMap<string, unknown>): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Error(`took over ${RENDER_TIMEOUT_MS} ms`)),
    RENDER_TIMEOUT_MS,
  );
  let failure: unknown = null;
  try {
    const stream = await renderToReadableStream(
      <StrictMode>
        <HostProvider host={serverHost}>
          <App firstAnswers={answers} firstScreenRendered />
        </HostProvider>
      </StrictMode>,
      {
        signal: abort.signal,
        // Every boundary inline, however large: no fallback sent first and no script to swap it in later.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // An error anywhere, even inside a boundary the client could render again, gives up the render: the plain
        // page is better than a screen with a hole the client fills later.
        onError: (error) => {
          failure ??= error;
          abort.abort(error);
        },
      },
    );
    // Every lazy view resolved: the page holds the whole screen, never a 'Loading...' fallback.
    await stream.allReady;
    const html = await new Response(stream).text();
    if (failure === null) return html;
  } catch (error) {
    failure ??= error;
  } finally {
    clearTimeout(timer);
  }
  const reason = failure instanceof Error ? failure.message : String(failure);
  throw new Error(`render of ${path} failed: ${reason}`);
}

// One render at a time: the navigation store is the app's one store of where it is, set for each render.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The first screen of `path` (with its query string, if any) drawn from `answers` (API path and query to the whole answer, as index.html inlines
 * them). Rejects when the views throw or take too long; the caller then sends the plain page.
 */
export function renderFirstScreen(path: string, answers: Record<string, unknown>): Promise<FirstScreen> {
  const run = async (): Promise<FirstScreen> => {
    // The address's query is part of the screen: browse's filters and sort (/browse?make=Toyota&sort=price-low).
    const [pathname = '/', search = ''] = path.split('?', 2);
    const location = locationFromUrl(pathname, search);
    useNavigation.getState().restore(location);
    try {
      const held = new Map(Object.entries(answers));
      const html = await renderToText(path, held);
      const first = [...held.values()][0] as { data?: unknown } | undefined;
      const hero = firstScreenHero(location.view, first?.data ?? first);
      return { html, head: hero ? heroPreload(hero) : '' };
    } finally {
      resetNavigation();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
