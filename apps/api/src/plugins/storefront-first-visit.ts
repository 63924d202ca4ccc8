import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * What a first visit to a storefront route needs before it can paint its main content, so index.html can carry it:
 * the route's view chunk (a lazy import the entry would only ask for after it ran), the first API answer the view
 * asks for (inlined, so the view renders without a round trip), and the image that will be the largest paint.
 *
 * The API paths must be exactly the URLs the views request (packages/ui: useFeedCars, useBrowseCars, CarDetail),
 * since the client uses an inlined answer only for the same URL; anything else simply goes to the network.
 */
interface RoutePlan {
  /** The view module, as the build manifest names it (its path ends with this). */
  view: string;
  /** The first API request the view makes, relative to the server's root. */
  apiPath: string;
  /** The first image the view shows above the fold, from the API answer's data. */
  heroImage?: (data: unknown) => string | null | undefined;
}

const CAR_ID = /^\/cars\/([0-9a-f-]{36})$/i;

const firstCarPoster = (data: unknown) => {
  const cars = (data as { cars?: { poster?: string | null }[] } | null)?.cars;
  return cars?.[0]?.poster;
};
const carPoster = (data: unknown) => {
  const car = data as { poster?: string | null; images?: string[] } | null;
  return car?.poster ?? car?.images?.[0];
};

/** The plan for an app path, or null for a route whose first screen needs nothing up front. */
export function planFor(path: string): RoutePlan | null {
  if (path === '/' || path === '') {
    // useFeedCars: FEED_PAGE_SIZE cars, newest first.
    return {
      view: 'views/feed/FeedStage.tsx',
      apiPath: '/api/cars?sort=newest&limit=10',
      heroImage: firstCarPoster,
    };
  }
  if (path === '/browse') {
    // useBrowseCars with no filters and the default sort: BROWSE_PAGE_SIZE cars.
    return { view: 'views/browse/BrowseView.tsx', apiPath: '/api/cars?sort=newest&limit=12' };
  }
  const car = CAR_ID.exec(path);
  if (car) {
    return { view: 'views/detail/DetailView.tsx', apiPath: `/api/cars/${car[1]}`, heroImage: carPoster };
  }
  return null;
}

interface ManifestChunk {
  file: string;
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

/**
 * Builds index.html for one app path. The view chunk's files are known at start (the build manifest does not
 * change while the server runs); the API answer is asked of the server itself, so it is exactly what the endpoint
 * would send, and a failed or non-2xx answer is simply left out (the view then asks as usual).
 */
export function firstVisitPages(app: FastifyInstance, storefrontDir: string) {
  const template = readFileSync(join(storefrontDir, 'index.html'), 'utf8');
  const manifest = readManifest(storefrontDir);
  const viewLinks = new Map<string, string>();
  const linksFor = (view: string) => {
    const cached = viewLinks.get(view);
    if (cached !== undefined) return cached;
    const key = Object.keys(manifest).find((k) => k.endsWith(view));
    const js = new Set<string>();
    const css = new Set<string>();
    if (key) chunkFiles(manifest, key, js, css);
    // The entry's own files are in the template already.
    const missing = (file: string) => !template.includes(`/${file}"`);
    const links = [
      ...[...css].filter(missing).map((f) => `<link rel="stylesheet" href="/${attr(f)}">`),
      ...[...js].filter(missing).map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
    ].join('');
    viewLinks.set(view, links);
    return links;
  };

  return async function pageFor(path: string): Promise<string> {
    const plan = planFor(path);
    if (!plan) return template;
    let head = linksFor(plan.view);
    let body = '';
    try {
      const res = await app.inject({
        method: 'GET',
        url: plan.apiPath,
        headers: { accept: 'application/json' },
      });
      if (res.statusCode >= 200 && res.statusCode < 300) {
        const answer = JSON.parse(res.body) as { data?: unknown };
        const image = plan.heroImage?.(answer.data ?? answer);
        if (image) {
          // The same URL the view's assetUrl makes of it (the web's media base is the page's origin).
          const href = /^(https?:)?\/\//i.test(image) ? image : `/${image.replace(/^\/+/, '')}`;
          head = `<link rel="preload" as="image" fetchpriority="high" href="${attr(href)}">${head}`;
        }
        body = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScript({ [plan.apiPath]: answer })}</script>`;
      }
    } catch (error) {
      app.log.warn({ err: error, path }, 'first-visit answer left out of index.html');
    }
    return template.replace('</head>', `${head}</head>`).replace('<body>', `<body>${body}`);
  };
}
