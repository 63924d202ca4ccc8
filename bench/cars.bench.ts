// GET /api/cars over a large catalogue: first page, a deep keyset page, filters, typo search.
// `npm run bench -- cars` (PGlite); AUTOREEL_TEST_DB=postgres for the Postgres server. BENCH_CARS sets the size (the bulk loader's int arithmetic caps it near 20,000).
import { sql } from 'drizzle-orm';
import { encodeCarCursor } from '../apps/api/src/services/car-cursor.ts';
import { createTestServer } from '../apps/api/test/harness.ts';
import { insertBulkCars, rows } from './lib/bulk-cars.ts';

const count = Number(process.env['BENCH_CARS'] ?? 20_000);
const runs = 15;

const server = await createTestServer();
try {
  const started = performance.now();
  await insertBulkCars(server.ctx.db, count);
  console.log(
    `${count} cars on ${server.ctx.database.dialect} in ${Math.round(performance.now() - started)} ms`,
  );

  // The cursor a client would hold after paging 90% of the way through, built from the row at that position.
  const deepRow = rows<{ key: string; id: string }>(
    await server.ctx.db.execute(
      sql`select (extract(epoch from created_at) * 1000000)::bigint::text as key, id from cars
          order by created_at desc, id desc offset ${Math.floor(count * 0.9)} limit 1`,
    ),
  )[0]!;
  const deepCursor = encodeCarCursor('newest', deepRow);

  const cases: [string, string][] = [
    ['first page (newest)', '/api/cars'],
    ['deep page (90% in, newest)', `/api/cars?cursor=${deepCursor}`],
    ['price-low first page', '/api/cars?sort=price-low'],
    [
      'filters: make + body + price range',
      '/api/cars?make=Toyota&bodyType=SUV&minPrice=500000&maxPrice=2000000',
    ],
    ['full-text search "corolla"', '/api/cars?search=corolla'],
    ['typo search "toyta"', '/api/cars?search=toyta'],
  ];
  for (const [name, url] of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t = performance.now();
      const res = await server.call({ method: 'GET', url });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${name.padEnd(40)} median ${median.toFixed(1)} ms  p90 ${times[Math.floor(runs * 0.9)]!.toFixed(1)} ms`,
    );
  }
} finally {
  await server.close();
}
