import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carImportTemplate } from '@autoreel/core';
import { createDealer, validCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { multipart } from './support/multipart.ts';

/**
 * Imported drafts (cars waiting for their video) stay out of every public answer: the catalogue and its counts, a
 * dealer's page and its car count, the AI search and recommendations, a buyer's likes; a seller cannot turn a car
 * into a draft or a draft into a live car without its video; and only the importer sees or changes them.
 */
let server: TestServer;
let dealer: TestDealer;
let otherDealer: TestDealer;
let buyer: TestUser;
let draftId: string;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await createDealer(server, { name: 'Draft Motors' });
  otherDealer = await createDealer(server, { name: 'Rival Motors' });
  buyer = await server.createUser({ role: 'customer' });
  const body = multipart([
    {
      name: 'file',
      filename: 'stock.csv',
      contentType: 'text/csv',
      content: Buffer.from(carImportTemplate()),
    },
  ]);
  const res = await server.call({
    method: 'POST',
    url: '/api/cars/import?dryRun=false&mode=all',
    payload: body.payload,
    headers: body.headers,
    user: dealer.user,
  });
  expect(res.statusCode).toBe(200);
  [draftId] = res.data.data.carIds;
});
afterAll(() => server.close());

describe('imported drafts', () => {
  it('are in no public list, count or dealer page', async () => {
    const list = await server.call({ method: 'GET', url: '/api/cars?limit=100' });
    expect(list.data.data.cars).toEqual([]);
    expect(list.data.data.total).toBe(0);
    const asked = await server.call({ method: 'GET', url: '/api/cars?status=draft&limit=100' });
    expect(asked.data.data?.cars ?? []).toEqual([]);
    const page = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}/cars` });
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(draftId);
    const profile = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}` });
    expect(profile.data.data.carCount ?? profile.data.data.activeCars ?? 0).toBe(0);
    const directory = await server.call({ method: 'GET', url: '/api/dealers' });
    expect(JSON.stringify(directory.data)).not.toMatch(/"carCount":[1-9]/);
  });

  it('are in no AI search or recommendation', async () => {
    for (const [url, payload] of [
      ['/api/ai/search-natural-language', { query: 'toyota hilux diesel' }],
      ['/api/ai/recommendations', { preferences: { make: 'Toyota' } }],
    ] as const) {
      const res = await server.call({ method: 'POST', url, payload, user: buyer });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(JSON.stringify(res.data), url).not.toContain(draftId);
    }
  });

  it('cannot be liked, viewed or commented on by a buyer', async () => {
    const like = await server.call({ method: 'POST', url: `/api/cars/${draftId}/like`, user: buyer });
    expect(like.statusCode).toBe(404);
    const liked = await server.call({ method: 'GET', url: '/api/cars/user/liked', user: buyer });
    expect(JSON.stringify(liked.data)).not.toContain(draftId);
    const comment = await server.call({
      method: 'POST',
      url: `/api/cars/${draftId}/comments`,
      payload: { comment: 'Still for sale?' },
      user: buyer,
    });
    expect(comment.statusCode).toBe(404);
  });

  it('belong to the importer only: another dealer can neither see nor change them', async () => {
    const theirs = await server.call({
      method: 'GET',
      url: '/api/cars/mine?limit=100',
      user: otherDealer.user,
    });
    expect(theirs.data.data.cars).toEqual([]);
    const edit = await server.call({
      method: 'PUT',
      url: `/api/cars/${draftId}`,
      payload: { price: 1 },
      user: otherDealer.user,
    });
    expect(edit.statusCode).toBe(403);
    const bulk = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      payload: { carIds: [draftId], status: 'active' },
      user: otherDealer.user,
    });
    expect(bulk.statusCode).toBe(403);
  });

  it('go live only with their video: status changes cannot publish a draft or make one', async () => {
    const publish = await server.call({
      method: 'PUT',
      url: `/api/cars/${draftId}`,
      payload: { status: 'active' },
      user: dealer.user,
    });
    expect(publish.statusCode).toBe(400);
    const bulk = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      payload: { carIds: [draftId], status: 'active' },
      user: dealer.user,
    });
    expect(bulk.statusCode).toBe(400);
    const live = await server.call({
      method: 'POST',
      url: '/api/cars',
      payload: validCar,
      user: dealer.user,
    });
    expect(live.statusCode).toBe(201);
    const hide = await server.call({
      method: 'PUT',
      url: `/api/cars/${live.data.data.id}`,
      payload: { status: 'draft' },
      user: dealer.user,
    });
    expect(hide.statusCode).toBe(400);
    const bulkHide = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      payload: { carIds: [live.data.data.id], status: 'draft' },
      user: dealer.user,
    });
    expect(bulkHide.statusCode).toBe(400);
    const mine = await server.call({ method: 'GET', url: '/api/cars/mine?status=draft', user: dealer.user });
    expect(mine.data.data.cars.map((car: { id: string }) => car.id)).toEqual([draftId]);
  });
});
