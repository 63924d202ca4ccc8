import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  firstVisitPages,
  jsonForScript,
  loadRenderer,
  planFor,
  RENDERER_FILE,
} from '../src/plugins/storefront-first-visit.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let dir: string;
let carId: string;
let hostileId: string;
// Seller text that tries to close elements, open attributes and expand String.replace patterns.
const HOSTILE = {
  make: '<script>alert("make")</script>',
  model: `"><img src=x onerror=alert('model')> $& $' $\``,
  description: 'Clean car </script><script>alert(1)</script> & more',
};
const template =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-abc.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/react-dom-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>';

/**
 * The storefront's server render, from its source: the storefront's build puts it at RENDERER_FILE, which the
 * server loads by path; here that file re-exports the source, so the pages are rendered by the real views.
 */
const RENDERER_SOURCE = pathToFileURL(
  resolve(import.meta.dirname, '../../storefront/src/entry-server.tsx'),
).href;

/** The first screen the views rendered into #root, or null when #root is empty. */
function firstScreen(html: string): string | null {
  const match = /<div id="root">(.*)<\/div><\/body>/s.exec(html);
  return match?.[1] ?? null;
}

/** The modules the start script will load. */
function appModules(html: string): { entry: string; preload: string[] } {
  const match = /<script type="application\/json" id="autoreel-app-modules">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no app modules');
  return JSON.parse(match[1]) as { entry: string; preload: string[] };
}

/** Reads the answers a page inlined for its first API request. */
function inlined(html: string): Record<string, { data: unknown }> {
  const match = /<script type="application\/json" id="autoreel-first-answers">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no inlined answer');
  return JSON.parse(match[1]) as Record<string, { data: unknown }>;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'autoreel-first-visit-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), template);
  mkdirSync(join(dir, RENDERER_FILE, '..'));
  writeFileSync(join(dir, RENDERER_FILE), `export { renderFirstScreen } from '${RENDERER_SOURCE}';\n`);
  // The manifest as `vite build` writes it: the route's view chunk, a chunk it shares with the entry, and its CSS.
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: 'assets/index-abc.js', imports: ['_shared.js', '_react-dom.js'] },
      '_shared.js': { file: 'assets/shared-abc.js', imports: ['_react-dom.js'] },
      '_react-dom.js': { file: 'assets/react-dom-abc.js' },
      '../../packages/ui/src/views/feed/FeedStage.tsx': {
        file: 'assets/FeedStage-abc.js',
        imports: ['_shared.js', '_icons.js'],
        css: ['assets/FeedStage-abc.css'],
      },
      '_icons.js': { file: 'assets/icons-abc.js' },
      '../../packages/ui/src/views/detail/DetailView.tsx': { file: 'assets/DetailView-abc.js' },
      'src/start-after-first-paint.ts': {
        file: 'assets/start-abc.js',
        src: 'src/start-after-first-paint.ts',
      },
    }),
  );
  server = await createTestServer({ config: { storefrontDir: dir } });
  const dealer = await createDealer(server, { name: 'First Visit Motors', location: 'Mbabane' });
  carId = await insertCar(server, {
    sellerId: dealer.user.id,
    dealerId: dealer.dealerId,
    // Seller text that would end the inline script if it were not escaped.
    description: 'Clean car </script><script>alert(1)</script> & more',
    images: ['/media/cars/first/photo.jpg'],
  });
  // The newest car, so it is the feed's first and the browse list's first card.
  hostileId = await insertCar(server, {
    sellerId: dealer.user.id,
    dealerId: dealer.dealerId,
    ...HOSTILE,
    images: ['/media/cars/hostile/a"b.jpg'],
  });
});
afterAll(() => server.close());

describe('index.html on a first visit', () => {
  it('carries the feed\u2019s first page of cars exactly as GET /api/cars answers it, and preloads its view', async () => {
    const res = await server.call({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const api = await server.call({ method: 'GET', url: '/api/cars?sort=newest&limit=10' });
    expect(inlined(res.body)['/api/cars?sort=newest&limit=10']).toEqual(JSON.parse(api.body));
    // The first screen is rendered, so the start script loads the entry, its chunks and the view's after it painted.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/start-abc.js"></script>');
    expect(res.body).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(appModules(res.body)).toEqual({
      entry: '/assets/index-abc.js',
      preload: [
        '/assets/shared-abc.js',
        '/assets/react-dom-abc.js',
        '/assets/FeedStage-abc.js',
        '/assets/icons-abc.js',
      ],
      // The entry's imports, each after its own imports, evaluated one per task before the entry.
      steps: ['/assets/react-dom-abc.js', '/assets/shared-abc.js'],
    });
    // Stylesheets stay in the head, before the markup they style: the entry's, then the view's.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(head).toContain('<link rel="stylesheet" href="/assets/FeedStage-abc.css">');
    expect(head.indexOf('index-abc.css')).toBeLessThan(head.indexOf('FeedStage-abc.css'));
    // Seller text cannot close the script element.
    expect(res.body).not.toContain('</script><script>alert(1)');
  });

  it('carries a car\u2019s detail and preloads its photo, the page\u2019s largest paint', async () => {
    const res = await server.call({ method: 'GET', url: `/cars/${carId}` });
    expect(res.statusCode).toBe(200);
    const answer = inlined(res.body)[`/api/cars/${carId}`];
    expect(answer?.data).toMatchObject({ id: carId, description: expect.stringContaining('</script>') });
    expect(res.body).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="[^"]*photo\.jpg">/);
    expect(appModules(res.body).preload).toContain('/assets/DetailView-abc.js');
  });

  it('leaves a missing car out and sends the plain page, so the view shows its own not-found state', async () => {
    const res = await server.call({ method: 'GET', url: '/cars/3f1c2d9e-1111-4a4a-9999-000000000001' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('autoreel-first-answers');
    expect(res.body).toContain('<div id="root"></div>');
    // The template's own scripts start the app as they always did.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DetailView-abc.js"></head>',
    );
  });

  it('sends other app routes the template unchanged', async () => {
    const res = await server.call({ method: 'GET', url: '/account' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
  });
});

describe('the first screen in #root, rendered by the storefront\u2019s views', () => {
  it('is the feed\u2019s first car: its poster, price, title and seller, in the app\u2019s frame', async () => {
    const res = await server.call({ method: 'GET', url: '/' });
    const screen = firstScreen(res.body) ?? '';
    expect(screen).toContain('data-view="tiktok"');
    expect(screen).toContain('data-testid="feed-current"');
    expect(screen).toMatch(/<img [^>]*fetchPriority="high" src="[^"]*\/media\/cars\/hostile\/a&quot;b\.jpg"/);
    expect(screen).toContain('>E250,000</p>');
    expect(screen).toContain('First Visit Motors');
    // Signed out on the server: the header offers to sign in; a signed-in visitor's menu comes after hydration.
    expect(screen).toContain('>Sign In</button>');
    // No 'Loading...' fallback and no script to swap one: the whole screen is inline.
    expect(screen).not.toMatch(/Loading|<script/);
  });

  it('renders seller text inert: escaped in text and attributes, never expanded as a replacement pattern', async () => {
    for (const url of ['/', '/browse', `/cars/${hostileId}`]) {
      const screen = firstScreen((await server.call({ method: 'GET', url })).body) ?? '';
      expect(screen, url).toContain('&lt;script&gt;alert(&quot;make&quot;)&lt;/script&gt;');
      expect(screen, url).toContain(
        '&quot;&gt;&lt;img src=x onerror=alert(&#x27;model&#x27;)&gt; $&amp; $&#x27; $`',
      );
      // No element or attribute came from the seller: outside quoted values, no tag carries their text.
      const tags = (screen.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
      expect(
        tags.filter((tag) => /<\/?script\b|\bonerror\b|\bsrc=x/i.test(tag)),
        url,
      ).toEqual([]);
      expect(screen, url).not.toContain('<!doctype');
    }
  });

  it('is browse\u2019s hero, filters, heading with the count, and the first cards', async () => {
    const res = await server.call({ method: 'GET', url: '/browse' });
    const screen = firstScreen(res.body) ?? '';
    expect(screen).toContain('data-view="browse"');
    expect(screen).toContain('What car are you looking for?');
    expect(screen).toContain('Premium Car Collection</h1>');
    expect(screen).toContain('<span>2 cars available</span>');
    expect(screen.match(/<article /g)).toHaveLength(2);
    expect(screen).toContain('2020 Toyota Corolla</button></h3>');
    expect(screen).toContain('<li>50,000<!-- --> km</li><li>Petrol</li><li>Automatic</li>');
    // The first card's photo is the screen's largest image, fetched at once; the next ones as they come near.
    const cards = [...screen.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((img) => img.includes('640'));
    expect(cards[0]).toContain('fetchPriority="high"');
    expect(cards[1]).toContain('loading="lazy"');
  });

  it('is the car\u2019s main photo, title and price on its detail page', async () => {
    const res = await server.call({ method: 'GET', url: `/cars/${carId}` });
    const screen = firstScreen(res.body) ?? '';
    expect(screen).toContain('data-view="detail"');
    expect(screen).toMatch(
      /<img [^>]*fetchPriority="high" src="[^"]*photo\.jpg" alt="2020 Toyota Corolla, photo 1 of 1"\/>/,
    );
    expect(screen).toMatch(/<h1 [^>]*>2020 Toyota Corolla<\/h1>/);
    expect(screen).toMatch(/<section [^>]*aria-label="Price"><p [^>]*>E250,000<\/p>/);
    expect(screen).toContain('aria-label="Back to listings"');
  });

  it('is left out, with the plain page sent, when the answer fails', async () => {
    for (const failure of [
      async () => ({ statusCode: 503, body: '{"success":false}' }),
      async () => {
        throw new Error('database gone');
      },
    ]) {
      const app = { inject: failure, log: { warn: () => undefined } } as unknown as FastifyInstance;
      const html = await firstVisitPages(app, dir)(`/cars/${carId}`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toMatch(/autoreel-first-answers|autoreel-app-modules/);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });

  it('is left out when the render fails: the plain page with the answer goes out, and the log names no data', async () => {
    const logged: unknown[] = [];
    const app = {
      inject: (request: { url: string }) => server.call({ method: 'GET', url: request.url }),
      log: { warn: (...args: unknown[]) => logged.push(args), error: () => undefined },
    } as unknown as FastifyInstance;
    const failing = Promise.resolve({
      renderFirstScreen: () => Promise.reject(new Error('a view threw')),
    });
    const html = await firstVisitPages(app, dir, failing)(`/cars/${hostileId}`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('autoreel-first-answers');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(JSON.stringify(logged)).toContain('a view threw');
    expect(JSON.stringify(logged)).not.toMatch(/alert|Toyota|First Visit Motors/);
  });

  it('is left out without the storefront\u2019s server build', async () => {
    expect(await loadRenderer(join(dir, 'assets'))).toBeNull();
  });
});

describe('the plan for a path', () => {
  it('asks for the same URLs the views request', () => {
    expect(planFor('/')?.apiPath).toBe('/api/cars?sort=newest&limit=10');
    expect(planFor('/browse')?.apiPath).toBe('/api/cars?sort=newest&limit=12');
    // A shared browse address: its filters and sort, as browse asks once it has read them; junk is left out.
    expect(planFor('/browse', 'sort=price-low&maxPrice=300%2C000&make=Toyota&utm=x')?.apiPath).toBe(
      '/api/cars?make=Toyota&maxPrice=300000&sort=price-low&limit=12',
    );
    expect(planFor('/browse', 'minPrice=9&maxPrice=5&sort=nonsense')?.apiPath).toBe(
      '/api/cars?sort=newest&limit=12',
    );
    expect(planFor('/cars/not-an-id')).toBeNull();
    expect(planFor('/messages')).toBeNull();
  });

  it('escapes what could end a script element', () => {
    expect(jsonForScript({ a: '</script>&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
  });
});

// Last: its car joins the catalogue the other tests count.
describe('the hero preload', () => {
  it('preloads the AVIF rendition the rendered photo will pick, at the sizes it is drawn at, and nothing else', async () => {
    const dealer = await createDealer(server, { name: 'Hero Photo Motors' });
    const id = await insertCar(server, {
      sellerId: dealer.user.id,
      dealerId: dealer.dealerId,
      images: ['cars/hero/3f1c2d9e-2222-4a4a-9999-000000000002.640x400.MvgJHIKmt4mPd4eMhnRXdHA1Bw.jpg'],
    });
    const res = await server.call({ method: 'GET', url: `/cars/${id}` });
    const preloads = [...res.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(1);
    const preload = /type="image\/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(preloads[0]!);
    expect(preload, preloads[0]).not.toBeNull();
    expect(preload![1]).toMatch(/\.320\.avif 320w, .+\.640\.avif 640w$/);
    // The gallery's <picture> offers the same AVIF srcset for the same sizes: the browser fetches one file for both.
    const gallery =
      /<section [^>]*aria-label="Photos"[^]*?<source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"\/>/.exec(
        firstScreen(res.body) ?? '',
      );
    expect(gallery?.slice(1)).toEqual([preload![1], preload![2]]);
    expect(preload![2]).toBe('(min-width: 1024px) 50vw, 100vw');

    // Browse: the first card's photo (the newest car's: the one just listed), drawn at once rather than lazily, and
    // preloaded as the card draws it: its AVIF srcset where it has renditions, else its one file.
    const browse = await server.call({ method: 'GET', url: '/browse' });
    const cards = [...(firstScreen(browse.body) ?? '').matchAll(/<article [^]*?<img [^>]*>/g)].map(
      (m) => m[0],
    );
    const firstCard = /<img [^>]*>$/.exec(cards[0] ?? '')?.[0] ?? '';
    expect(firstCard).toContain('fetchPriority="high"');
    expect(firstCard).not.toContain('loading="lazy"');
    const firstAvif = /<source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"\/>/.exec(cards[0] ?? '');
    const firstSrc = /src="([^"]+)"/.exec(firstCard)?.[1];
    expect([...browse.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0])).toEqual([
      firstAvif
        ? `<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="${firstAvif[1]}" imagesizes="${firstAvif[2]}">`
        : `<link rel="preload" as="image" fetchpriority="high" href="${firstSrc}">`,
    ]);
  });
});
