// The catalogue while it is edited: mixed uncached browse traffic while another process changes prices at a steady
// rate, the freshness lag between two API processes, and the in-memory index's size and catch-up time.
import { randomBytes } from 'node:crypto';
import vm from 'node:vm';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, resultRows } from '../../apps/api/src/db/client.ts';
import { AccessTokenService } from '../../apps/api/src/accounts/access-token.service.ts';
import { CarCatalogueIndex } from '../../apps/api/src/cars/car-catalogue-index.ts';
import { cpuMeter } from './cpu-time.ts';
import { startTarget } from './load.ts';
import { measureMixed, mixedRequests, type MixedResult } from './mixed-traffic.ts';

export interface EditRow {
  dialect: string;
  editsPerSecond: number;
  editsDone: number;
  result: MixedResult;
  /** CPU ms a second of the row: the API process's and the database's (Postgres backends; PGlite is in the API). */
  cpuPerSecond: { server: number; database: number };
}

export interface Freshness {
  dialect: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface IndexFigures {
  dialect: string;
  cars: number;
  /** Heap and array buffers the index holds, per 100,000 cars. */
  megabytesPer100k: number;
  fullReadMs: number;
  /** Applying this many log entries written while the process was away. */
  pending: number;
  catchUpMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The bench dealer (bench/lib/bulk-cars.ts) and a few thousand of its active cars with their prices. */
async function editableCars(target: string) {
  const handle = await openDatabase(target.startsWith('postgres://') ? { url: target } : { dataDir: target });
  try {
    const [seller] = resultRows<{ id: string }>(
      await handle.db.execute(sql`select id from users where phone = '+26876999999'`),
    );
    const cars = resultRows<{ id: string; price: number }>(
      await handle.db.execute(
        sql`select id::text, price from cars where status = 'active' and price > 10000 order by id limit 5000`,
      ),
    );
    return { sellerId: seller!.id, cars };
  } finally {
    await handle.close();
  }
}

/** Calls `edit` `rate` times a second until stopped, at most 8 at once; answers how many were done. */
function paced(rate: number, edit: (n: number) => Promise<void>) {
  let done = 0;
  let sent = 0;
  let inFlight = 0;
  let failed: Error | null = null;
  const timer =
    rate > 0
      ? setInterval(() => {
          if (inFlight >= 8) return;
          inFlight += 1;
          sent += 1;
          edit(sent).then(
            () => {
              done += 1;
              inFlight -= 1;
            },
            (error: unknown) => {
              failed = error instanceof Error ? error : new Error(String(error));
              inFlight -= 1;
            },
          );
        }, 1000 / rate)
      : null;
  return async () => {
    if (timer) clearInterval(timer);
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    if (failed) throw failed;
    return done;
  };
}

/**
 * Mixed uncached reads (the same fixed-seed traffic as the mixed rows) against one API process while prices change
 * `rates` times a second. On Postgres another process (this one, through its own connection) updates the rows,
 * as a script or a second API process would; PGlite admits one process, so there the edits are PUT /cars/{id}
 * through the API process itself.
 */
export async function measureUnderEdits(
  dialect: 'pglite' | 'postgres',
  target: string,
  server: string,
  options: {
    rates: number[];
    connections: number;
    seconds: number;
    seed: number;
    /** The database's own processes, whose CPU the row reports beside the API process's. */
    databasePids: () => Promise<number[]>;
  },
): Promise<EditRow[]> {
  const { sellerId, cars } = await editableCars(target);
  const prices = new Map(cars.map((car) => [car.id, car.price]));
  const secret = randomBytes(32).toString('hex');
  process.env['BENCH_JWT_SECRET'] = secret;
  const token = await new AccessTokenService(secret).sign({ id: sellerId, role: 'dealer' });
  const running = await startTarget(server, ['api', target]);
  const base = `http://127.0.0.1:${running.port}`;
  const editor = dialect === 'postgres' ? postgres(target, { max: 4, onnotice: () => undefined }) : null;
  const edit = async (n: number) => {
    const car = cars[(n * 7919) % cars.length]!;
    // Down and up in turn, so prices stay where the filters expect them and drops keep coming.
    const price = prices.get(car.id)! + (n % 2 === 0 ? 500 : -500);
    prices.set(car.id, price);
    if (editor) {
      await editor`update cars set price = ${price}, updated_at = now() where id = ${car.id}`;
      return;
    }
    const res = await fetch(`${base}/api/cars/${car.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`PUT /cars/{id} answered ${res.status}`);
  };
  const rows: EditRow[] = [];
  try {
    await measureMixed(base, mixedRequests(options.seed + 1, 10_000), {
      connections: options.connections,
      seconds: 2,
    });
    for (const rate of options.rates) {
      // Fresh requests for every row: nothing any row asked is cached for the next.
      const requests = mixedRequests(options.seed + 10 + rate, 100_000);
      // CPU time shows where a row's throughput went: the reads' own cost, or the work each edit brings.
      const serverCpu = cpuMeter(async () => [running.child.pid!]);
      const databaseCpu = cpuMeter(options.databasePids);
      await serverCpu.start();
      await databaseCpu.start();
      const started = performance.now();
      const stop = paced(rate, edit);
      const result = await measureMixed(base, requests, {
        connections: options.connections,
        seconds: options.seconds,
      });
      const editsDone = await stop();
      const seconds = (performance.now() - started) / 1000;
      const cpuPerSecond = {
        server: Math.round((await serverCpu.stop()) / seconds),
        database: Math.round((await databaseCpu.stop()) / seconds),
      };
      if (result.non2xx || result.errors)
        throw new Error(
          `mixed traffic under ${rate} edits/s: ${result.non2xx} non-2xx, ${result.errors} errors`,
        );
      rows.push({ dialect, editsPerSecond: rate, editsDone, result, cpuPerSecond });
      console.log(
        `  mixed uncached traffic, ${String(rate).padStart(2)} edits/s: ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  (${editsDone} edits)  CPU ms/s: server ${cpuPerSecond.server}, database ${cpuPerSecond.database}`,
      );
    }
  } finally {
    await editor?.end();
    await running.stop();
  }
  return rows;
}

/**
 * Two API processes on one Postgres: a price lowered through the first, timed until the second's list answer
 * ('recently reduced', first car) shows it. Postgres only: PGlite admits one process.
 */
export async function measureFreshness(target: string, server: string, samples = 100): Promise<Freshness> {
  const { sellerId, cars } = await editableCars(target);
  const secret = randomBytes(32).toString('hex');
  process.env['BENCH_JWT_SECRET'] = secret;
  const token = await new AccessTokenService(secret).sign({ id: sellerId, role: 'dealer' });
  const first = await startTarget(server, ['api', target]);
  const second = await startTarget(server, ['api', target]);
  const lags: number[] = [];
  // The first edits through a process just started pay for compiling its paths (the write, the catch-up, the list):
  // a few unmeasured ones first, so the figure is the lag of processes that have been serving, as in production.
  const warmUps = 5;
  try {
    for (let n = 0; n < warmUps + samples; n += 1) {
      const car = cars[(n * 104729) % cars.length]!;
      const price = car.price - 1000 - n;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${first.port}/api/cars/${car.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ price }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`PUT answered ${res.status}`);
      for (;;) {
        const list = await fetch(
          `http://127.0.0.1:${second.port}/api/cars?sort=recently-reduced&limit=1`,
        ).then((answer) => answer.json() as Promise<{ data: { cars: { id: string; price: number }[] } }>);
        const top = list.data.cars[0];
        if (top?.id === car.id && top.price === price) break;
        if (performance.now() - started > 10_000) throw new Error('the edit did not show within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (n >= warmUps) lags.push(performance.now() - started);
      // Restore, so a later run starts from the same prices.
      car.price = price;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
  lags.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    dialect: 'postgres',
    samples,
    p50Ms: round(percentile(lags, 50)),
    p99Ms: round(percentile(lags, 99)),
    maxMs: round(lags.at(-1)!),
  };
}

/** The index's memory (after a collection) and its full read, then the time to apply `pending` log entries. */
export async function measureIndex(
  dialect: 'pglite' | 'postgres',
  target: string,
  pending = 1000,
): Promise<IndexFigures> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const handle = await openDatabase(dialect === 'postgres' ? { url: target } : { dataDir: target });
  try {
    const [count] = resultRows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from cars where status = 'active'`),
    );
    const used = () => {
      gc();
      gc();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const before = used();
    const index = new CarCatalogueIndex(handle.db);
    const started = performance.now();
    if (!(await index.ready())) throw new Error('the index could not be read');
    const fullReadMs = performance.now() - started;
    const held = used() - before;
    // Entries written while the process was away (a restart): applied from the log, car by car.
    await handle.db.execute(sql`
      update cars set price = price + 1 where id in (
        select id from cars where status = 'active' order by id desc limit ${pending})`);
    const catchUpStarted = performance.now();
    await index.caughtUp();
    const catchUpMs = performance.now() - catchUpStarted;
    await handle.db.execute(sql`
      update cars set price = price - 1 where id in (
        select id from cars where status = 'active' order by id desc limit ${pending})`);
    await index.close();
    return {
      dialect,
      cars: count!.n,
      megabytesPer100k: Math.round(((held / count!.n) * 100_000) / 1e5) / 10,
      fullReadMs: Math.round(fullReadMs),
      pending,
      catchUpMs: Math.round(catchUpMs),
    };
  } finally {
    await handle.close();
  }
}
