import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, planFor } from '../src/plugins/storefront-first-visit.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let carId: string;
const template =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-abc.js"></head><body><div id="root"></div></body></html>';

/** Reads the answers a page inlined for its first API request. */
function inlined(html: string): Record<string, { data: unknown }> {
  const match = /<script type="application\/json" id="autoreel-first-answers">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no inlined answer');
  return JSON.parse(match[1]) as Record<string, { data: unknown }>;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'autoreel-first-visit-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), template);
  // The manifest as `vite build` writes it: the route's view chunk, a chunk it shares with the entry, and its CSS.
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: 'assets/index-abc.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-abc.js' },
      '../../packages/ui/src/views/feed/FeedStage.tsx': {
        file: 'assets/FeedStage-abc.js',
        imports: ['_shared.js', '_icons.js'],
        css: ['assets/FeedStage-abc.css'],
      },
      '_icons.js': { file: 'assets/icons-abc.js' },
      '../../packages/ui/src/views/detail/DetailView.tsx': { file: 'assets/DetailView-abc.js' },
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
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/FeedStage-abc.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/icons-abc.js">');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/FeedStage-abc.css">');
    // The entry's own chunk is preloaded once, by the template.
    expect(res.body.split('/assets/shared-abc.js').length).toBe(2);
    // Seller text cannot close the script element.
    expect(res.body).not.toContain('</script><script>alert(1)');
  });

  it('carries a car\u2019s detail and preloads its photo, the page\u2019s largest paint', async () => {
    const res = await server.call({ method: 'GET', url: `/cars/${carId}` });
    expect(res.statusCode).toBe(200);
    const answer = inlined(res.body)[`/api/cars/${carId}`];
    expect(answer?.data).toMatchObject({ id: carId, description: expect.stringContaining('</script>') });
    expect(res.body).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="[^"]*photo\.jpg">/);
    expect(res.body).toContain('/assets/DetailView-abc.js');
  });

  it('leaves a missing car out and sends the plain page, so the view shows its own not-found state', async () => {
    const res = await server.call({ method: 'GET', url: '/cars/3f1c2d9e-1111-4a4a-9999-000000000001' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('autoreel-first-answers');
  });

  it('sends other app routes the template unchanged', async () => {
    const res = await server.call({ method: 'GET', url: '/account' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
  });
});

describe('the plan for a path', () => {
  it('asks for the same URLs the views request', () => {
    expect(planFor('/')?.apiPath).toBe('/api/cars?sort=newest&limit=10');
    expect(planFor('/browse')?.apiPath).toBe('/api/cars?sort=newest&limit=12');
    expect(planFor('/cars/not-an-id')).toBeNull();
    expect(planFor('/messages')).toBeNull();
  });

  it('escapes what could end a script element', () => {
    expect(jsonForScript({ a: '</script>&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
  });
});
