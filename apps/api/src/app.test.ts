import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';

const app = await buildApp({ ...loadConfig({}), storefrontDir: undefined });
afterAll(() => app.close());

describe('api shell', () => {
  it('answers health under /api with the success envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers unknown routes with the error envelope and 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'No route for GET /api/nope', message: 'No route for GET /api/nope' });
  });
});
