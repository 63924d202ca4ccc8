// One new listing fanned out to 10,000 saved searches: how long the listing's create takes (the seller's wait),
// and how long until the last in-app notification is written and the last delivery is handed to a channel's
// receiver, on the real context (change log trigger, NOTIFY wake, job queue, in-memory matching, outbox).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { loadConfig } from '../../apps/api/src/config/config.ts';
import { createContext } from '../../apps/api/src/context.ts';
import { openDatabase, resultRows, type DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { savedSearches, users } from '../../apps/api/src/db/schema/index.ts';
import type { NotificationChannel } from '../../apps/api/src/notifications/channels/channel.ts';

export interface FanoutResult {
  dialect: 'pglite' | 'postgres';
  searches: number;
  /** The listing's create (CarService.create), median of the runs. */
  createMs: number;
  /** From the create's start until the last in-app notification is written. */
  lastInAppMs: number;
  /** From the create's start until the last delivery is handed to the channel's receiver. */
  lastPushMs: number;
}

export async function openFresh(dialect: 'pglite' | 'postgres', adminUrl: string) {
  if (dialect === 'pglite') {
    const handle = await openDatabase({});
    return { handle, drop: () => handle.close() };
  }
  const name = `autoreel_bench_fanout_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 8 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function count(handle: DatabaseHandle, carId: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from notifications where dedupe_key = ${`match:${carId}`}`,
    ),
  );
  return row?.n ?? 0;
}

export async function measureFanout(
  dialect: 'pglite' | 'postgres',
  adminUrl: string,
  searches = 10_000,
  runs = 3,
): Promise<FanoutResult> {
  const fresh = await openFresh(dialect, adminUrl);
  const handle = fresh.handle;
  try {
    await migrateDatabase(handle);
    const [seller] = await handle.db
      .insert(users)
      .values({
        name: 'Bench seller',
        phone: '+26879000000',
        role: 'customer',
        passwordHash: 'x',
        isPrivateSeller: true,
      })
      .returning({ id: users.id });
    const buyerIds: string[] = [];
    for (let i = 0; i < searches; i += 2000) {
      const rows = await handle.db
        .insert(users)
        .values(
          Array.from({ length: Math.min(2000, searches - i) }, (_, j) => ({
            name: `Buyer ${i + j}`,
            phone: `+2687${String(1_000_000 + i + j).padStart(7, '0')}`,
            role: 'customer',
            passwordHash: 'x',
          })),
        )
        .returning({ id: users.id });
      buyerIds.push(...rows.map((row) => row.id));
    }
    // Every search matches the benchmark car, each in its own words: bounds, body, fuel, make or free text.
    const shapes: Record<string, string | number>[] = [
      { bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 },
      { make: 'BYD', sort: 'newest' },
      { minYear: 2020, maxMileage: 50_000 },
      { bodyType: 'SUV', minSeats: 5 },
      { search: 'atto quiet' },
    ];
    for (let i = 0; i < buyerIds.length; i += 2000) {
      await handle.db.insert(savedSearches).values(
        buyerIds.slice(i, i + 2000).map((userId, j) => ({
          userId,
          name: `search ${i + j}`,
          filters: { sort: 'newest', ...shapes[(i + j) % shapes.length]! },
          alert: 'instant' as const,
        })),
      );
    }
    let handed = 0;
    const push: NotificationChannel = {
      name: 'push',
      async deliver() {
        handed += 1;
        return { outcome: 'sent' };
      },
    };
    const config = {
      ...loadConfig({}),
      dataDir: `/tmp/autoreel-bench-${randomBytes(4).toString('hex')}`,
      logLevel: 'silent' as const,
    };
    const ctx = createContext(config, handle, randomBytes(32).toString('hex'), undefined, {
      channels: [push],
    });
    await ctx.jobs.start();
    await ctx.messageEvents.start();
    await ctx.changeLogWake.start();
    const results: { create: number; inApp: number; push: number }[] = [];
    try {
      for (let run = 0; run < runs; run += 1) {
        handed = 0;
        const started = performance.now();
        const car = await ctx.cars.create({ id: seller!.id, role: 'customer' }, {
          make: 'BYD',
          model: `Atto 3 run ${run}`,
          year: 2024,
          mileage: 500,
          price: 850_000,
          fuelType: 'Electric',
          transmission: 'Automatic',
          bodyType: 'SUV',
          condition: 'New',
          status: 'active',
          exteriorColor: 'White',
          interiorColor: 'Black',
          description: 'Quiet, quick and cheap to run.',
          features: [],
          images: [],
          videos: [],
        } as never);
        const created = performance.now() - started;
        let inApp = 0;
        while ((await count(handle, car.id)) < searches)
          await new Promise((resolve) => setTimeout(resolve, 5));
        inApp = performance.now() - started;
        while (handed < searches) await new Promise((resolve) => setTimeout(resolve, 5));
        results.push({ create: created, inApp, push: performance.now() - started });
        console.log(
          `  ${dialect} fan-out run ${run + 1}: create ${created.toFixed(0)} ms, last in-app ${inApp.toFixed(0)} ms, last push handed over ${(performance.now() - started).toFixed(0)} ms`,
        );
      }
    } finally {
      await ctx.changeLogWake.close();
      await ctx.messageEvents.close();
      await ctx.jobs.stop();
      await ctx.closeRateLimits();
      await ctx.publicAnswers.close();
    }
    return {
      dialect,
      searches,
      createMs: Math.round(median(results.map((r) => r.create))),
      lastInAppMs: Math.round(median(results.map((r) => r.inApp))),
      lastPushMs: Math.round(median(results.map((r) => r.push))),
    };
  } finally {
    await fresh.drop();
  }
}
