import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { createTestDatabase, nextTestPhone, TEST_DIALECT } from './harness.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';

/**
 * Two real API processes on one Postgres, each with its own in-memory catalogue index following the change log: an
 * edit through one shows in the other's list answers within a second, and a process restarted while edits go on
 * misses none of them.
 */
async function call(server: ApiProcess, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(server.url(path), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, data: (await res.json()) as any };
}

describe.skipIf(TEST_DIALECT !== 'postgres')(
  'the catalogue across two API processes',
  { timeout: 300_000 },
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let shared: Record<string, string>;
    let first: ApiProcess;
    let second: ApiProcess;
    let token: string;

    const truth = async (make: string) =>
      resultRows<{ id: string; price: number }>(
        await database.handle.db.execute(
          sql`select id::text, price from cars where make = ${make} and status = 'active' order by price, id`,
        ),
      );
    const listed = async (server: ApiProcess, make: string) => {
      const res = await call(server, 'GET', `/api/cars?make=${make}&sort=price-low&limit=100`);
      expect(res.status).toBe(200);
      return (res.data.data.cars as { id: string; price: number }[]).map(({ id, price }) => ({ id, price }));
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      shared = {
        DATABASE_URL: database.url ?? '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
      };
      // One after the other: the first applies the migrations.
      first = await startApiProcess(shared);
      second = await startApiProcess(shared);
      const phone = nextTestPhone();
      expect(
        (
          await call(first, 'POST', '/api/auth/signup', {
            name: 'Seller',
            phone,
            password: 'two-processes-1',
          })
        ).status,
      ).toBe(201);
      const outbox = await call(first, 'GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
      const verified = await call(first, 'POST', '/api/auth/verify-signup', {
        phone,
        otp: outbox.data.data.messages[0].code,
      });
      token = verified.data.data.accessToken;
      const sellerId = verified.data.data.user.id as string;
      // A catalogue for the indexes to hold, and the cars the tests edit.
      await database.handle.db.execute(sql`
      insert into cars (seller_id, seller_type, make, model, year, mileage, fuel_type, transmission, body_type,
                        condition, description, price)
      select ${sellerId}, 'private', (array['Toyota','Skoda','Volvo','Kia'])[1 + i % 4], 'Model', 2015 + i % 8,
             i * 100, 'Petrol', 'Manual', 'Sedan', 'Used', 'Car ' || i, 200000 + i * 10
      from generate_series(1, 2000) as i`);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.drop();
    });

    it("shows an edit through one process in the other's list within a second", async () => {
      const before = await listed(second, 'Skoda');
      expect(before).toEqual((await truth('Skoda')).slice(0, 100));
      const car = before[5]!;
      const started = performance.now();
      expect((await call(first, 'PUT', `/api/cars/${car.id}`, { price: 1000 }, token)).status).toBe(200);
      for (;;) {
        const now = await listed(second, 'Skoda');
        if (now[0]?.id === car.id && now[0].price === 1000) break;
        expect(performance.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('a process restarted while edits go on misses none of them', async () => {
      const cars = (await truth('Volvo')).slice(0, 60);
      let editing = true;
      let edits = 0;
      const editor = (async () => {
        while (editing) {
          const car = cars[edits % cars.length]!;
          const res = await call(first, 'PUT', `/api/cars/${car.id}`, { price: 150_000 - edits * 10 }, token);
          expect(res.status).toBe(200);
          edits += 1;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await second.stop();
      second = await startApiProcess(shared);
      // Edits go on while the new process reads the catalogue and follows the log.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      editing = false;
      await editor;
      expect(edits).toBeGreaterThan(20);
      const expected = (await truth('Volvo')).slice(0, 100);
      const started = performance.now();
      for (;;) {
        const now = await listed(second, 'Volvo');
        if (JSON.stringify(now) === JSON.stringify(expected)) break;
        expect(performance.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // And the other process agrees.
      expect(await listed(first, 'Volvo')).toEqual(expected);
    });
  },
);
