import { Agent } from 'node:http';
import { Prng } from '../../apps/api/src/seed/prng.ts';
import { percentiles, runAtRate, sendRequest } from './paced-load.ts';

/** One request of the mixed traffic, and the shape it is reported under. */
export interface MixedRequest {
  path: string;
  shape: string;
}

// The filter panel's options as the bench fixture (bench/lib/bulk-cars.ts) holds them.
const MAKES: [string, string][] = [
  ['Toyota', 'Corolla'],
  ['BMW', 'X5'],
  ['Mercedes-Benz', 'C-Class'],
  ['Audi', 'A4'],
  ['Volkswagen', 'Golf'],
  ['Ford', 'Ranger'],
  ['Nissan', 'Navara'],
  ['Honda', 'Civic'],
  ['Hyundai', 'Tucson'],
  ['Kia', 'Sportage'],
  ['Mazda', 'CX-5'],
  ['Lexus', 'RX'],
];
const BODIES = ['Sedan', 'SUV', 'Hatchback', 'Coupe', 'Convertible', 'Wagon', 'Truck'];
const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid'];
const TRANSMISSIONS = ['Automatic', 'Manual'];
const CONDITIONS = ['New', 'Used', 'Certified Pre-Owned'];
const SORTS = ['newest', 'price-low', 'price-high', 'mileage'];
// What buyers type: makes, models, colours, body words, and now and then a word no car holds.
const COLOURS = ['white', 'black', 'silver', 'red', 'blue'];
const OTHER_WORDS = ['diesel', 'suv', 'automatic', 'bluetooth', 'navigation', 'leather', 'sunroof'];

/** A typo a buyer makes: a letter dropped, doubled, or two swapped. */
function misspell(word: string, random: Prng): string {
  if (word.length < 4) return word;
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 2)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
}

/** What a buyer types: the make or model they want (the filtered make's, when a make is set), a colour, others. */
function searchWords(random: Prng, [make, model]: [string, string], makeSet: boolean): string {
  const first = random.pick([makeSet ? model : make, make, model, random.pick(OTHER_WORDS)]).toLowerCase();
  const words = [random.chance(0.4) ? misspell(first, random) : first];
  if (random.chance(0.4)) words.unshift(random.pick(COLOURS));
  return words.join(' ');
}

/**
 * `count` requests of the browse page's traffic from a fixed seed: each a fresh random combination of the filter
 * panel's options (each set with some chance), one of the four sorts, and in 30% of them search words, typos
 * included, so the API's caches of answers (1 s) and totals (5 s) rarely hold the answer.
 */
export function mixedRequests(seed: number, count: number): MixedRequest[] {
  const random = new Prng(seed);
  const requests: MixedRequest[] = [];
  for (let i = 0; i < count; i += 1) {
    const query: Record<string, string | number> = {};
    const [make, model] = random.pick(MAKES);
    if (random.chance(0.3)) {
      query['make'] = make;
      if (random.chance(0.3)) query['model'] = model;
    }
    if (random.chance(0.25)) query['bodyType'] = random.pick(BODIES);
    if (random.chance(0.15)) query['fuelType'] = random.pick(FUELS);
    if (random.chance(0.15)) query['transmission'] = random.pick(TRANSMISSIONS);
    if (random.chance(0.15)) query['condition'] = random.pick(CONDITIONS);
    if (random.chance(0.3)) query['maxPrice'] = random.int(2, 35) * 100_000;
    // Below any maximum: a minimum above it is refused (400), which is not what this row measures.
    if (random.chance(0.1)) query['minPrice'] = random.int(1, 10) * 100_000;
    if (Number(query['minPrice']) >= Number(query['maxPrice'])) delete query['minPrice'];
    if (random.chance(0.15)) query['minYear'] = random.int(2008, 2024);
    if (random.chance(0.1)) query['maxMileage'] = random.int(1, 25) * 10_000;
    const search = random.chance(0.3) ? searchWords(random, [make, model], 'make' in query) : undefined;
    if (search) query['search'] = search;
    query['sort'] = random.pick(SORTS);
    const choices = ['bodyType', 'fuelType', 'transmission', 'condition'].some((key) => key in query);
    const ranges = ['maxPrice', 'minPrice', 'minYear', 'maxMileage'].some((key) => key in query);
    const shape = search
      ? Object.keys(query).length > 2
        ? 'search + filters'
        : 'search'
      : 'make' in query
        ? 'make (+ others)'
        : choices
          ? 'choice filters (+ ranges)'
          : ranges
            ? 'ranges only'
            : 'no filter';
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    requests.push({ path: `/api/cars?${params.toString()}`, shape });
  }
  return requests;
}

export interface ShapeResult {
  shape: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

export interface MixedResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Requests whose URL had been asked within the previous second: the most the 1 s answer cache can have served. */
  answerHitRate: number;
  /** Requests whose filters (without the sort) had been asked within 5 s: the most the totals' cache can serve. */
  totalHitRate: number;
  shapes: ShapeResult[];
}

/**
 * `connections` keep-alive connections, each sending the next request of the list as soon as its previous answer
 * arrives (autocannon's closed loop), for `seconds`; latencies are kept per shape.
 */
export async function measureMixed(
  base: string,
  requests: readonly MixedRequest[],
  options: { connections: number; seconds: number },
): Promise<MixedResult> {
  const target = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Map<string, number[]>();
  const askedAt = new Map<string, number>();
  const filtersAskedAt = new Map<string, number>();
  let answerHits = 0;
  let totalHits = 0;
  let next = 0;
  let errors = 0;
  let non2xx = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;

  const one = async (item: MixedRequest) => {
    const sentAt = performance.now();
    const filters = item.path.replace(/&?sort=[^&]*/, '');
    if (sentAt - (askedAt.get(item.path) ?? -Infinity) < 1000) answerHits += 1;
    if (sentAt - (filtersAskedAt.get(filters) ?? -Infinity) < 5000) totalHits += 1;
    askedAt.set(item.path, sentAt);
    filtersAskedAt.set(filters, sentAt);
    const { ok, status } = await sendRequest(agent, target, item.path);
    if (!ok) errors += 1;
    else if (status === undefined || status < 200 || status >= 300) non2xx += 1;
    const took = performance.now() - sentAt;
    (latencies.get(item.shape) ?? latencies.set(item.shape, []).get(item.shape)!).push(took);
  };

  const connection = async () => {
    while (performance.now() < end) {
      const item = requests[next % requests.length]!;
      next += 1;
      await one(item);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  const all = [...latencies.values()].flat();
  return {
    requestsPerSecond: Math.round(all.length / elapsedSeconds),
    ...percentiles(all),
    errors,
    non2xx,
    answerHitRate: all.length ? answerHits / all.length : 0,
    totalHitRate: all.length ? totalHits / all.length : 0,
    shapes: shapeResults(latencies),
  };
}

/** Each shape's request count and percentiles, in a stable order. */
function shapeResults(latencies: Map<string, number[]>): ShapeResult[] {
  return [...latencies.entries()]
    .map(([shape, values]) => ({ shape, requests: values.length, ...percentiles(values) }))
    .sort((a, b) => a.shape.localeCompare(b.shape));
}

export interface MixedAtRateResult {
  rate: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  shapes: ShapeResult[];
}

/**
 * The same sequence at a steady `rate` (an open loop, bench/lib/paced-load.ts), latencies counted from each request's
 * due time and kept per shape: what a search or a filter costs a buyer while the server carries that rate, which the
 * closed loop above cannot show (there every request also waits for the nine others in flight).
 */
export async function measureMixedAtRate(
  base: string,
  requests: readonly MixedRequest[],
  options: { rate: number; seconds: number },
): Promise<MixedAtRateResult> {
  const target = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = new Map<string, number[]>();
  let errors = 0;
  let non2xx = 0;
  const { elapsedSeconds } = await runAtRate(options.rate, options.seconds, async (i, dueAt) => {
    const item = requests[i % requests.length]!;
    const { ok, status } = await sendRequest(agent, target, item.path);
    if (!ok) errors += 1;
    else if (status === undefined || status < 200 || status >= 300) non2xx += 1;
    (latencies.get(item.shape) ?? latencies.set(item.shape, []).get(item.shape)!).push(
      performance.now() - dueAt,
    );
  });
  agent.destroy();
  const all = [...latencies.values()].flat();
  return {
    rate: options.rate,
    requestsPerSecond: Math.round(all.length / elapsedSeconds),
    ...percentiles(all),
    errors,
    non2xx,
    shapes: shapeResults(latencies),
  };
}
