import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTERIOR_COLOURS } from '@autoreel/core';
import { CAR_MAKES } from '@autoreel/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryContext } from './ai-provider.ts';
import type { ListingSpecs } from './listing-writer.ts';
import { LocalAiProvider } from './local-ai.provider.ts';
import { OpenAiCompatibleProvider } from './openai-compatible.provider.ts';

/** A stand-in for the provider on 127.0.0.1; each test says what it answers next. */
let answer: (req: IncomingMessage, res: ServerResponse, body: any) => void;
let requests: { headers: IncomingMessage['headers']; url: string | undefined; body: any }[] = [];
let server: Server;
let baseUrl: string;

const API_KEY = 'sk-test-secret-key-123';
const chat = (content: string) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });
const context: QueryContext = { catalogue: CAR_MAKES, colors: EXTERIOR_COLOURS, currentYear: 2026 };
const specs: ListingSpecs = {
  make: 'Toyota',
  model: 'Hilux',
  year: 2019,
  mileage: 85_000,
  condition: 'Used',
  color: 'White',
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      requests.push({ headers: req.headers, url: req.url, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let logs: { details: Record<string, unknown>; message: string }[] = [];
beforeEach(() => {
  requests = [];
  logs = [];
});

function provider(timeoutMs = 2_000) {
  return new OpenAiCompatibleProvider({
    baseUrl,
    apiKey: API_KEY,
    model: 'test-model',
    timeoutMs,
    fallback: new LocalAiProvider(),
    logger: { warn: (details, message) => logs.push({ details, message }) },
  });
}

describe('OpenAI-compatible provider', () => {
  it('uses the service answer when it is the JSON asked for', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        chat(
          JSON.stringify({
            filters: { make: 'Tesla', fuelType: 'Electric', maxPrice: 900000 },
            soft: ['cheap', 'nonsense'],
          }),
        ),
      );
    };
    const reading = await provider().readQuery('a cheap tesla under 900k', context);
    expect(reading).toEqual({
      filters: { make: 'Tesla', fuelType: 'Electric', maxPrice: 900_000 },
      soft: ['cheap'],
      unmatchedWords: [],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/v1/chat/completions');
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(requests[0]!.body.model).toBe('test-model');
    expect(requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(requests[0]!.body.messages.at(-1).content).toBe('a cheap tesla under 900k');
    expect(logs).toEqual([]);
  });

  it('keeps only catalogue features from a generated listing and tops them up to five', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        chat(
          '```json\n' +
            JSON.stringify({
              description: 'A tidy 2019 Toyota Hilux in White.',
              features: ['Tow Bar', 'Rocket Boosters'],
            }) +
            '\n```',
        ),
      );
    };
    const listing = await provider().writeListing(specs);
    expect(listing.description).toBe('A tidy 2019 Toyota Hilux in White.');
    expect(listing.features[0]).toBe('Tow Bar');
    expect(listing.features).not.toContain('Rocket Boosters');
    expect(listing.features.length).toBeGreaterThanOrEqual(5);
  });

  it('uses the local writer when the service calls the car another body type than it was given', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        chat(JSON.stringify({ description: 'A comfortable sedan for the city.', features: ['Tow Bar'] })),
      );
    };
    const local = new LocalAiProvider();
    expect(await provider().writeListing(specs)).toEqual(await local.writeListing(specs));
    expect(logs[0]!.details).toMatchObject({ operation: 'writeListing' });
    expect(String(logs[0]!.details['reason'])).toContain("body type 'sedan'");
  });

  it('falls back to the local engine on an HTTP 500 and logs without the key', async () => {
    answer = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `bad key ${API_KEY}` } }));
    };
    const local = new LocalAiProvider();
    expect(await provider().readQuery('electric SUV under 900k', context)).toEqual(
      await local.readQuery('electric SUV under 900k', context),
    );
    expect(await provider().writeListing(specs)).toEqual(await local.writeListing(specs));
    expect(logs).toHaveLength(2);
    expect(logs[0]!.details).toMatchObject({ operation: 'readQuery', reason: 'HTTP 500' });
    expect(JSON.stringify(logs)).not.toContain(API_KEY);
  });

  it('falls back on an answer that is not JSON', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(chat('Sure! Here are some filters: make=Tesla'));
    };
    const local = new LocalAiProvider();
    const description = 'nice  car ,  low km';
    expect(await provider().enhanceDescription(description, { make: 'Kia' })).toBe(
      await local.enhanceDescription(description, { make: 'Kia' }),
    );
    expect(logs[0]!.details).toMatchObject({
      operation: 'enhanceDescription',
      reason: 'answer was not JSON',
    });
  });

  it('falls back on JSON of the wrong shape, a broken envelope and a timeout', async () => {
    const local = new LocalAiProvider();
    const expected = await local.readQuery('bakkie', context);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(chat(JSON.stringify({ filters: { bodyType: 'Spaceship' } })));
    };
    expect(await provider().readQuery('bakkie', context)).toEqual(expected);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('garbage{');
    };
    expect(await provider().readQuery('bakkie', context)).toEqual(expected);
    answer = () => undefined; // never answers
    expect(await provider(200).readQuery('bakkie', context)).toEqual(expected);
    expect(logs.map((l) => l.details['reason'])).toEqual([
      'answer did not match the expected JSON',
      expect.any(String),
      expect.any(String),
    ]);
    expect(JSON.stringify(logs)).not.toContain(API_KEY);
  });

  it('falls back when nothing listens at the address', async () => {
    const closed = new OpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: API_KEY,
      model: 'm',
      timeoutMs: 1_000,
      fallback: new LocalAiProvider(),
      logger: { warn: (details, message) => logs.push({ details, message }) },
    });
    expect((await closed.readQuery('hilux', context)).filters).toEqual({ make: 'Toyota', model: 'Hilux' });
    expect(logs).toHaveLength(1);
  });
});
