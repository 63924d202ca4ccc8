// npm run bench:api — the car catalogue under load on PGlite and on Postgres, each endpoint of the real API side by
// side with a bare route running the same SQL through the same driver. Seeds 100,000 cars once per database.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, resultRows, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { randomBytes } from 'node:crypto';
import { AccessTokenService } from '../apps/api/src/accounts/access-token.service.ts';
import { insertBulkCars } from './lib/bulk-cars.ts';
import {
  BENCH_SEND_TEXT,
  insertBulkMessages,
  removeBenchSends,
  type MessagingFixture,
} from './lib/bulk-messages.ts';
import { measure, startTarget, type LoadResult } from './lib/load.ts';
import { cpuMeter } from './lib/cpu-time.ts';
import {
  measureMixed,
  measureMixedAtRate,
  mixedRequests,
  type MixedAtRateResult,
  type MixedResult,
} from './lib/mixed-traffic.ts';
import { measureAtRate } from './lib/paced-load.ts';
import {
  measureFreshness,
  measureIndex,
  measureUnderEdits,
  type EditRow,
  type Freshness,
  type IndexFigures,
} from './lib/catalogue-edits.ts';
import { measureFanout, type FanoutResult } from './lib/notification-fanout.ts';
import { measureImport, type ImportResult } from './lib/car-import.ts';

const CARS = Number(process.env['BENCH_CARS'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
// Page 200 of the full catalogue; smaller trial runs go as deep as their catalogue allows.
const DEEP_PAGE = Math.min(200, Math.floor(CARS / 40));
const POSTGRES_ADMIN = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const workDir = join(import.meta.dirname, '..', '.bench');
const server = join(import.meta.dirname, 'api-server.ts');
mkdirSync(workDir, { recursive: true });

/** A database holding exactly CARS benchmark cars, reused between runs when it already does. */
async function prepare(
  dialect: 'pglite' | 'postgres',
): Promise<{ target: string; sampleId: string; messaging: MessagingFixture }> {
  let handle: DatabaseHandle;
  let target: string;
  if (dialect === 'pglite') {
    target = join(workDir, `pglite-${CARS}`);
    handle = await openDatabase({ dataDir: target });
  } else {
    // BENCH_DATABASE keeps one branch's schema away from another's fixture on a shared server.
    const name = process.env['BENCH_DATABASE'] ?? `autoreel_bench_${CARS}`;
    const admin = postgres(POSTGRES_ADMIN, { max: 1, onnotice: () => undefined });
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length === 0) await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_ADMIN);
    url.pathname = `/${name}`;
    target = url.toString();
    handle = await openDatabase({ url: target });
  }
  await migrateDatabase(handle);
  const [count] = resultRows<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from cars`),
  );
  const [buyers] = resultRows<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from users where phone = '+26878000000'`),
  );
  if (count?.n !== CARS || buyers?.n !== 1) {
    const started = Date.now();
    await handle.db.execute(sql`truncate messages, conversations, cars, dealers, users cascade`);
    await insertBulkCars(handle.db, CARS);
    await insertBulkMessages(handle.db);
    console.log(`  seeded ${CARS} cars on ${dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    await removeBenchSends(handle.db);
  }
  // A migration can rewrite the table (0009 regenerates the search document), and this Postgres runs without
  // autovacuum: the visibility map and statistics a running catalogue would have.
  await handle.db.execute(sql`vacuum (analyze) cars`);
  const [sample] = resultRows<{ id: string }>(
    await handle.db.execute(
      sql`select id from cars order by created_at desc offset ${Math.floor(CARS / 2)} limit 1`,
    ),
  );
  const [buyer] = resultRows<{ id: string }>(
    await handle.db.execute(sql`select id from users where phone = '+26878000000'`),
  );
  const partners = resultRows<{ id: string }>(
    await handle.db.execute(
      sql`select id from users where phone like '+268780%' and phone <> '+26878000000' order by phone`,
    ),
  );
  await handle.close();
  const partnerIds = partners.map((partner) => partner.id);
  return {
    target,
    sampleId: sample!.id,
    messaging: { buyerId: buyer!.id, sellerId: partnerIds[0]!, partnerIds },
  };
}

/** The cursor of page `page` (20 cars a page), found by walking the list as a client would. */
async function cursorForPage(base: string, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let i = 1; i < page; i += 1) {
    const response = await fetch(`${base}/api/cars?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
    const body = (await response.json()) as {
      data?: { nextCursor: string | null };
      nextCursor?: string | null;
    };
    cursor = (body.data ?? body).nextCursor ?? null;
    if (!cursor) throw new Error(`the list ended before page ${page}`);
  }
  return cursor!;
}

interface Row {
  dialect: string;
  endpoint: string;
  bare: LoadResult;
  api: LoadResult;
}

const results: Row[] = [];
const fixedRate: { dialect: string; endpoint: string; result: LoadResult; burst: LoadResult }[] = [];
const RATE = Number(process.env['BENCH_RATE'] ?? 500);
const WARM_UP_SECONDS = 3;

/**
 * Signed-in endpoints at a fixed 500 requests a second (the target is a p99 latency, not a throughput), against the
 * real server only: the buyer of the messaging fixture reads and writes its conversations and searches in words.
 * Each is measured twice: as a steady load (a request every 2 ms, the target's measure) and as bursts (each second's
 * 500 requests sent at once through 20 connections), which shows how the endpoint bears a crowd arriving together.
 */
async function measureSignedIn(dialect: string, target: string, fixture: MessagingFixture) {
  const secret = randomBytes(32).toString('hex');
  process.env['BENCH_JWT_SECRET'] = secret;
  const token = await new AccessTokenService(secret).sign({ id: fixture.buyerId, role: 'customer' });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const target_ = await startTarget(server, ['api', target]);
  const base = `http://127.0.0.1:${target_.port}/api`;
  const sendTo = (receiverId: string) =>
    JSON.stringify({ receiverId, message: BENCH_SEND_TEXT, messageType: 'text' });
  const cases: [string, string, string, (readonly string[])?][] = [
    ['conversations list', 'GET', '/messages/conversations'],
    ['history page', 'GET', `/messages/conversations/${fixture.sellerId}`],
    // Every send into one conversation, so each waits for the one before it on that conversation's row.
    ['send message', 'POST', '/messages/send', [sendTo(fixture.sellerId)]],
    [
      `send message (${fixture.partnerIds.length} conversations in turn)`,
      'POST',
      '/messages/send',
      fixture.partnerIds.map(sendTo),
    ],
    [
      'search-natural-language',
      'POST',
      '/ai/search-natural-language',
      [JSON.stringify({ query: 'electric SUV under 900k' })],
    ],
  ];
  const measuredHere = [];
  try {
    for (const [endpoint, method, path, bodies] of cases) {
      const options = { seconds: SECONDS, rate: RATE, method, headers, ...(bodies ? { bodies } : {}) };
      // A server that has just started compiles its hot paths during the first seconds of load.
      await measureAtRate(`${base}${path}`, { ...options, seconds: WARM_UP_SECONDS });
      const result = await measureAtRate(`${base}${path}`, options);
      const burst = await measure(`${base}${path}`, { ...options, connections: 20 });
      for (const [how, run] of [
        ['steady', result],
        ['bursts', burst],
      ] as const) {
        if (run.non2xx || run.errors)
          throw new Error(`${endpoint} (${how}): ${run.non2xx} non-2xx, ${run.errors} errors`);
        console.log(
          `  api  ${endpoint.padEnd(26)} ${String(run.requestsPerSecond).padStart(6)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms (${RATE}/s, ${how})`,
        );
      }
      measuredHere.push({ dialect, endpoint, result, burst });
    }
  } finally {
    await target_.stop();
  }
  return measuredHere;
}
/**
 * Searches a second while comparing the two rankings: each different, so no answer comes from the micro-cache. Half
 * of what PGlite answers at 100,000 cars (about 33 a second), so p50 is a search's own time, not time in a queue.
 */
const SCORER_RATE = Number(process.env['BENCH_SCORER_RATE'] ?? 15);
const SCORER_MAKES = [
  'toyota',
  'volkswagen',
  'ford',
  'bmw',
  'nissan',
  'hyundai',
  'kia',
  'mazda',
  'suzuki',
  'isuzu',
];
const SCORER_SHAPES = [
  '{make} under {k}k',
  'family suv under {k}k',
  '{make} diesel under {k}k',
  'cheap hatchback under {k}k',
];

interface ScorerRow {
  dialect: string;
  plain: LoadResult;
  rich: LoadResult;
  /** The server process's CPU ms per search, each ranking: steadier than a latency on a busy machine. */
  cpuPerSearch: { plain: number; rich: number };
}

/**
 * The AI search's p50 with today's ask-only ranking beside the richer scorer (market, mileage for age, age, budget,
 * media, reply time): the same real server started twice, AUTOREEL_SEARCH_RANKING=plain and rich, both running at
 * once and each sent the same stream of distinct queries at SCORER_RATE a second at the same moments (every query
 * differs in its budget, so the one-second answer cache never answers). Side by side in time, both see the same
 * machine: a busy second slows both. The target is at most 1 ms added at p50.
 */
async function measureScorer(dialect: string, target: string): Promise<ScorerRow> {
  const bodies: string[] = [];
  const rounds = 2;
  const perRound = SCORER_RATE * SECONDS;
  for (let k = 100; bodies.length < perRound * rounds + SCORER_RATE * WARM_UP_SECONDS; k += 1) {
    const shape = SCORER_SHAPES[k % SCORER_SHAPES.length]!;
    const make = SCORER_MAKES[k % SCORER_MAKES.length]!;
    bodies.push(JSON.stringify({ query: shape.replace('{make}', make).replace('{k}', String(k)) }));
  }
  const start = async (ranking: 'plain' | 'rich', database: string) => {
    process.env['AUTOREEL_SEARCH_RANKING'] = ranking;
    try {
      return await startTarget(server, ['api', database]);
    } finally {
      delete process.env['AUTOREEL_SEARCH_RANKING'];
    }
  };
  // An embedded database belongs to one process: the second server gets a copy of it, made afresh each run.
  let richTarget = target;
  if (dialect === 'pglite') {
    richTarget = `${target}-copy`;
    rmSync(richTarget, { recursive: true, force: true });
    cpSync(target, richTarget, { recursive: true });
  }
  const plain = await start('plain', target);
  const rich = await start('rich', richTarget);
  try {
    const options = {
      rate: SCORER_RATE,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    };
    const both = (queries: string[], seconds: number) =>
      Promise.all(
        [plain, rich].map((api) =>
          measureAtRate(`http://127.0.0.1:${api.port}/api/ai/search-natural-language`, {
            ...options,
            seconds,
            bodies: queries,
          }),
        ),
      );
    // Warm-up on the last queries, then each round on its own: no query is sent twice to a server.
    await both(bodies.slice(perRound * rounds), WARM_UP_SECONDS);
    const runs: Record<'plain' | 'rich', LoadResult[]> = { plain: [], rich: [] };
    const cpu = {
      plain: cpuMeter(async () => [plain.child.pid!]),
      rich: cpuMeter(async () => [rich.child.pid!]),
    };
    await Promise.all([cpu.plain.start(), cpu.rich.start()]);
    for (let round = 0; round < rounds; round++) {
      const [plainRun, richRun] = await both(bodies.slice(perRound * round, perRound * (round + 1)), SECONDS);
      for (const [ranking, result] of [
        ['plain', plainRun!],
        ['rich', richRun!],
      ] as const) {
        if (result.non2xx || result.errors)
          throw new Error(`search (${ranking}): ${result.non2xx} non-2xx, ${result.errors} errors`);
        console.log(
          `  api  search, ${ranking} ranking ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms (${SCORER_RATE}/s)`,
        );
        runs[ranking].push(result);
      }
    }
    const perSearch = async (meter: ReturnType<typeof cpuMeter>) =>
      Math.round(((await meter.stop()) / (perRound * rounds)) * 100) / 100;
    const cpuPerSearch = { plain: await perSearch(cpu.plain), rich: await perSearch(cpu.rich) };
    console.log(`  api  search CPU per search: plain ${cpuPerSearch.plain} ms, rich ${cpuPerSearch.rich} ms`);
    return { dialect, plain: meanRun(runs.plain), rich: meanRun(runs.rich), cpuPerSearch };
  } finally {
    await Promise.all([plain.stop(), rich.stop()]);
  }
}

/** Runs of one kind as one: their mean rate and latencies, their errors added up. */
function meanRun(runs: readonly LoadResult[]): LoadResult {
  const mean = (pick: (run: LoadResult) => number) =>
    Math.round((runs.reduce((sum, run) => sum + pick(run), 0) / runs.length) * 10) / 10;
  return {
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50Ms: mean((run) => run.p50Ms),
    p99Ms: mean((run) => run.p99Ms),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

const MIXED_SEED = 18;
/** CPU time per answered request, in ms: the server process, its database's processes, and the load generator. */
interface CpuPerRequest {
  server: number;
  database: number;
  loadGenerator: number;
}
const mixed: {
  dialect: string;
  floor: MixedResult & { cpu: CpuPerRequest; steady: MixedAtRateResult };
  api: MixedResult & { cpu: CpuPerRequest; steady: MixedAtRateResult };
}[] = [];
/** The steady rate the mixed traffic is also sent at: each database's target throughput for this row. */
const MIXED_RATE: Record<string, number> = {
  pglite: Number(process.env['BENCH_MIXED_RATE_PGLITE'] ?? 250),
  postgres: Number(process.env['BENCH_MIXED_RATE_POSTGRES'] ?? 600),
};

/** The Postgres server processes serving the benchmark database's connections (none for PGlite, in the server). */
function databaseBackends(
  dialect: string,
  target: string,
): { pids: () => Promise<number[]>; end(): Promise<void> } {
  if (dialect !== 'postgres') return { pids: async () => [], end: async () => undefined };
  const admin = postgres(POSTGRES_ADMIN, { max: 1, onnotice: () => undefined });
  const name = new URL(target).pathname.slice(1);
  return {
    pids: async () =>
      (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name}`).map(
        (row) => row.pid,
      ),
    end: () => admin.end(),
  };
}

/**
 * The browse page's traffic with nothing cached: the same fixed-seed sequence of fresh filter sets, sorts and searches
 * (bench/lib/mixed-traffic.ts) against the real API and against its floor, the bare route running only the page's
 * one statement (no total, validation or presenter), each after a warm-up on a different sequence.
 */
async function measureMixedTraffic(dialect: string, target: string) {
  const requests = mixedRequests(MIXED_SEED, 100_000);
  const warmUp = mixedRequests(MIXED_SEED + 1, 10_000);
  const measured: Partial<
    Record<'bare' | 'api', MixedResult & { cpu: CpuPerRequest; steady: MixedAtRateResult }>
  > = {};
  const backends = databaseBackends(dialect, target);
  for (const mode of ['bare', 'api'] as const) {
    const running = await startTarget(server, [mode, target]);
    const base = `http://127.0.0.1:${running.port}`;
    try {
      await measureMixed(base, warmUp, { connections: CONNECTIONS, seconds: 2 });
      // CPU time, which other work on the machine does not inflate the way it stretches wall-clock latencies.
      const serverCpu = cpuMeter(async () => [running.child.pid!]);
      const databaseCpu = cpuMeter(backends.pids);
      await serverCpu.start();
      await databaseCpu.start();
      const generatorCpu = process.cpuUsage();
      const result = await measureMixed(base, requests, { connections: CONNECTIONS, seconds: SECONDS });
      const generator = process.cpuUsage(generatorCpu);
      const answered = result.shapes.reduce((sum, shape) => sum + shape.requests, 0);
      const cpu = {
        server: (await serverCpu.stop()) / answered,
        database: (await databaseCpu.stop()) / answered,
        loadGenerator: (generator.user + generator.system) / 1000 / answered,
      };
      // The same traffic at the target's steady rate, on requests the closed loop has not sent.
      const steady = await measureMixedAtRate(base, requests.slice(answered), {
        rate: MIXED_RATE[dialect]!,
        seconds: SECONDS,
      });
      for (const run of [result, steady])
        if (run.non2xx || run.errors)
          throw new Error(`${mode} mixed traffic: ${run.non2xx} non-2xx, ${run.errors} errors`);
      measured[mode] = { ...result, cpu, steady };
      console.log(
        `  ${mode.padEnd(4)} mixed uncached traffic ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  answer hits <= ${(100 * result.answerHitRate).toFixed(1)}%  total hits <= ${(100 * result.totalHitRate).toFixed(1)}%  CPU ms per request: server ${cpu.server.toFixed(2)}, database ${cpu.database.toFixed(2)}, load generator ${cpu.loadGenerator.toFixed(2)}`,
      );
      console.log(
        `  ${mode.padEnd(4)} mixed uncached traffic at ${steady.rate}/s: ${steady.requestsPerSecond} req/s  p50 ${steady.p50Ms} ms  p99 ${steady.p99Ms} ms  (${steady.shapes.map((shape) => `${shape.shape} p50 ${shape.p50Ms}`).join(', ')})`,
      );
    } finally {
      await running.stop();
    }
  }
  await backends.end();
  return { dialect, floor: measured.bare!, api: measured.api! };
}

const editRows: EditRow[] = [];
const freshness: Freshness[] = [];
const indexFigures: IndexFigures[] = [];
/** Price edits a second another process makes while the mixed traffic runs (BENCH_EDIT_RATES, comma-separated). */
const EDIT_RATES = (process.env['BENCH_EDIT_RATES'] ?? '0,1,10,50').split(',').map(Number);

const dialects = (process.env['BENCH_DIALECTS'] ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
// 'public' (the catalogue beside its bare routes), 'mixed' (uncached catalogue traffic beside its floor) and
// 'signed-in' (messaging and search at a fixed rate), 'edits' (uncached traffic while prices change, the freshness
// lag between two processes, the index's memory and catch-up), 'fanout' (one listing to 10,000 saved searches),
// 'import' (1,000 cars by one CSV import beside 1,000 single creates).
const parts = new Set(
  (process.env['BENCH_PARTS'] ?? 'public,mixed,signed-in,scorer,edits,fanout,import').split(','),
);
const imports: ImportResult[] = [];
const scorerRows: ScorerRow[] = [];
const fanouts: FanoutResult[] = [];
for (const dialect of dialects) {
  console.log(`\n## ${dialect}`);
  // The fan-out builds its own database of buyers and searches; only the other parts need the catalogue.
  if (parts.has('fanout')) fanouts.push(await measureFanout(dialect, POSTGRES_ADMIN));
  if (parts.has('import')) imports.push(await measureImport(dialect, POSTGRES_ADMIN));
  if (!['public', 'mixed', 'signed-in', 'scorer', 'edits'].some((part) => parts.has(part))) continue;
  const { target, sampleId, messaging } = await prepare(dialect);
  const measured: Record<string, Partial<Record<'bare' | 'api', LoadResult>>> = {};
  // Alternate bare and api per endpoint so both see the same machine conditions.
  for (const mode of parts.has('public') ? (['bare', 'api'] as const) : []) {
    const process = await startTarget(server, [mode, target]);
    const base = `http://127.0.0.1:${process.port}`;
    try {
      const endpoints: [string, string, (readonly string[])?][] = [
        ['list: first page', '/api/cars'],
        ['list: filtered', '/api/cars?make=Toyota&bodyType=SUV&maxPrice=2000000'],
        [
          `list: page ${DEEP_PAGE} by cursor`,
          `/api/cars?limit=20&cursor=${await cursorForPage(base, DEEP_PAGE)}`,
        ],
        ['search (typo: toyta)', '/api/cars?search=toyta'],
        ['get by id', `/api/cars/${sampleId}`],
      ];
      for (const [name, path, paths] of endpoints) {
        const options = { connections: CONNECTIONS, ...(paths ? { paths } : {}) };
        await measure(`${base}${path}`, { ...options, seconds: 1 }); // warm-up
        const result = await measure(`${base}${path}`, { ...options, seconds: SECONDS });
        if (result.non2xx || result.errors)
          throw new Error(`${mode} ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        (measured[name] ??= {})[mode] = result;
        console.log(
          `  ${mode.padEnd(4)} ${name.padEnd(26)} ${String(result.requestsPerSecond).padStart(6)} req/s  p99 ${result.p99Ms} ms`,
        );
      }
    } finally {
      await process.stop();
    }
  }
  for (const [endpoint, { bare, api }] of Object.entries(measured))
    results.push({ dialect, endpoint, bare: bare!, api: api! });
  if (parts.has('mixed')) mixed.push(await measureMixedTraffic(dialect, target));
  if (parts.has('signed-in')) fixedRate.push(...(await measureSignedIn(dialect, target, messaging)));
  if (parts.has('scorer')) scorerRows.push(await measureScorer(dialect, target));
  if (parts.has('edits')) {
    indexFigures.push(await measureIndex(dialect, target));
    const backends = databaseBackends(dialect, target);
    try {
      editRows.push(
        ...(await measureUnderEdits(dialect, target, server, {
          rates: EDIT_RATES,
          connections: CONNECTIONS,
          seconds: SECONDS,
          seed: MIXED_SEED,
          databasePids: backends.pids,
        })),
      );
    } finally {
      await backends.end();
    }
    if (dialect === 'postgres') freshness.push(await measureFreshness(target, server));
  }
}

const table = [
  '| database | endpoint | bare req/s | API req/s | API / bare | API p50 ms | API p99 ms |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.dialect} | ${r.endpoint} | ${r.bare.requestsPerSecond} | ${r.api.requestsPerSecond} | ${Math.round((100 * r.api.requestsPerSecond) / r.bare.requestsPerSecond)}% | ${r.api.p50Ms} | ${r.api.p99Ms} |`,
  ),
].join('\n');
const fixedTable = [
  `| database | endpoint (at ${RATE} req/s) | achieved req/s | p50 ms | p99 ms | in bursts: p50 ms | in bursts: p99 ms |`,
  '|---|---|---:|---:|---:|---:|---:|',
  ...fixedRate.map(
    (r) =>
      `| ${r.dialect} | ${r.endpoint} | ${r.result.requestsPerSecond} | ${r.result.p50Ms} | ${r.result.p99Ms} | ${r.burst.p50Ms} | ${r.burst.p99Ms} |`,
  ),
].join('\n');
const scorerTable = [
  `| database | AI search, distinct queries at ${SCORER_RATE}/s | ask-only ranking p50 ms | richer scorer p50 ms | added p50 ms | ask-only p99 ms | richer p99 ms | API CPU ms per search: ask-only / richer |`,
  '|---|---|---:|---:|---:|---:|---:|---|',
  ...scorerRows.map(
    (r) =>
      `| ${r.dialect} | search p50 | ${r.plain.p50Ms} | ${r.rich.p50Ms} | ${(r.rich.p50Ms - r.plain.p50Ms).toFixed(2)} | ${r.plain.p99Ms} | ${r.rich.p99Ms} | ${r.cpuPerSearch.plain} / ${r.cpuPerSearch.rich} |`,
  ),
].join('\n');
/** What the two cores would answer if nothing else ran: 2,000 ms of CPU a second over the CPU ms per request. */
const cpuColumns = ({ server, database, loadGenerator }: CpuPerRequest) =>
  `${server.toFixed(2)} / ${database.toFixed(2)} / ${loadGenerator.toFixed(2)} | ${Math.round(2000 / (server + database + loadGenerator))} | ${Math.round(2000 / (server + database))}`;
const cpuTable = [
  '| database | mixed uncached traffic | CPU ms per request: server / database / load generator | req/s two idle cores give (all three) | (without the load generator) |',
  '|---|---|---|---:|---:|',
  ...mixed.flatMap(({ dialect, floor, api }) => [
    `| ${dialect} | floor | ${cpuColumns(floor.cpu)} |`,
    `| ${dialect} | API | ${cpuColumns(api.cpu)} |`,
  ]),
].join('\n');
const mixedTable = [
  '| database | mixed uncached traffic | floor req/s | API req/s | floor p50 ms | API p50 ms | API / floor p50 | floor p99 ms | API p99 ms | answer cache hits (at most) | totals cache hits (at most) |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...mixed.flatMap(({ dialect, floor, api }) => [
    `| ${dialect} | all requests | ${floor.requestsPerSecond} | ${api.requestsPerSecond} | ${floor.p50Ms} | ${api.p50Ms} | ${(api.p50Ms / floor.p50Ms).toFixed(2)}x | ${floor.p99Ms} | ${api.p99Ms} | ${(100 * api.answerHitRate).toFixed(1)}% | ${(100 * api.totalHitRate).toFixed(1)}% |`,
    ...api.shapes.map((shape) => {
      const base = floor.shapes.find((f) => f.shape === shape.shape);
      return `| ${dialect} | ${shape.shape} (${shape.requests}) | | | ${base?.p50Ms ?? ''} | ${shape.p50Ms} | ${base ? (shape.p50Ms / base.p50Ms).toFixed(2) + 'x' : ''} | ${base?.p99Ms ?? ''} | ${shape.p99Ms} | | |`;
    }),
  ]),
].join('\n');
const steadyMixedTable = [
  '| database | mixed uncached traffic at a steady rate | rate | floor p50 ms | API p50 ms | floor p99 ms | API p99 ms |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...mixed.flatMap(({ dialect, floor, api }) => [
    `| ${dialect} | all requests | ${api.steady.rate} (achieved ${api.steady.requestsPerSecond}) | ${floor.steady.p50Ms} | ${api.steady.p50Ms} | ${floor.steady.p99Ms} | ${api.steady.p99Ms} |`,
    ...api.steady.shapes.map((shape) => {
      const base = floor.steady.shapes.find((f) => f.shape === shape.shape);
      return `| ${dialect} | ${shape.shape} (${shape.requests}) | | ${base?.p50Ms ?? ''} | ${shape.p50Ms} | ${base?.p99Ms ?? ''} | ${shape.p99Ms} |`;
    }),
  ]),
].join('\n');
const importTable = [
  '| database | cars | one CSV import ms | single creates ms | import / single creates |',
  '|---|---:|---:|---:|---:|',
  ...imports.map(
    (r) =>
      `| ${r.dialect} | ${r.rows} | ${r.importMs} | ${r.singleCreatesMs} | ${((100 * r.importMs) / r.singleCreatesMs).toFixed(1)}% |`,
  ),
].join('\n');
const fanoutTable = [
  '| database | one new listing, saved searches matching it | listing create ms | last in-app notification written ms | last push handed to the receiver ms |',
  '|---|---:|---:|---:|---:|',
  ...fanouts.map(
    (f) => `| ${f.dialect} | ${f.searches} | ${f.createMs} | ${f.lastInAppMs} | ${f.lastPushMs} |`,
  ),
].join('\n');
const editTable = [
  '| database | mixed uncached traffic while prices change | edits done | req/s | of no edits | p50 ms | p99 ms | API CPU ms/s | database CPU ms/s | API CPU ms per request |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...editRows.map((row) => {
    const still = editRows.find((other) => other.dialect === row.dialect && other.editsPerSecond === 0);
    const share = still
      ? `${Math.round((100 * row.result.requestsPerSecond) / still.result.requestsPerSecond)}%`
      : '';
    const perRequest = (row.cpuPerSecond.server / row.result.requestsPerSecond).toFixed(2);
    return `| ${row.dialect} | ${row.editsPerSecond} edits/s | ${row.editsDone} | ${row.result.requestsPerSecond} | ${share} | ${row.result.p50Ms} | ${row.result.p99Ms} | ${row.cpuPerSecond.server} | ${row.cpuPerSecond.database} | ${perRequest} |`;
  }),
].join('\n');
const freshnessTable = [
  "| database | freshness: an edit through one API process until another process's list shows it | samples | p50 ms | p99 ms | max ms |",
  '|---|---|---:|---:|---:|---:|',
  ...freshness.map(
    (row) =>
      `| ${row.dialect} | edit -> list | ${row.samples} | ${row.p50Ms} | ${row.p99Ms} | ${row.maxMs} |`,
  ),
].join('\n');
const indexTable = [
  '| database | active cars | index MB per 100,000 cars | full read ms | log entries pending | catch-up ms |',
  '|---|---:|---:|---:|---:|---:|',
  ...indexFigures.map(
    (row) =>
      `| ${row.dialect} | ${row.cars} | ${row.megabytesPer100k} | ${row.fullReadMs} | ${row.pending} | ${row.catchUpMs} |`,
  ),
].join('\n');
console.log(
  `\n${CARS} cars, ${CONNECTIONS} connections, ${SECONDS} s per run\n\n${table}\n\n${mixedTable}\n\n${steadyMixedTable}\n\n${cpuTable}\n\n${fixedTable}\n\n${scorerTable}\n\n${editTable}\n\n${freshnessTable}\n\n${indexTable}\n\n${fanoutTable}\n\n${importTable}`,
);
writeFileSync(
  join(workDir, 'api.json'),
  JSON.stringify(
    {
      cars: CARS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      results,
      mixed,
      fixedRate,
      scorerRows,
      editRows,
      freshness,
      indexFigures,
      fanouts,
      imports,
    },
    null,
    2,
  ),
);
if (!existsSync(join(workDir, 'api.json'))) process.exitCode = 1;
