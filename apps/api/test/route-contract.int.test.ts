import { apiContract, type ApiRouteKey, type RouteContract } from '@autoreel/core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDealer, insertCar, validCar, type TestDealer } from './fixtures.ts';
import { createTestServer, nextTestPhone, type TestServer, type TestUser } from './harness.ts';

/**
 * The wire contract (@autoreel/core apiContract) against the running API: every registered route is in it with a
 * response schema, and the answers of routes across every feature, signed out and signed in, carry no field the
 * contract's response schema does not list (cached answers, sent as kept JSON text, included).
 */

type OpenApiOperation = { responses?: Record<string, { content?: Record<string, { schema?: any }> }> };

let server: TestServer;
let customer: TestUser;
let admin: TestUser;
let dealer: TestDealer;
let carId: string;

beforeAll(async () => {
  server = await createTestServer();
  customer = await server.createUser({ name: 'Contract Customer' });
  admin = await server.createUser({ role: 'admin', name: 'Contract Admin' });
  dealer = await createDealer(server, { name: 'Contract Motors' });
  carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
});
afterAll(() => server.close());

/** Every operation the API registered under /api, as 'METHOD /path/:param', with its OpenAPI operation. */
function registeredOperations(): Map<string, OpenApiOperation> {
  const document = server.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const found = new Map<string, OpenApiOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'head') continue;
      const contractPath = path.slice('/api'.length).replace(/\{(\w+)\}/g, ':$1');
      found.set(`${method.toUpperCase()} ${contractPath}`, operation);
    }
  }
  return found;
}

/** Where an answer carries a field its schema does not list, as paths ('cars.0.engine'). */
function unlistedFields(schema: z.ZodType, value: unknown, at = ''): string[] {
  const here = (key: string | number) => (at ? `${at}.${key}` : String(key));
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return value === undefined || value === null
      ? []
      : unlistedFields(schema.unwrap() as z.ZodType, value, at);
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== 'object' || value === null) return [];
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.entries(value).flatMap(([key, field]) =>
      key in shape ? unlistedFields(shape[key]!, field, here(key)) : [here(key)],
    );
  }
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value)
      ? value.flatMap((item, i) => unlistedFields(schema.element as z.ZodType, item, here(i)))
      : [];
  }
  if (schema instanceof z.ZodRecord) {
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value).flatMap(([key, field]) =>
      unlistedFields(schema.valueType as z.ZodType, field, here(key)),
    );
  }
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map((option) => unlistedFields(option, value, at));
    return options.reduce((fewest, next) => (next.length < fewest.length ? next : fewest));
  }
  return [];
}

interface Call {
  key: ApiRouteKey;
  url: string;
  user?: TestUser;
  payload?: unknown;
}

/** Calls a route and checks its raw answer against the contract: a success whose data the schema lists fully. */
async function expectOnContract({ key, url, user, payload }: Call) {
  const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const res = await server.call({
    method,
    url: `/api${url}`,
    user,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
  expect({ key, status: res.statusCode }).toEqual({ key, status: expect.toSatisfy((s: number) => s < 300) });
  const schema = apiContract[key].response;
  expect({ key, unlisted: unlistedFields(schema, res.data.data) }).toEqual({ key, unlisted: [] });
  const parsed = schema.safeParse(res.data.data);
  expect({ key, issues: parsed.error?.issues ?? [] }).toEqual({ key, issues: [] });
  return res.data.data;
}

describe('the registered routes and the contract', () => {
  it('registers exactly the routes of the contract', () => {
    expect([...registeredOperations().keys()].sort()).toEqual(Object.keys(apiContract).sort());
  });

  it('documents a success answer for every route, the JSON ones as the envelope of their data', () => {
    for (const [key, operation] of registeredOperations()) {
      const contract: RouteContract = apiContract[key as ApiRouteKey];
      const statuses = (contract.status ?? [200]).map(String);
      for (const status of statuses) {
        const content = operation.responses?.[status]?.content;
        expect({ key, status, documented: content !== undefined }).toEqual({ key, status, documented: true });
        if (contract.mediaType) continue;
        const schema = content?.['application/json']?.schema;
        expect({ key, envelope: Object.keys(schema?.properties ?? {}).sort() }).toEqual({
          key,
          envelope: ['data', 'success'],
        });
      }
    }
  });
});

describe('answers carry only what the contract lists', () => {
  it('signed out: catalogue (cached and not), social, dealers, countries, AI and health', async () => {
    const calls: Call[] = [
      { key: 'GET /health', url: '/health' },
      { key: 'GET /cars', url: '/cars' },
      { key: 'GET /cars', url: '/cars?make=Toyota&sort=newest' },
      { key: 'GET /cars/:id', url: `/cars/${carId}` },
      { key: 'GET /cars/:id/stats', url: `/cars/${carId}/stats` },
      { key: 'GET /cars/:id/comments', url: `/cars/${carId}/comments` },
      { key: 'GET /cars/:id/likes', url: `/cars/${carId}/likes` },
      { key: 'GET /cars/:id/views', url: `/cars/${carId}/views` },
      {
        key: 'POST /cars/:id/views',
        url: `/cars/${carId}/views`,
        payload: { clientId: 'contract-client-1' },
      },
      { key: 'POST /cars/:id/share', url: `/cars/${carId}/share`, payload: { platform: 'whatsapp' } },
      { key: 'POST /cars/stats/batch', url: '/cars/stats/batch', payload: { carIds: [carId] } },
      { key: 'POST /cars/likes/batch-status', url: '/cars/likes/batch-status', payload: { carIds: [carId] } },
      { key: 'GET /dealers', url: '/dealers' },
      { key: 'GET /dealers/:id', url: `/dealers/${dealer.dealerId}` },
      { key: 'GET /dealers/:id/cars', url: `/dealers/${dealer.dealerId}/cars` },
      { key: 'GET /dealers/:id/reviews', url: `/dealers/${dealer.dealerId}/reviews` },
      { key: 'GET /countries/picker', url: '/countries/picker' },
      { key: 'GET /countries/supported', url: '/countries/supported' },
      { key: 'GET /countries/current', url: '/countries/current' },
      {
        key: 'POST /countries/format-price',
        url: '/countries/format-price',
        payload: { amount: 1000, countryCode: 'SZ' },
      },
      {
        key: 'POST /ai/search-natural-language',
        url: '/ai/search-natural-language',
        payload: { query: 'toyota diesel' },
      },
      { key: 'POST /ai/pricing-insights', url: '/ai/pricing-insights', payload: { carId } },
      {
        key: 'POST /auth/signup',
        url: '/auth/signup',
        payload: { name: 'New Person', phone: nextTestPhone(), password: 'Str0ng-pass!' },
      },
    ];
    for (const call of calls) await expectOnContract(call);
  });

  it('signed in: account, likes, comments, favourites, messages, reviews, feedback and recommendations', async () => {
    const user = customer;
    await expectOnContract({ key: 'GET /auth/me', url: '/auth/me', user });
    await expectOnContract({ key: 'POST /cars/:id/like', url: `/cars/${carId}/like`, user });
    await expectOnContract({ key: 'GET /cars/user/liked', url: '/cars/user/liked', user });
    await expectOnContract({ key: 'GET /cars/:id/likes', url: `/cars/${carId}/likes`, user });
    const comment = await expectOnContract({
      key: 'POST /cars/:id/comments',
      url: `/cars/${carId}/comments`,
      user,
      payload: { comment: 'Is it still for sale?' },
    });
    await expectOnContract({
      key: 'POST /cars/comments/:id/reply',
      url: `/cars/comments/${comment.id}/reply`,
      user: dealer.user,
      payload: { comment: 'It is.' },
    });
    await expectOnContract({
      key: 'POST /cars/comments/:id/like',
      url: `/cars/comments/${comment.id}/like`,
      user,
    });
    await expectOnContract({ key: 'GET /cars/:id/comments', url: `/cars/${carId}/comments`, user });
    await expectOnContract({ key: 'GET /cars/:id/stats', url: `/cars/${carId}/stats`, user });
    await expectOnContract({
      key: 'POST /messages/conversations',
      url: '/messages/conversations',
      user,
      payload: { participantId: dealer.user.id, carId },
    });
    const sent = await expectOnContract({
      key: 'POST /messages/send',
      url: '/messages/send',
      user,
      payload: { receiverId: dealer.user.id, message: 'Hello', messageType: 'text', carId },
    });
    await expectOnContract({ key: 'GET /messages/conversations', url: '/messages/conversations', user });
    await expectOnContract({
      key: 'GET /messages/conversations/:userId',
      url: `/messages/conversations/${customer.id}`,
      user: dealer.user,
    });
    await expectOnContract({
      key: 'GET /messages/unread-count',
      url: '/messages/unread-count',
      user: dealer.user,
    });
    await expectOnContract({
      key: 'PUT /messages/:id/read',
      url: `/messages/${sent.message.id}/read`,
      user: dealer.user,
    });
    await expectOnContract({
      key: 'POST /dealers/:id/reviews',
      url: `/dealers/${dealer.dealerId}/reviews`,
      user,
      payload: { rating: 5, comment: 'Helpful and honest.' },
    });
    await expectOnContract({
      key: 'POST /feedback',
      url: '/feedback',
      user,
      payload: { category: 'general', name: 'C', email: 'c@example.com', subject: 'Hi', message: 'Nice app' },
    });
    await expectOnContract({
      key: 'POST /ai/recommendations',
      url: '/ai/recommendations',
      user,
      payload: { budget: { min: 100_000, max: 500_000 } },
    });
    await expectOnContract({
      key: 'POST /dealer-applications',
      url: '/dealer-applications',
      user,
      payload: { businessType: 'dealer', businessName: 'Customer Cars', location: 'Manzini' },
    });
    await expectOnContract({
      key: 'GET /dealer-applications/my-application',
      url: '/dealer-applications/my-application',
      user,
    });
    await expectOnContract({ key: 'GET /dealers/admin/pending', url: '/dealers/admin/pending', user: admin });
  });

  it("signed in as a dealer: the dealer's own profile, overview, inventory and listings", async () => {
    const user = dealer.user;
    await expectOnContract({ key: 'GET /dealers/profile/me', url: '/dealers/profile/me', user });
    await expectOnContract({ key: 'GET /dealers/me/overview', url: '/dealers/me/overview?days=30', user });
    await expectOnContract({ key: 'GET /cars/mine', url: '/cars/mine', user });
    await expectOnContract({ key: 'GET /dealers/:id/cars', url: `/dealers/${dealer.dealerId}/cars`, user });
    const created = await expectOnContract({
      key: 'POST /cars',
      url: '/cars',
      user,
      payload: validCar,
    });
    await expectOnContract({
      key: 'PUT /cars/:id',
      url: `/cars/${created.id}`,
      user,
      payload: { price: 440000 },
    });
    await expectOnContract({ key: 'GET /cars/:id', url: `/cars/${created.id}` });
    await expectOnContract({ key: 'DELETE /cars/:id', url: `/cars/${created.id}`, user });
  });

  it('finds a field the schema does not list', () => {
    const schema = apiContract['GET /cars/:id/stats'].response;
    const answer = { likes: 1, comments: 0, isLiked: false, secret: 'x', nested: { a: 1 } };
    expect(unlistedFields(schema, answer)).toEqual(['secret', 'nested']);
    const list = apiContract['GET /cars'].response;
    expect(unlistedFields(list, { cars: [{ id: 'c', seller: { id: 's', name: 'n', phone: 'p' } }] })).toEqual(
      ['cars.0.seller.phone'],
    );
  });
});
