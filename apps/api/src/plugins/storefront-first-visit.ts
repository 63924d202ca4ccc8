import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CAR_SORTS,
  carQueryFromSearch,
  DEFAULT_CAR_SORT,
  escapeHtmlAttribute,
  readCarQuery,
  type CarSort,
} from '@autoreel/core';
import type { FastifyInstance } from 'fastify';

/**
 * What a first visit to a storefront route needs before it can paint its main content, so index.html can carry it:
 * the route's view chunk (a lazy import the entry would only ask for after it ran), the first API answer the view
 * asks for (inlined, so the view renders without a round trip), the screen itself rendered by the storefront's
 * own views from that answer (its server build, apps/storefront/src/entry-server.tsx), which paints before the
 * JavaScript has run and which the app then hydrates, and a preload of its largest image.
 *
 * The API paths must be exactly the URLs the views request (packages/ui: useFeedCars, useBrowseCars, CarDetail),
 * since the client uses an inlined answer only for the same URL; anything else simply goes to the network.
 */
interface RoutePlan {
  /** The view module, as the build manifest names it (its path ends with this). */
  view: string;
  /** The first API request the view makes, relative to the server's root. */
  apiPath: string;
}

const CAR_ID = /^\/cars\/([0-9a-f-]{36})$/i;

/**
 * GET /cars for browse's address (/browse?make=Toyota&sort=price-low), exactly as browse asks it once its rules have
 * read the address (views/browse/useBrowseAddress.ts): the filter panel's fields (not `condition` or `search`,
 * which it has none of), the query read by the shared rules (every car when they refuse it), the sort, the page
 * size; in the query's order, unset values left out as the API client leaves them out.
 */
function browseApiPath(search: string): string {
  const { form, sort } = carQueryFromSearch(search);
  const { condition: _condition, search: _search, ...panel } = form;
  const order: CarSort = (CAR_SORTS as readonly string[]).includes(sort ?? '')
    ? (sort as CarSort)
    : DEFAULT_CAR_SORT;
  const read = readCarQuery(panel);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...(read.query ?? {}), sort: order, limit: 12 })) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  return `/api/cars?${params.toString()}`;
}

/** The plan for an app path (and its query string), or null for a route whose first screen needs nothing up front. */
export function planFor(path: string, search = ''): RoutePlan | null {
  if (path === '/' || path === '') {
    // useFeedCars: FEED_PAGE_SIZE cars, newest first.
    return {
      view: 'views/feed/FeedStage.tsx',
      apiPath: '/api/cars?sort=newest&limit=10',
    };
  }
  if (path === '/browse') {
    // useBrowseCars with the address's filters and sort (none: every car, newest first): BROWSE_PAGE_SIZE cars.
    return {
      view: 'views/browse/BrowseView.tsx',
      apiPath: browseApiPath(search),
    };
  }
  const car = CAR_ID.exec(path);
  if (car) {
    return {
      view: 'views/detail/DetailView.tsx',
      apiPath: `/api/cars/${car[1]}`,
    };
  }
  return null;
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files a chunk needs (itself, its static imports, their CSS), in load order, without repeats. */
function chunkFiles(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, js, css);
}

/**
 * The modules the entry imports, each after the modules it imports itself, without the entry. The start script
 * evaluates them in this order one task at a time, so no single task evaluates the whole app.
 */
export function dependenciesFirst(manifest: Manifest, entryKey: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>([entryKey]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    order.push(`/${chunk.file}`);
  };
  for (const imported of manifest[entryKey]?.imports ?? []) visit(imported);
  return order;
}

function readManifest(storefrontDir: string): Manifest {
  const file = join(storefrontDir, '.vite/manifest.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** JSON safe inside a <script> element: no '<' can close it, and the two line separators JS once refused. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The id of the element that carries the inlined answers; the client reads it in first-answers.ts. */
export const FIRST_ANSWERS_ELEMENT_ID = 'autoreel-first-answers';

/** The id of the element listing the app's modules for the start script (apps/storefront/src/start-after-first-paint.ts). */
export const APP_MODULES_ELEMENT_ID = 'autoreel-app-modules';

// The template's tags as Vite writes them: its script and the chunks it preloads.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULEPRELOAD_LINK = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The start script's source, as the build manifest names it. */
const START_SOURCE = 'start-after-first-paint.ts';
/** The server render's module in the storefront's build (its SSR build, apps/storefront/vite.config.ts). */
export const RENDERER_FILE = '.server/entry-server.js';

/** What the storefront's server build exports (apps/storefront/src/entry-server.tsx). */
export interface StorefrontRenderer {
  renderFirstScreen(path: string, answers: Record<string, unknown>): Promise<{ html: string; head: string }>;
}

/**
 * The storefront's server render, loaded from its build by file path (the API does not import the storefront's
 * code); null without one (a build from before it, a test's template), and the pages are then sent plain.
 */
export async function loadRenderer(storefrontDir: string): Promise<StorefrontRenderer | null> {
  const file = join(storefrontDir, RENDERER_FILE);
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<StorefrontRenderer>;
  return typeof loaded.renderFirstScreen === 'function' ? (loaded as StorefrontRenderer) : null;
}

/** The template of a page with a server-rendered first screen: what changes, fixed at start. */
interface RenderedTemplate {
  /** The template, without its scripts when the start script is built. */
  html: string;
  /**
   * The start script's tag, the entry it will import, the modules to preload, and the entry's imports in the order
   * to evaluate them; null to keep the template's own scripts.
   */
  start: { tag: string; entry: string; preload: string[]; steps: string[] } | null;
}

function renderedTemplate(template: string, manifest: Manifest): RenderedTemplate {
  const startFile = Object.values(manifest).find((chunk) => chunk.src?.endsWith(START_SOURCE))?.file;
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const entryKey = Object.keys(manifest).find((key) => `/${manifest[key]?.file}` === entry);
  if (!startFile || !entry || !entryKey) return { html: template, start: null };
  return {
    html: template.replace(ENTRY_SCRIPT, '').replace(MODULEPRELOAD_LINK, ''),
    start: {
      tag: `<script type="module" crossorigin src="/${escapeHtmlAttribute(startFile)}"></script>`,
      entry,
      preload: [...template.matchAll(MODULEPRELOAD_LINK)].map((match) => match[1] ?? '').filter(Boolean),
      steps: dependenciesFirst(manifest, entryKey),
    },
  };
}

/**
 * Builds index.html for one app path. The view chunk's files are known at start (the build manifest does not
 * change while the server runs); the API answer is asked of the server itself, so it is exactly what the endpoint
 * would send, and a failed or non-2xx answer is simply left out (the view then asks as usual).
 *
 * With the answer, the storefront's views render the route's first screen into #root (`renderer`, by default the
 * storefront's server build), and:
 * - the stylesheets stay in the head, before the markup they style, with the view's own after them;
 * - the entry script and the module preloads give way to the start script, which loads them once the first
 *   screen has painted (see apps/storefront/src/start-after-first-paint.ts for why); the app then hydrates it.
 * A render that fails sends the plain page, where the app renders as usual.
 */
export function firstVisitPages(
  app: FastifyInstance,
  storefrontDir: string,
  renderer: Promise<StorefrontRenderer | null> = loadRenderer(storefrontDir),
) {
  const template = readFileSync(join(storefrontDir, 'index.html'), 'utf8');
  const manifest = readManifest(storefrontDir);
  const rendered = renderedTemplate(template, manifest);
  const ready = renderer.catch((error: unknown) => {
    app.log.error({ err: error }, 'storefront server render not loaded; first visits are sent plain');
    return null;
  });
  const viewFiles = new Map<string, { css: string[]; js: string[] }>();
  const filesFor = (view: string) => {
    const cached = viewFiles.get(view);
    if (cached !== undefined) return cached;
    const key = Object.keys(manifest).find((k) => k.endsWith(view));
    const js = new Set<string>();
    const css = new Set<string>();
    if (key) chunkFiles(manifest, key, js, css);
    // The entry's own files are in the template already.
    const missing = (file: string) => !template.includes(`/${file}"`);
    const files = {
      css: [...css].filter(missing).map((f) => `/${f}`),
      js: [...js].filter(missing).map((f) => `/${f}`),
    };
    viewFiles.set(view, files);
    return files;
  };
  const stylesheets = (hrefs: string[]) =>
    hrefs.map((h) => `<link rel="stylesheet" href="${escapeHtmlAttribute(h)}">`).join('');
  const modulepreloads = (hrefs: string[]) =>
    hrefs.map((h) => `<link rel="modulepreload" crossorigin href="${escapeHtmlAttribute(h)}">`).join('');

  /** The screen the views render from the answer, or null (no renderer, or it failed: logged, without data). */
  async function render(path: string, answers: Record<string, unknown>) {
    const renderer = await ready;
    if (!renderer) return null;
    try {
      return await renderer.renderFirstScreen(path, answers);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      app.log.warn({ path, error: message }, 'first screen not rendered; the page is sent plain');
      return null;
    }
  }

  return async function pageFor(path: string, search = ''): Promise<string> {
    const plan = planFor(path, search);
    if (!plan) return template;
    const files = filesFor(plan.view);
    let answers: Record<string, unknown> | null = null;
    try {
      const res = await app.inject({
        method: 'GET',
        url: plan.apiPath,
        headers: { accept: 'application/json' },
      });
      if (res.statusCode >= 200 && res.statusCode < 300)
        answers = { [plan.apiPath]: JSON.parse(res.body) as unknown };
    } catch (error) {
      app.log.warn({ err: error, path }, 'first-visit answer left out of index.html');
    }
    const answerScript = answers
      ? `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScript(answers)}</script>`
      : '';
    const screen = answers ? await render(search ? `${path}?${search}` : path, answers) : null;
    // Replacer functions, not strings: seller text may contain '$&' or "$'", which a replacement string expands.
    if (screen === null) {
      return template
        .replace('</head>', () => `${stylesheets(files.css)}${modulepreloads(files.js)}</head>`)
        .replace('<body>', () => `<body>${answerScript}`);
    }
    const { start } = rendered;
    const scripts = start ? start.tag : modulepreloads(files.js);
    const modules = start
      ? `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${jsonForScript({ entry: start.entry, preload: [...start.preload, ...files.js], steps: start.steps })}</script>`
      : '';
    return rendered.html
      .replace('</head>', () => `${screen.head}${stylesheets(files.css)}${scripts}</head>`)
      .replace('<body>', () => `<body>${answerScript}${modules}`)
      .replace('<div id="root"></div>', () => `<div id="root">${screen.html}</div>`);
  };
}
