import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

/** Stands in for an OpenAI-compatible service on 127.0.0.1; `reply` decides the next answer. */
let reply: (res: ServerResponse) => void;
let provider: Server;
let server: TestServer;
let seller: TestUser;
let teslaId: string;
let seen = 0;

const chat = (content: unknown) =>
  JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }] });

beforeAll(async () => {
  provider = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      reply(res);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  server = await createTestServer({
    config: {
      ai: {
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-local-test',
        model: 'stub',
        timeoutMs: 2_000,
      },
    },
  });
  const dealer = await createDealer(server);
  seller = dealer.user;
  const base = { sellerId: dealer.user.id, dealerId: dealer.dealerId };
  teslaId = await insertCar(server, {
    ...base,
    make: 'Tesla',
    model: 'Model Y',
    bodyType: 'SUV',
    fuelType: 'Electric',
    price: 850_000,
  });
  await insertCar(server, {
    ...base,
    make: 'Toyota',
    model: 'Hilux',
    bodyType: 'Truck',
    fuelType: 'Diesel',
    price: 450_000,
  });
});
afterAll(async () => {
  await server.close();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const search = (query: string) =>
  server.call({ method: 'POST', url: '/api/ai/search-natural-language', payload: { query } });

describe('AI endpoints with an OpenAI-compatible provider configured', () => {
  it('reads the query with the provider when it answers well', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(chat({ filters: { fuelType: 'Electric' }, soft: [] }));
    };
    const before = seen;
    const res = await search('something that runs on batteries');
    expect(seen).toBe(before + 1);
    expect(res.statusCode).toBe(200);
    expect(res.data.data.filters).toEqual({ fuelType: 'Electric' });
    expect(res.data.data.cars.map((r: any) => r.car.id)).toEqual([teslaId]);
  });

  it('answers with the local engine when the provider fails with 500', async () => {
    reply = (res) => {
      res.writeHead(500);
      res.end('upstream exploded');
    };
    const res = await search('diesel bakkie');
    expect(res.statusCode).toBe(200);
    expect(res.data.data.filters).toEqual({ fuelType: 'Diesel', bodyType: 'Truck' });
    expect(res.data.data.cars).toHaveLength(1);
  });

  it('answers with the local engine when the provider answers garbage', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [{"message": {"content": "not json at all"}}]}');
    };
    const res = await search('electric SUV under 900k');
    expect(res.data.data.filters).toEqual({ bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 });
    const listing = await server.call({
      method: 'POST',
      url: '/api/ai/generate-listing',
      user: seller,
      payload: { make: 'Tesla', model: 'Model Y', year: 2023 },
    });
    expect(listing.statusCode).toBe(200);
    expect(listing.data.data.description).toContain('2023 Tesla Model Y');
  });
});

describe('AI configuration', () => {
  it('uses the provider only when base URL, key and model are all set', () => {
    expect(loadConfig({ AI_BASE_URL: 'http://x/v1', AI_API_KEY: 'k' }).ai).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://x/v1/', AI_API_KEY: 'k', AI_MODEL: 'm' }).ai).toEqual({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({ AI_BASE_URL: 'http://x', AI_API_KEY: 'k', AI_MODEL: 'm', AI_TIMEOUT_MS: '500' }).ai
        ?.timeoutMs,
    ).toBe(500);
  });
});
