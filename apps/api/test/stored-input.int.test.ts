import { afterAll, beforeAll, expect, it } from 'vitest';
import { cars } from '../src/db/schema/index.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

it('answers 400, not 500, for text the database cannot store, and stores nothing', async () => {
  const { user } = await createDealer(server);
  const res = await server.call({
    method: 'POST',
    url: '/api/cars',
    user,
    payload: {
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      mileage: 40_000,
      exteriorColor: 'White',
      interiorColor: 'Black',
      description: 'A tidy sedan with a full service history\u0000 and one owner.',
    },
  });
  expect(res.statusCode).toBe(400);
  expect(res.data).toMatchObject({
    success: false,
    error: 'The request contains characters or values that cannot be stored',
  });
  expect(await server.ctx.db.select().from(cars)).toHaveLength(0);
});
