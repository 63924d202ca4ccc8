import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  firstPaintHero,
  firstPaintMarkup,
  heroPreload,
  readFirstPaintCss,
  type FirstPaintView,
} from './storefront-first-paint.ts';

/**
 * What a first visit to a storefront route needs before it can paint its main content, so index.html can carry it:
 * the route's view chunk (a lazy import the entry would only ask for after it ran), the first API answer the view
 * asks for (inlined, so the view renders without a round trip), the screen itself drawn from that answer
 * (storefront-first-paint.ts), which paints before the JavaScript has run, and a preload of its largest image.
 *
 * The API paths must be exactly the URLs the views request (packages/ui: useFeedCars, useBrowseCars, CarDetail),
 * since the client uses an inlined answer only for the same URL; anything else simply goes to the network.
 */
interface RoutePlan {
  /** The view module, as the build manifest names it (its path ends with this). */
  view: string;
  /** The first API request the view makes, relative to the server's root. */
  apiPath: string;
  /** Which first screen the server draws from the answer's data. */
  firstPaint: FirstPaintView;
}

const CAR_ID = /^\/cars\/([0-9a-f-]{36})$/i;

/** The plan for an app path, or null for a route whose first screen needs nothing up front. */
export function planFor(path: string): RoutePlan | null {
  if (path === '/' || path === '') {
    // useFeedCars: FEED_PAGE_SIZE cars, newest first.
    return {
      view: 'views/feed/FeedStage.tsx',
      apiPath: '/api/cars?sort=newest&limit=10',
      firstPaint: 'feed',
    };
  }
  if (path === '/browse') {
    // useBrowseCars with no filters and the default sort: BROWSE_PAGE_SIZE cars.
    return {
      view: 'views/browse/BrowseView.tsx',
      apiPath: '/api/cars?sort=newest&limit=12',
      firstPaint: 'browse',
    };
  }
  const car = CAR_ID.exec(path);
  if (car) {
    return {
      view: 'views/detail/DetailView.tsx',
      apiPath: `/api/cars/${car[1]}`,
      firstPaint: 'detail',
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

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The id of the element that carries the inlined answers; the client reads it in first-answers.ts. */
export const FIRST_ANSWERS_ELEMENT_ID = 'autoreel-first-answers';

/** The id of the element listing the app's modules for the start script (apps/storefront/src/start-after-first-paint.ts). */
export const APP_MODULES_ELEMENT_ID = 'autoreel-app-modules';

// The template's tags as Vite writes them: the entry's stylesheets, its script and the chunks it preloads.
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>\s*/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULEPRELOAD_LINK = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The start script's source, as the build manifest names it. */
const START_SOURCE = 'start-after-first-paint.ts';

/** The template of a page with a first screen drawn in #root: what moves where, fixed at start. */
interface PaintedTemplate {
  /** The template without its stylesheet links (and, when the start script is built, without its scripts). */
  html: string;
  /** The entry's stylesheet links, placed after #root. */
  styles: string;
  /**
   * The start script's tag, the entry it will import, the modules to preload, and the entry's imports in the order
   * to evaluate them; null to keep the template's own scripts.
   */
  start: { tag: string; entry: string; preload: string[]; steps: string[] } | null;
}

function paintedTemplate(template: string, manifest: Manifest): PaintedTemplate {
  const styles = (template.match(STYLESHEET_LINK) ?? []).map((link) => link.trim()).join('');
  const withoutStyles = template.replace(STYLESHEET_LINK, '');
  const startFile = Object.values(manifest).find((chunk) => chunk.src?.endsWith(START_SOURCE))?.file;
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const entryKey = Object.keys(manifest).find((key) => `/${manifest[key]?.file}` === entry);
  if (!startFile || !entry || !entryKey) return { html: withoutStyles, styles, start: null };
  return {
    html: withoutStyles.replace(ENTRY_SCRIPT, '').replace(MODULEPRELOAD_LINK, ''),
    styles,
    start: {
      tag: `<script type="module" crossorigin src="/${attr(startFile)}"></script>`,
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
 * When the answer gives a first screen (storefront-first-paint.ts), #root carries it with its styles inlined, and:
 * - the stylesheet links move from the head to just after #root: there they no longer hold back the first paint,
 *   but still load before any module script runs (a parser-inserted stylesheet blocks scripts), so React never
 *   renders unstyled;
 * - the entry script and the module preloads give way to the start script, which loads them once the first
 *   screen has painted (see apps/storefront/src/start-after-first-paint.ts for why).
 */
export function firstVisitPages(app: FastifyInstance, storefrontDir: string) {
  const template = readFileSync(join(storefrontDir, 'index.html'), 'utf8');
  const manifest = readManifest(storefrontDir);
  const painted = paintedTemplate(template, manifest);
  const firstPaintCss = readFirstPaintCss();
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
    hrefs.map((h) => `<link rel="stylesheet" href="${attr(h)}">`).join('');
  const modulepreloads = (hrefs: string[]) =>
    hrefs.map((h) => `<link rel="modulepreload" crossorigin href="${attr(h)}">`).join('');

  return async function pageFor(path: string): Promise<string> {
    const plan = planFor(path);
    if (!plan) return template;
    const files = filesFor(plan.view);
    let preload = '';
    let answerScript = '';
    let markup: string | null = null;
    try {
      const res = await app.inject({
        method: 'GET',
        url: plan.apiPath,
        headers: { accept: 'application/json' },
      });
      if (res.statusCode >= 200 && res.statusCode < 300) {
        const answer = JSON.parse(res.body) as { data?: unknown };
        const data = answer.data ?? answer;
        const hero = firstPaintHero(plan.firstPaint, data);
        if (hero) preload = heroPreload(hero);
        answerScript = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScript({ [plan.apiPath]: answer })}</script>`;
        markup = firstPaintMarkup(plan.firstPaint, data);
      }
    } catch (error) {
      app.log.warn({ err: error, path }, 'first-visit answer left out of index.html');
    }
    // Replacer functions, not strings: seller text may contain '$&' or "$'", which a replacement string expands.
    if (markup === null) {
      return template
        .replace('</head>', () => `${preload}${stylesheets(files.css)}${modulepreloads(files.js)}</head>`)
        .replace('<body>', () => `<body>${answerScript}`);
    }
    const screen = markup;
    const { start } = painted;
    const head = start ? start.tag : modulepreloads(files.js);
    const modules = start
      ? `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${jsonForScript({ entry: start.entry, preload: [...start.preload, ...files.js], steps: start.steps })}</script>`
      : '';
    return painted.html
      .replace('</head>', () => `<style>${firstPaintCss}</style>${preload}${head}</head>`)
      .replace('<body>', () => `<body>${answerScript}${modules}`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${screen}</div>${painted.styles}${stylesheets(files.css)}`,
      );
  };
}
