import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const script = `console.log(${JSON.stringify('a'.repeat(4000))});`;

beforeAll(async () => {
  // A build as `vite build` leaves it: index.html, hashed assets, and the .br/.gz written beside them.
  const dir = mkdtempSync(join(tmpdir(), 'autoreel-storefront-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
  server = await createTestServer({ config: { storefrontDir: dir } });
});
afterAll(() => server.close());

describe('storefront files', () => {
  it('sends the brotli file to a client that accepts it, cached for good since its name carries a hash', async () => {
    const res = await server.call({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await server.call({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('answers app paths such as a shared car link with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/cars/3f1c2d9e-1111-4a4a-9999-000000000001', '/browse']) {
      const res = await server.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset and an unknown API path with 404, never with the app', async () => {
    expect((await server.call({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    const api = await server.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer for a client that accepts it, and leaves small ones alone', async () => {
    const big = await server.call({
      method: 'GET',
      url: '/api/countries/picker',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const countries = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as {
      data: { countries: unknown[] };
    };
    expect(countries.data.countries.length).toBeGreaterThan(100);

    const small = await server.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
