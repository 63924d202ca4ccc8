import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient, type SessionTokens, type TokenStore } from './http-client.ts';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A real HTTP server on loopback whose answers each test scripts. */
let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function memoryTokens(initial: SessionTokens | null): TokenStore & { current: SessionTokens | null } {
  const store = {
    current: initial,
    load: () => Promise.resolve(store.current),
    save: (tokens: SessionTokens) => {
      store.current = tokens;
      return Promise.resolve();
    },
    clear: () => {
      store.current = null;
      return Promise.resolve();
    },
  };
  return store;
}

describe('envelope', () => {
  it('reads data from the data field and sends the bearer token and query', async () => {
    handler = (_req, _body, res) => json(res, 200, { success: true, data: { cars: [1, 2] } });
    const client = createApiClient({
      baseUrl,
      tokens: memoryTokens({ accessToken: 'a1', refreshToken: 'r1' }),
    });
    expect(
      await client.get('/cars', { query: { make: 'BMW', minPrice: '', maxPrice: undefined, limit: 20 } }),
    ).toEqual({ cars: [1, 2] });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/cars?make=BMW&limit=20',
      authorization: 'Bearer a1',
    });
  });

  it('falls back to the whole body when there is no data field', async () => {
    handler = (_req, _body, res) => json(res, 200, { cars: [], insights: 'none' });
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    expect(await client.post('/ai/search-natural-language', { query: 'suv' })).toEqual({
      cars: [],
      insights: 'none',
    });
    expect(seen[0]?.authorization).toBeUndefined();
    expect(JSON.parse(seen[0]!.body)).toEqual({ query: 'suv' });
  });

  it('fails with the message field and the field errors', async () => {
    handler = (_req, _body, res) =>
      json(res, 400, {
        success: false,
        error: 'Please fix',
        message: 'Please fix the errors below.',
        errors: [{ field: 'location', message: 'Location is required' }],
      });
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    const error = await client.post('/dealer-applications', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please fix the errors below.',
      errors: [{ field: 'location', message: 'Location is required' }],
    });
  });

  it("says 'Request failed ({status})' when the server gives no message", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(502);
      res.end();
    };
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    await expect(client.get('/cars')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
  });

  it('treats a 200 with success false as a failure', async () => {
    handler = (_req, _body, res) => json(res, 200, { success: false, error: 'Failed to create car listing' });
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    await expect(client.post('/cars/:id/like', undefined, { params: { id: 'c1' } })).rejects.toMatchObject({
      message: 'Failed to create car listing',
    });
  });

  it("says 'Network error' when nothing answers", async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1/api', tokens: memoryTokens(null) });
    await expect(client.get('/cars')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});

describe('token refresh', () => {
  it('refreshes once for concurrent expired calls, retries each once and stores the rotated pair', async () => {
    handler = (req, body, res) => {
      if (req.url === '/api/auth/refresh-token') {
        expect(JSON.parse(body)).toEqual({ refreshToken: 'r1' });
        setTimeout(
          () => json(res, 200, { success: true, data: { accessToken: 'a2', refreshToken: 'r2' } }),
          30,
        );
        return;
      }
      if (req.headers.authorization === 'Bearer a2') return json(res, 200, { success: true, data: req.url });
      json(res, 401, {
        success: false,
        error: 'Invalid or expired token',
        message: 'Invalid or expired token',
      });
    };
    const tokens = memoryTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const client = createApiClient({ baseUrl, tokens });
    const answers = await Promise.all([
      client.get('/auth/me'),
      client.get('/messages/unread-count'),
      client.get('/cars/user/liked'),
    ]);
    expect(answers).toEqual(['/api/auth/me', '/api/messages/unread-count', '/api/cars/user/liked']);
    expect(seen.filter((r) => r.url === '/api/auth/refresh-token')).toHaveLength(1);
    expect(tokens.current).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('does not retry a second time when the retried call is still refused', async () => {
    handler = (req, _body, res) => {
      if (req.url === '/api/auth/refresh-token')
        return json(res, 200, { success: true, data: { accessToken: 'a3' } });
      json(res, 401, { success: false, message: 'Unauthorized' });
    };
    const tokens = memoryTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const client = createApiClient({ baseUrl, tokens });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/me', '/api/auth/refresh-token', '/api/auth/me']);
    // The refresh token was not rotated by this server, so the old one is kept.
    expect(tokens.current).toEqual({ accessToken: 'a3', refreshToken: 'r1' });
  });

  it('ends the session when the refresh is refused', async () => {
    handler = (req, _body, res) => {
      if (req.url === '/api/auth/refresh-token')
        return json(res, 401, { success: false, message: 'Invalid refresh token' });
      json(res, 401, { success: false, message: 'Invalid or expired token' });
    };
    const tokens = memoryTokens({ accessToken: 'a1', refreshToken: 'r1' });
    let ended = 0;
    const client = createApiClient({ baseUrl, tokens, onSessionEnded: () => (ended += 1) });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(tokens.current).toBeNull();
    expect(ended).toBe(1);
  });

  it('does not refresh for errors that are not about the token', async () => {
    handler = (_req, _body, res) =>
      json(res, 403, { success: false, message: 'You are not allowed to do this' });
    const client = createApiClient({
      baseUrl,
      tokens: memoryTokens({ accessToken: 'a1', refreshToken: 'r1' }),
    });
    await expect(client.put('/cars/:id', { status: 'sold' }, { params: { id: '1' } })).rejects.toMatchObject({
      status: 403,
    });
    expect(seen).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('sends FormData as multipart and reports progress; without XMLHttpRequest it reports 1 when done', async () => {
    handler = (req, body, res) =>
      json(res, 200, {
        success: true,
        data: { key: 'conversations/c1/media/a.png', multipart: req.headers['content-type'], body },
      });
    const client = createApiClient({
      baseUrl,
      tokens: memoryTokens({ accessToken: 'a1', refreshToken: 'r1' }),
    });
    const form = new FormData();
    form.append('folder', 'conversations/c1/media');
    form.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');
    const progress: number[] = [];
    // The test server echoes what it received beside the key; the contract's answer names only the key.
    const answer: Record<string, unknown> = await client.post('/media/upload', form, {
      onUploadProgress: (fraction) => progress.push(fraction),
    });
    expect(answer.key).toBe('conversations/c1/media/a.png');
    expect(answer.multipart).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('conversations/c1/media');
    expect(progress).toEqual([1]);
    expect(seen[0]?.authorization).toBe('Bearer a1');
  });
});

describe('calls typed by the wire contract', () => {
  it('fills the path params, encoded, and sends the query', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, { success: true, data: { cars: [], total: 0, nextCursor: null } });
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    const page = await client.get('/dealers/:id/cars', { params: { id: 'a b/c' }, query: { make: 'BMW' } });
    expect(page).toEqual({ cars: [], total: 0, nextCursor: null });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/dealers/a%20b%2Fc/cars?make=BMW' });
  });

  it('sends a write its body and fills its params', async () => {
    handler = (_req, _body, res) => json(res, 201, { success: true, data: { id: 'c1', replies: [] } });
    const client = createApiClient({ baseUrl, tokens: memoryTokens(null) });
    await client.post('/cars/:id/comments', { comment: 'Lovely car' }, { params: { id: 'car-1' } });
    await client.put('/messages/conversations/:id/read', undefined, { params: { id: 'conv-1' } });
    expect(seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/cars/car-1/comments', body: '{"comment":"Lovely car"}' },
      { method: 'PUT', url: '/api/messages/conversations/conv-1/read', body: '' },
    ]);
  });

  it('peeks at an answer the page holds by the filled path', () => {
    const held = `${baseUrl}/cars/car-1`;
    const client = createApiClient({
      baseUrl,
      tokens: memoryTokens(null),
      answered: (url) => (url === held ? { success: true, data: { id: 'car-1' } } : undefined),
    });
    expect(client.peek('/cars/:id', { params: { id: 'car-1' } })).toEqual({ id: 'car-1' });
    expect(client.peek('/cars/:id', { params: { id: 'car-2' } })).toBeUndefined();
  });
});
