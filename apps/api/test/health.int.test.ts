import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_DIALECT, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('api shell', () => {
  it('answers health under /api with the success envelope and the database in use', async () => {
    const res = await server.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ success: true, data: { status: 'ok', database: TEST_DIALECT } });
  });

  it('answers unknown routes with the error envelope and 404', async () => {
    const res = await server.call({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({
      success: false,
      error: 'No route for GET /api/nope',
      message: 'No route for GET /api/nope',
    });
  });

  it('carries a request id of its own making on every answer, never the client’s', async () => {
    const res = await server.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('sends the security headers on answers, errors and unknown routes alike', async () => {
    const answers = await Promise.all([
      server.call({ method: 'GET', url: '/api/health' }),
      server.call({ method: 'GET', url: '/api/nope' }),
      server.call({ method: 'POST', url: '/api/auth/login', payload: { phone: 'not a phone' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('treats a bad bearer token as anonymous on public routes', async () => {
    const res = await server.call({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('api documentation', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await server.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.data.openapi).toMatch(/^3\./);
    expect(Object.keys(res.data.paths)).toContain('/api/health');
  });
});
