// node bench/explain-catalogue.ts <postgres-url | pglite-dir>: EXPLAIN (ANALYZE, BUFFERS) of the catalogue's
// statements behind the causes in docs/PERFORMANCE.md, and the time each takes through the driver, on the bench's
// fixture (run `npm run bench:api` once first to seed it).
import { openDatabase } from '../apps/api/src/db/client.ts';
import { AiRepository } from '../apps/api/src/ai/ai.repository.ts';
import { CarRepository, type CarFilters, type CarSort } from '../apps/api/src/cars/car.repository.ts';
import { carListQuery } from './lib/car-list-query.ts';
import { mixedRequests } from './lib/mixed-traffic.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: explain-catalogue.ts <database>');
const database = await openDatabase(target.startsWith('postgres://') ? { url: target } : { dataDir: target });
const cars = new CarRepository(database.db);
const ai = new AiRepository(database.db);
const active = ['active'];

/** Median wall time of `run` over `times` calls, after one call that warms caches. */
async function median(run: () => Promise<unknown>, times = 15): Promise<string> {
  await run();
  const took: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return `${took[Math.floor(times / 2)]!.toFixed(2)} ms`;
}

const lists: [string, CarFilters, CarSort][] = [
  ['1. search (typo: toyta)', { search: 'toyta', statuses: active }, 'newest'],
  [
    '2. transmission + condition + maxPrice',
    { transmission: 'manual', condition: 'used', maxPrice: 500_000, statuses: active },
    'newest',
  ],
  ['3. search: white bmw', { search: 'white bmw', statuses: active }, 'newest'],
  ['3. search: nothing matches (zzzqqq)', { search: 'zzzqqq', statuses: active }, 'price-low'],
  ['5. first page', { statuses: active }, 'newest'],
];
for (const [name, filters, sort] of process.env['EXPLAIN_MIXED'] ? [] : lists) {
  console.log(`\n### ${name}: page (${sort})\n`);
  console.log(await cars.explainList(filters, sort, 20, null, true));
  console.log(`\nthrough the driver: ${await median(() => cars.list(filters, sort, 20, null))}`);
  console.log(
    `\n### ${name}: total (${JSON.stringify(await cars.total(filters))}); the exact count when few are expected\n`,
  );
  console.log(await cars.explainCount(filters, true));
  console.log(`\nthrough the driver: ${await median(() => cars.total(filters))}`);
}
if (!process.env['EXPLAIN_MIXED'])
  console.log(`\n### 4. makes and models in stock: ${await median(() => ai.activeMakesAndModels(), 5)}`);
if (!process.env['EXPLAIN_MIXED'])
  console.log(
    `### 4. 'stick shift' (transmission manual): ${await median(() => ai.candidates({ transmission: 'manual' }, 200), 5)}`,
  );
// The slowest of the mixed traffic's first requests (bench/lib/mixed-traffic.ts), each statement's own execution.
const MIXED = Number(process.env['EXPLAIN_MIXED'] ?? 0);
if (MIXED > 0) {
  const database2 = await openDatabase(
    target.startsWith('postgres://') ? { url: target } : { dataDir: target },
  );
  const repository = new CarRepository(database2.db);
  const timed: { path: string; page: number; total: number; filters: CarFilters; sort: CarSort }[] = [];
  for (const { path } of mixedRequests(18, MIXED)) {
    const q = Object.fromEntries(new URL(path, 'http://x').searchParams);
    const { filters, sort } = carListQuery(q);
    let started = performance.now();
    await repository.list(filters, sort, 20, null);
    const page = performance.now() - started;
    started = performance.now();
    await repository.total(filters);
    timed.push({ path, page, total: performance.now() - started, filters, sort });
  }
  timed.sort((a, b) => b.page + b.total - (a.page + a.total));
  for (const slow of timed.slice(0, Number(process.env['EXPLAIN_SHOW'] ?? 5))) {
    console.log(`\n### ${slow.path}: page ${slow.page.toFixed(1)} ms, total ${slow.total.toFixed(1)} ms\n`);
    console.log(await repository.explainList(slow.filters, slow.sort, 20, null, true));
  }
  const sum = (key: 'page' | 'total') => timed.reduce((s, t) => s + t[key], 0) / timed.length;
  console.log(`\nmean page ${sum('page').toFixed(2)} ms, mean total ${sum('total').toFixed(2)} ms`);
  await database2.close();
}
await database.close();
