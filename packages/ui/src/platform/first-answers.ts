/**
 * The storefront's server inlines into index.html the first API answer of the route being opened (see
 * apps/api/src/plugins/storefront-first-visit.ts), so the first screen renders without waiting for a round trip.
 * This wraps fetch to answer that one request from the page: once per URL, only for a GET, and only while the page
 * is fresh (a later request for the same URL, such as a refetch, goes to the network).
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'autoreel-first-answers';

function readFirstAnswers(doc: Document | undefined): Map<string, unknown> {
  const element = doc?.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent) as unknown;
    return new Map<string, unknown>(
      typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [],
    );
  } catch {
    return new Map();
  }
}

/** The path and query of a same-origin URL, as the server keyed it; null for another origin. */
function pathOf(input: RequestInfo | URL, origin: string): string | null {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** API answers by path and query ('/api/cars?sort=newest&limit=10'), as the server inlines them. */
export type FirstAnswers = ReadonlyMap<string, unknown>;

/**
 * The answer `answers` hold for a GET of this URL, left in place: a server render reads its own answers, and may
 * render a view more than once while its code loads.
 */
export function heldAnswer(answers: FirstAnswers, url: string): unknown {
  const path = pathOf(url, SERVER_ORIGIN);
  return path === null ? undefined : answers.get(path);
}

// Relative URLs are read against it where there is no page (the server's render).
const SERVER_ORIGIN = 'http://server.invalid';

// Read once per page: every client made on it (React may build the provider's value more than once) shares them.
let pageAnswers: Map<string, unknown> | null = null;

/**
 * The inlined answer to a GET of this URL, taken from the page (so asked once), or undefined. What a screen's
 * first render can draw at once, before any request.
 */
export function takeFirstAnswer(url: string, doc: Document | undefined = globalThis.document): unknown {
  pageAnswers ??= readFirstAnswers(doc);
  const path = pathOf(url, doc?.location?.origin ?? '');
  if (path === null || !pageAnswers.has(path)) return undefined;
  const body = pageAnswers.get(path);
  pageAnswers.delete(path);
  return body;
}

/**
 * A fetch that answers the page's inlined requests first, or undefined when the page carries none (the desktop
 * console, tests, any route the server inlines nothing for), so the client keeps its own fetch.
 */
export function firstAnswersFetch(doc: Document | undefined = globalThis.document): typeof fetch | undefined {
  pageAnswers ??= readFirstAnswers(doc);
  const answers = pageAnswers;
  if (answers.size === 0) return undefined;
  const origin = doc?.location?.origin ?? '';
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = method === 'GET' ? pathOf(input, origin) : null;
    if (path !== null && answers.has(path)) {
      const body = takeFirstAnswer(path, doc);
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }
    return globalThis.fetch(input, init);
  };
}

/** A first page the page already holds, as an infinite query's data; undefined when it holds none. */
export function firstPageHeld<Page>(page: Page | undefined) {
  return page === undefined ? undefined : { pages: [page], pageParams: [null] };
}

/** Forgets what was read, for tests that build more than one page. */
export function resetFirstAnswers(): void {
  pageAnswers = null;
}
