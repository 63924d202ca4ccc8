import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { carCatalogueIndexOf } from '../cars/car-catalogue-index.ts';
import type { AppContext } from '../context.ts';
import { POSTGRES_POOL_SIZE, resultRows } from '../db/client.ts';

/** The parts of the context a process's metrics read. */
type MetricsSources = Pick<AppContext, 'database' | 'db' | 'jobs'> &
  Partial<Pick<AppContext, 'messageEvents' | 'readiness'>>;

/**
 * A process's Prometheus metrics (docs/DEPLOYMENT.md lists each with its alert): the process itself, the database
 * connections, the job queue, and in an API process its requests, live streams, readiness and catalogue index.
 * Gauges are read when scraped, so an idle process costs nothing.
 */
export function processMetrics(sources: MetricsSources): Registry {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'autoreel_' });
  new Gauge({
    name: 'autoreel_db_connections',
    help: "Connections to this database on the Postgres server by state, every process's pools together",
    labelNames: ['state'],
    registers,
    async collect() {
      if (sources.database.dialect !== 'postgres') return;
      this.reset();
      const rows = resultRows<{ state: string | null; n: number }>(
        await sources.db.execute(sql`
          select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
          where datname = current_database() group by 1`),
      );
      for (const row of rows) this.set({ state: row.state ?? 'unknown' }, row.n);
    },
  });
  new Gauge({
    name: 'autoreel_db_connections_max',
    help: "The Postgres server's max_connections",
    registers,
    async collect() {
      if (sources.database.dialect !== 'postgres') return;
      const [row] = resultRows<{ n: number }>(
        await sources.db.execute(sql`select current_setting('max_connections')::int as n`),
      );
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'autoreel_db_pool_size',
    help: 'Connections this process may open to Postgres',
    registers,
    collect() {
      this.set(sources.database.dialect === 'postgres' ? POSTGRES_POOL_SIZE : 1);
    },
  });
  new Gauge({
    name: 'autoreel_jobs',
    help: "Background jobs by queue and state (created, retry, active, failed); a shared queue counts every process's",
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const { queue, state, count } of await sources.jobs.counts()) this.set({ queue, state }, count);
    },
  });
  const { messageEvents, readiness } = sources;
  if (messageEvents) {
    new Gauge({
      name: 'autoreel_live_streams_open',
      help: 'Live message streams (Server-Sent Events) this process holds open',
      registers,
      collect() {
        this.set(messageEvents.openStreams);
      },
    });
  }
  if (readiness) {
    new Gauge({
      name: 'autoreel_ready',
      help: '1 while this process takes traffic (GET /api/ready answers 200), 0 while it starts or drains',
      registers,
      collect() {
        this.set(readiness.state === 'ready' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'autoreel_catalogue_index_lag',
      help: "Change log entries written that this process's catalogue index has not applied yet",
      registers,
      async collect() {
        const applied = carCatalogueIndexOf(sources.db).appliedSeq;
        const [row] = resultRows<{ last: number }>(
          await sources.db.execute(
            sql`select coalesce(max(seq), 0)::bigint::float8 as last from car_changes`,
          ),
        );
        this.set(applied === undefined ? (row?.last ?? 0) : Math.max(0, (row?.last ?? 0) - applied));
      },
    });
  }
  return registry;
}

/** Counts and times every answer by its route's pattern (never the raw URL, which would make a series per car). */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const registers = [registry];
  const requests = new Counter({
    name: 'autoreel_http_requests_total',
    help: 'HTTP answers by method, route pattern and status',
    labelNames,
    registers,
  });
  const errors = new Counter({
    name: 'autoreel_http_errors_total',
    help: 'HTTP answers with a 5xx status by method, route pattern and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'autoreel_http_request_duration_seconds',
    help: 'Time to answer by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    if (reply.statusCode >= 500) errors.inc(labels);
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/** GET /metrics on its own port, away from the public listener (the proxy never forwards to it). */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
