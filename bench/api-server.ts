// One benchmark target in its own process, so the load generator never shares an event loop with the server.
//   node bench/api-server.ts api|bare <postgres-url | pglite-dir>
// 'api' is the real server; 'bare' is a plain Fastify route running the same repository SQL through the same
// driver with no validation, authentication hooks or presentation: the floor the real endpoint is compared with.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/config.ts';
import { createContext } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { CarRepository } from '../apps/api/src/cars/car.repository.ts';
import { carCatalogueIndexOf } from '../apps/api/src/cars/car-catalogue-index.ts';
import { decodeCarCursor, encodeCarCursor } from '../apps/api/src/cars/car-cursor.ts';
import { carListQuery } from './lib/car-list-query.ts';

const [mode, target] = process.argv.slice(2);
if ((mode !== 'api' && mode !== 'bare') || !target)
  throw new Error('usage: api-server.ts api|bare <database>');
const isPostgres = target.startsWith('postgres://');
const database = await openDatabase(isPostgres ? { url: target, poolSize: 10 } : { dataDir: target });

async function bareServer() {
  const app = Fastify({ logger: false });
  const repository = new CarRepository(database.db);
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/cars', async (request) => {
    const q = request.query;
    const { filters, sort } = carListQuery(q);
    const after = q['cursor'] ? decodeCarCursor(q['cursor'], sort) : null;
    // The floor: the page statement alone, the one statement any answer needs (no total, no presenter).
    const page = await repository.list(filters, sort, Number(q['limit'] ?? 20), after);
    const last = page.records.at(-1);
    return {
      cars: page.records.map((r) => r.car),
      nextCursor: page.hasMore && last ? encodeCarCursor(sort, last.keyset) : null,
    };
  });
  app.get<{ Params: { id: string } }>('/api/cars/:id', async (request) =>
    repository.findById(request.params.id),
  );
  return app;
}

async function apiServer() {
  const config = {
    // The load comes from one account at hundreds of requests a second: the benchmark measures the handlers,
    // so the per-person write limits (which would answer 429 after the first minute's allowance) are off.
    // AUTOREEL_SEARCH_RANKING=plain runs the search with the ask-only ranking, for the richer scorer's row.
    ...loadConfig({
      AUTOREEL_WRITE_LIMITS: 'off',
      AUTOREEL_SEARCH_RANKING: process.env['AUTOREEL_SEARCH_RANKING'],
    }),
    dataDir: isPostgres ? '/tmp/autoreel-bench-config' : target!,
    databaseUrl: isPostgres ? target : undefined,
    storefrontDir: undefined,
    logLevel: 'silent',
  };
  return buildApp(
    createContext(config, database, process.env['BENCH_JWT_SECRET'] ?? randomBytes(32).toString('hex')),
  );
}

const app = mode === 'api' ? await apiServer() : await bareServer();
// Both are measured in their steady state: with the catalogue index read, as a running server has it.
if (!(await carCatalogueIndexOf(database.db).ready())) console.error('the catalogue index could not be read');
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
