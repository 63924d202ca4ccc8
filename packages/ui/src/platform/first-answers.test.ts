import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestApi, type TestApiServer } from '../testing/api-server.test-support.ts';
import { createApiClient } from '@autoreel/api-client';
import {
  FIRST_ANSWERS_ELEMENT_ID,
  firstAnswersFetch,
  resetFirstAnswers,
  takeFirstAnswer,
} from './first-answers.ts';

let api: TestApiServer;

beforeAll(async () => {
  api = await startTestApi();
  // The page is served from the API's origin, as the storefront is.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${new URL(api.baseUrl).origin}/`,
  );
});
afterAll(() => api.close());
afterEach(() => {
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  resetFirstAnswers();
  api.calls.length = 0;
});

function pageWith(answers: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ELEMENT_ID;
  script.textContent = answers;
  document.body.append(script);
}

const paths = () => api.calls.map((c) => `${c.method} ${c.path}`);

describe('first-visit answers inlined in index.html', () => {
  it('is not used on a page that carries none, so the client keeps its own fetch', () => {
    expect(firstAnswersFetch()).toBeUndefined();
  });

  it('answers the inlined GET once from the page, then leaves the same URL to the network', async () => {
    const inlined = { success: true, data: { cars: [{ id: 'inlined' }] } };
    api.on('GET /cars', ok({ cars: [{ id: 'from-server' }] }));
    pageWith(JSON.stringify({ '/api/cars?sort=newest&limit=10': inlined }));
    const fetch = firstAnswersFetch()!;
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();

    const first = await fetch('/api/cars?sort=newest&limit=10', { method: 'GET' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(inlined);
    expect(api.calls).toHaveLength(0);

    const second = await fetch('/api/cars?sort=newest&limit=10', { method: 'GET' });
    expect(await second.json()).toEqual({ success: true, data: { cars: [{ id: 'from-server' }] } });
    expect(paths()).toEqual(['GET /cars']);
  });

  it('never answers another method, another URL or another origin from the page', async () => {
    api.on('POST /cars/x/share', ok({ shares: 1 }));
    api.on('GET /cars/y', ok({ id: 'y' }));
    pageWith(
      JSON.stringify({ '/api/cars/x/share': { data: {} }, '/api/cars/y': { data: { id: 'inlined' } } }),
    );
    const fetch = firstAnswersFetch()!;
    expect(await (await fetch('/api/cars/x/share', { method: 'POST' })).json()).toEqual({
      success: true,
      data: { shares: 1 },
    });
    await expect(fetch('http://127.0.0.2:9/api/cars/y')).rejects.toThrow();
    expect(paths()).toEqual(['POST /cars/x/share']);
  });

  it("gives a screen's first render the inlined data at once through the client's peek, once, and never a failure", async () => {
    const inlined = { success: true, data: { cars: [{ id: 'inlined' }], nextCursor: null } };
    api.on('GET /cars', ok({ cars: [{ id: 'from-server' }] }));
    pageWith(
      JSON.stringify({
        '/api/cars?sort=newest&limit=10': inlined,
        '/api/cars/gone': { success: false, error: 'Car not found' },
      }),
    );
    const client = createApiClient({
      baseUrl: '/api',
      answered: (url) => takeFirstAnswer(url),
      tokens: { load: async () => null, save: async () => undefined, clear: async () => undefined },
    });
    expect(client.peek('/cars', { query: { sort: 'newest', limit: 10, cursor: null } })).toEqual(
      inlined.data,
    );
    // Taken: the next ask of the same URL is a real request.
    expect(client.peek('/cars', { query: { sort: 'newest', limit: 10 } })).toBeUndefined();
    expect(client.peek('/cars/:id', { params: { id: 'gone' } })).toBeUndefined();
    expect(client.peek('/cars', { query: { sort: 'price-low', limit: 10 } })).toBeUndefined();
    expect(paths()).toEqual([]);
  });

  it('ignores an unreadable element', () => {
    pageWith('{not json');
    expect(firstAnswersFetch()).toBeUndefined();
  });
});
