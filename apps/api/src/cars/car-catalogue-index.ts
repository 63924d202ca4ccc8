import { sql, type SQL } from 'drizzle-orm';
import { resultRows, type Database, type DatabaseHandle } from '../db/client.ts';
import { CAR_CHANGES_CHANNEL } from '../db/channels.ts';
import type { CarSort } from '@autoreel/core';
import { sellerNotSuspended, type CarFilters } from './car-conditions.ts';

/** Log entries read per catch-up statement. */
const CATCH_UP_BATCH = 5_000;
/** Past this many cars changed since the last full read, the catalogue is read again in the background. */
export const OVERLAY_LIMIT = 5_000;

/**
 * The public list's car query as the index reads it, search words already resolved into their alternatives. The
 * index answers it exactly as carConditions does in SQL (car-query-mirror.int.test.ts holds the two together).
 */
export type CatalogueQuery = Omit<CarFilters, 'search' | 'dealerId' | 'sellerId' | 'statuses'> & {
  /** Per search word, its tsquery alternatives ('word:*' a prefix, else a lexeme); every word must match one. */
  terms?: string[][] | undefined;
};

/** A page's place in the sort order: the sort key as text (ranked_at in microseconds) and the car's id. */
export interface CatalogueKeyset {
  key: string;
  id: string;
}

export interface CataloguePage {
  ids: string[];
  keysets: CatalogueKeyset[];
  hasMore: boolean;
}

const CHOICES = ['make', 'model', 'bodyType', 'fuelType', 'transmission', 'condition'] as const;
type Choice = (typeof CHOICES)[number];

/** Up to this many matches a page is taken from the matches, sorted; past it the sort order is walked. */
const COLLECT_LIMIT = 2_000;
/** Totals up to this are counted exactly; past it a list gives an estimate ('about 8,300 cars'). */
export const EXACT_TOTAL_LIMIT = 1_000;
/** Past this many cars to look at, a sample of this many first tells whether the total is large. */
const SAMPLE_SIZE = 1_500;
/** Search words whose cars a snapshot keeps worked out (buyers search the same makes and colours). */
const WORDS_KEPT = 500;
/** The least time between the end of one read of the catalogue and the start of the next. */
export const RELOAD_GAP_MS = 1_000;

/** The query's bounds on the sorted columns; unbounded is ±Infinity. */
interface SortBounds {
  minPrice: number;
  maxPrice: number;
  maxMileage: number;
  /** The earliest price drop a 'recently reduced' list shows, in microseconds. */
  minDropped: number;
}
const NO_BOUNDS: SortBounds = {
  minPrice: -Infinity,
  maxPrice: Infinity,
  maxMileage: Infinity,
  minDropped: -Infinity,
};

interface ChoiceColumn {
  codes: Int32Array;
  dictionary: Map<string, number>;
  /** Per code, the cars holding it, in index order. */
  postings: Int32Array[];
}

export interface LoadedRow {
  id: string | null;
  make: string;
  model: string;
  body_type: string;
  fuel_type: string;
  transmission: string;
  condition: string;
  price: number;
  year: number;
  mileage: number;
  /** 0 when the listing does not say. */
  seats: number;
  /** Its place in Newest First (ranked_at: listing time plus the seller's reply boost) in microseconds. */
  ranked: string;
  /** The latest price drop's time in microseconds, 0 without one. */
  dropped: string;
  lexemes: string[];
}

/** The columns the index reads of a car, for the active cars of sellers not suspended (`cars` the table). */
const INDEXED_COLUMNS = sql`id, lower(make) as make, lower(model) as model, lower(body_type) as body_type,
  lower(fuel_type) as fuel_type, lower(transmission) as transmission, lower(condition) as condition,
  price, year, mileage, coalesce(seats, 0) as seats,
  (extract(epoch from ranked_at) * 1000000)::bigint::text as ranked,
  coalesce((extract(epoch from price_dropped_at) * 1000000)::bigint, 0)::text as dropped,
  tsvector_to_array(search_document) as lexemes`;

/**
 * The priced cars of one make and model (any case) of one model year, with a mileage from `minMileage` and below
 * `maxMileage` (null: no bound), never `excludeId` when given: what a car's market price is read from (ai.service.ts).
 */
export interface ComparablesQuery {
  make: string;
  model: string;
  year: number;
  minMileage: number;
  maxMileage: number | null;
  excludeId?: string | undefined;
  /** At most this many, the lowest mileages first (then by id). */
  limit: number;
}

/** A comparable as pricing reads it. */
export interface ComparableOfYear {
  id: string;
  mileage: number;
  price: number;
}

/** Ids in the order the rule takes comparables: by mileage, then id. */
export function byMileageThenId(a: ComparableOfYear, b: ComparableOfYear): number {
  return a.mileage - b.mileage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A car changed since the snapshot was read, held beside it: its columns as read, and its sort values. */
interface ChangedCar {
  id: string;
  row: LoadedRow;
  ranked: number;
  dropped: number;
}

/**
 * The change log past a position, as one statement reads it beside what it is for: the cars its entries name (in
 * order, at most `limit` entries), the last entry's sequence number, the log's first number still kept (pruning
 * removes from the start), and the named cars' indexed columns (active cars of sellers not suspended only: a car
 * without a row here has left the catalogue).
 */
export interface LogSince {
  ids: string[];
  last: string | null;
  first: string | null;
  rows: LoadedRow[];
}

/** The statement part that reads the log past `after` (a sequence number or a placeholder) as one JSON value. */
export function logSince(after: unknown, limit: number): SQL<LogSince> {
  const entries = sql`select seq, car_id from car_changes where seq > ${after} order by seq limit ${sql.raw(String(Math.trunc(limit)))}`;
  return sql<LogSince>`(select json_build_object(
      'ids', coalesce(json_agg(l.car_id order by l.seq), '[]'::json),
      'last', max(l.seq)::text,
      'first', (select min(seq) from car_changes)::text,
      'rows', coalesce((
        select json_agg(c) from (
          select ${INDEXED_COLUMNS} from cars
          where id in (select e.car_id from (${entries}) e) and status = 'active' and ${sellerNotSuspended}
        ) c), '[]'::json))
    from (${entries}) l)`;
}

/** A LogSince as the driver hands it over (parsed JSON, or its text). */
export function readLogSince(value: unknown): LogSince {
  return (typeof value === 'string' ? JSON.parse(value) : value) as LogSince;
}

/** Microseconds since the epoch of the earliest drop a query asks for; -Infinity when it asks for none. */
function droppedCutoff(query: CatalogueQuery): number {
  return query.priceDroppedSince ? query.priceDroppedSince.getTime() * 1000 : -Infinity;
}

/** Whether a changed car matches the query: the snapshot's conditions, for one car's columns. */
function changedCarMatches(car: ChangedCar, query: CatalogueQuery): boolean {
  const row = car.row;
  for (const choice of CHOICES) {
    const value = query[choice];
    const column = choice === 'bodyType' ? 'body_type' : choice === 'fuelType' ? 'fuel_type' : choice;
    if (value && row[column as keyof LoadedRow] !== value.toLowerCase()) return false;
  }
  if (query.minPrice && row.price < query.minPrice) return false;
  if (query.maxPrice && row.price > query.maxPrice) return false;
  if (query.minYear && row.year < query.minYear) return false;
  if (query.maxYear && row.year > query.maxYear) return false;
  if (query.maxMileage && row.mileage > query.maxMileage) return false;
  if (query.minSeats && row.seats < query.minSeats) return false;
  const cutoff = droppedCutoff(query);
  if (cutoff > -Infinity && !(car.dropped > 0 && car.dropped >= cutoff)) return false;
  for (const alternatives of query.terms ?? []) {
    const found = alternatives.some((alternative) => {
      const prefix = alternative.endsWith(':*');
      const text = prefix ? alternative.slice(0, -2) : alternative;
      return row.lexemes.some((lexeme) => (prefix ? lexeme.startsWith(text) : lexeme === text));
    });
    if (!found) return false;
  }
  return true;
}

/** A changed car's sort value under a sort. */
function changedSortValue(car: ChangedCar, sort: CarSort): number {
  switch (sort) {
    case 'newest':
      return car.ranked;
    case 'recently-reduced':
      return car.dropped;
    case 'mileage':
      return car.row.mileage;
    case 'price-low':
    case 'price-high':
      return car.row.price;
  }
}

const isDescending = (sort: CarSort) =>
  sort === 'newest' || sort === 'price-high' || sort === 'recently-reduced';

/** The first position in [0, size) for which `after(position)` holds, given it holds from some position on. */
function firstWhere(size: number, after: (position: number) => boolean): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether the ascending list holds `value` (a binary search). */
function contains(sorted: Int32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = sorted[middle]!;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The first index of `sorted` whose value is >= `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  return firstWhere(sorted.length, (position) => sorted[position]! >= value);
}

/**
 * The active cars' filter and sort columns at one catalogue version, one typed array per column, with the sort
 * orders and the search document's lexemes worked out: a page's ids and its total without a statement.
 */
export class CatalogueSnapshot {
  readonly version: string;
  /** The change log's last entry the snapshot holds. */
  readonly seq: number;
  readonly size: number;
  #positions: Map<string, number> | null = null;
  readonly #dropped: Float64Array;
  readonly #ids: string[];
  readonly #ranked: Float64Array;
  readonly #price: Int32Array;
  readonly #year: Int32Array;
  readonly #mileage: Int32Array;
  readonly #seats: Int32Array;
  readonly #choices: Record<Choice, ChoiceColumn>;
  readonly #lexemes: string[];
  readonly #postingStart: Int32Array;
  readonly #postings: Int32Array;
  /** Car indexes in sort order: newest first; price and mileage ascending (price-high walks price backwards). */
  readonly #orders: Record<'newest' | 'price' | 'mileage' | 'reduced', Int32Array>;
  /** A car's position in each order. */
  readonly #ranks: Record<'newest' | 'price' | 'mileage' | 'reduced', Int32Array>;
  readonly #words = new Map<string, Int32Array>();
  /** Per make and model, its priced cars by model year (see #pricedByYear). */
  readonly #modelYears = new Map<string, Map<number, Int32Array>>();

  constructor(rows: readonly LoadedRow[], version: string, seq = 0) {
    const cars = rows.filter((row) => row.id !== null);
    const size = cars.length;
    this.version = version;
    this.seq = seq;
    this.#dropped = Float64Array.from(cars, (row) => Number(row.dropped ?? 0));
    this.size = size;
    this.#ids = cars.map((row) => row.id!.toLowerCase());
    this.#ranked = Float64Array.from(cars, (row) => Number(row.ranked));
    this.#price = Int32Array.from(cars, (row) => row.price);
    this.#year = Int32Array.from(cars, (row) => row.year);
    this.#mileage = Int32Array.from(cars, (row) => row.mileage);
    this.#seats = Int32Array.from(cars, (row) => row.seats);
    const column = (value: (row: LoadedRow) => string): ChoiceColumn => {
      const dictionary = new Map<string, number>();
      const codes = new Int32Array(size);
      const lists: number[][] = [];
      cars.forEach((row, index) => {
        const text = value(row);
        let code = dictionary.get(text);
        if (code === undefined) {
          code = dictionary.size;
          dictionary.set(text, code);
          lists.push([]);
        }
        codes[index] = code;
        lists[code]!.push(index);
      });
      return { codes, dictionary, postings: lists.map((list) => Int32Array.from(list)) };
    };
    this.#choices = {
      make: column((row) => row.make),
      model: column((row) => row.model),
      bodyType: column((row) => row.body_type),
      fuelType: column((row) => row.fuel_type),
      transmission: column((row) => row.transmission),
      condition: column((row) => row.condition),
    };

    const byLexeme = new Map<string, number[]>();
    cars.forEach((row, index) => {
      for (const lexeme of row.lexemes) {
        const list = byLexeme.get(lexeme);
        if (list) list.push(index);
        else byLexeme.set(lexeme, [index]);
      }
    });
    this.#lexemes = [...byLexeme.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.#postingStart = new Int32Array(this.#lexemes.length + 1);
    let total = 0;
    this.#lexemes.forEach((lexeme, position) => {
      this.#postingStart[position] = total;
      total += byLexeme.get(lexeme)!.length;
    });
    this.#postingStart[this.#lexemes.length] = total;
    this.#postings = new Int32Array(total);
    this.#lexemes.forEach((lexeme, position) =>
      this.#postings.set(byLexeme.get(lexeme)!, this.#postingStart[position]),
    );

    const ids = this.#ids;
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    const order = (compare: (a: number, b: number) => number) => {
      const indexes = Int32Array.from({ length: size }, (_, index) => index);
      return indexes.sort(compare);
    };
    const ranked = this.#ranked;
    const price = this.#price;
    const mileage = this.#mileage;
    const dropped = this.#dropped;
    // The SQL orders exactly: ranked_at desc, id desc; price asc, id asc; mileage asc, id asc; the latest price
    // drop desc, id desc (cars without one last).
    this.#orders = {
      newest: order((a, b) => ranked[b]! - ranked[a]! || byId(b, a)),
      price: order((a, b) => price[a]! - price[b]! || byId(a, b)),
      mileage: order((a, b) => mileage[a]! - mileage[b]! || byId(a, b)),
      reduced: order((a, b) => dropped[b]! - dropped[a]! || byId(b, a)),
    };
    const rank = (walk: Int32Array) => {
      const ranks = new Int32Array(size);
      walk.forEach((index, position) => (ranks[index] = position));
      return ranks;
    };
    this.#ranks = {
      newest: rank(this.#orders.newest),
      price: rank(this.#orders.price),
      mileage: rank(this.#orders.mileage),
      reduced: rank(this.#orders.reduced),
    };
  }

  /** A car's place in the snapshot's columns, or -1. */
  indexOf(id: string): number {
    if (!this.#positions) this.#positions = new Map(this.#ids.map((carId, index) => [carId, index]));
    return this.#positions.get(id.toLowerCase()) ?? -1;
  }

  /**
   * Reads every active car's indexed columns, the catalogue version and the change log's last sequence number in
   * one statement (one snapshot): the log's later entries are what the snapshot does not hold.
   */
  static async load(db: Database): Promise<CatalogueSnapshot> {
    const rows = resultRows<LoadedRow & { version: string; seq: string }>(
      await db.execute(sql`
        select v.version::text as version, (select coalesce(max(seq), 0) from car_changes)::text as seq, c.*
        from car_catalogue_version v left join (
          select ${INDEXED_COLUMNS} from cars where status = 'active' and ${sellerNotSuspended}
        ) c on true
        where v.id = 1`),
    );
    if (rows.length === 0) throw new Error('car_catalogue_version has no row');
    return new CatalogueSnapshot(rows, rows[0]!.version, Number(rows[0]!.seq));
  }

  /** The cars matching `query` in this snapshot alone: how many, and their pages in any order. */
  select(query: CatalogueQuery, dead: Uint8Array | null = null, deadCount = 0): CatalogueSelection {
    const codes: Partial<Record<Choice, number>> = {};
    // Where to look: the fewest cars one condition narrows to (a choice's, a search word's, a price or mileage
    // range of their sort order), or every car.
    let source = null as Int32Array | null;
    const narrow = (cars: Int32Array) => {
      if (!source || cars.length < source.length) source = cars;
    };
    for (const choice of CHOICES) {
      const value = query[choice];
      if (!value) continue;
      const column = this.#choices[choice];
      const code = column.dictionary.get(value.toLowerCase());
      if (code === undefined) return CatalogueSelection.empty(this);
      codes[choice] = code;
      narrow(column.postings[code]!);
    }
    const words = (query.terms ?? []).map((alternatives) => this.#wordMatches(alternatives));
    for (const word of words) narrow(word);
    // Falsy bounds are no bounds, as in the SQL; a price of 0 ('Contact for price') meets no price bound, so a
    // maximum's range starts at 1 (prices are whole numbers).
    const maxPrice = query.maxPrice || Infinity;
    const minPrice = Math.max(query.minPrice || -Infinity, maxPrice < Infinity ? 1 : -Infinity);
    const minYear = query.minYear || -Infinity;
    const maxYear = query.maxYear || Infinity;
    const maxMileage = query.maxMileage || Infinity;
    const minSeats = query.minSeats || 0;
    const minDropped = droppedCutoff(query);
    if (minPrice > -Infinity || maxPrice < Infinity) narrow(this.#range('price', minPrice, maxPrice));
    if (maxMileage < Infinity) narrow(this.#range('mileage', -Infinity, maxMileage));
    if (minDropped > -Infinity) {
      const order = this.#orders.reduced;
      const dropped = this.#dropped;
      const end = firstWhere(
        this.size,
        (position) => !(dropped[order[position]!]! >= Math.max(minDropped, 1)),
      );
      narrow(order.subarray(0, end));
    }

    const makes = this.#choices.make.codes;
    const models = this.#choices.model.codes;
    const bodies = this.#choices.bodyType.codes;
    const fuels = this.#choices.fuelType.codes;
    const transmissions = this.#choices.transmission.codes;
    const conditions = this.#choices.condition.codes;
    const makeCode = codes.make ?? -1;
    const modelCode = codes.model ?? -1;
    const bodyCode = codes.bodyType ?? -1;
    const fuelCode = codes.fuelType ?? -1;
    const transmissionCode = codes.transmission ?? -1;
    const conditionCode = codes.condition ?? -1;
    const price = this.#price;
    const year = this.#year;
    const mileage = this.#mileage;
    const seats = this.#seats;
    const droppedAt = this.#dropped;
    // A search word's cars are a sorted list: a car is in it when a binary search finds it.
    const others = words.filter((word) => word !== source);
    const inWords = (index: number) => others.every((word) => contains(word, index));
    const matches = (index: number): boolean =>
      (makeCode < 0 || makes[index] === makeCode) &&
      (modelCode < 0 || models[index] === modelCode) &&
      (bodyCode < 0 || bodies[index] === bodyCode) &&
      (fuelCode < 0 || fuels[index] === fuelCode) &&
      (transmissionCode < 0 || transmissions[index] === transmissionCode) &&
      (conditionCode < 0 || conditions[index] === conditionCode) &&
      price[index]! >= minPrice &&
      price[index]! <= maxPrice &&
      year[index]! >= minYear &&
      year[index]! <= maxYear &&
      mileage[index]! <= maxMileage &&
      seats[index]! >= minSeats &&
      (dead === null || dead[index] === 0) &&
      (minDropped === -Infinity || (droppedAt[index]! > 0 && droppedAt[index]! >= minDropped)) &&
      (others.length === 0 || inWords(index));
    // Walking a sort order, a car must also be in the list looked through.
    const sourceWord = words.length > others.length ? source : null;
    const walkMatches = sourceWord
      ? (index: number) => matches(index) && contains(sourceWord, index)
      : matches;

    const from: Int32Array | null = source;
    const unfiltered = from === null && minYear === -Infinity && maxYear === Infinity && minSeats === 0;
    if (unfiltered)
      return new CatalogueSelection(
        this,
        dead ? (index) => dead[index] === 0 : () => true,
        this.size - deadCount,
        false,
        null,
      );
    const bounds = { minPrice, maxPrice, maxMileage, minDropped };
    const size = from ? from.length : this.size;
    const at = from ? (position: number) => from[position]! : (position: number) => position;
    // Many cars to look at: a sample tells whether the total can be large ('about 8,300'); only a small one is
    // counted one by one, which is also when a page is taken from the matches themselves.
    if (size > SAMPLE_SIZE) {
      let hits = 0;
      let seed = 0x9e3779b9;
      for (let draw = 0; draw < SAMPLE_SIZE; draw += 1) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        if (matches(at(seed % size))) hits += 1;
      }
      const estimate = Math.round((hits / SAMPLE_SIZE) * size);
      if (estimate > EXACT_TOTAL_LIMIT * 2)
        return new CatalogueSelection(this, walkMatches, estimate, true, null, bounds);
    }
    let count = 0;
    const collected: number[] = [];
    for (let position = 0; position < size; position += 1) {
      const index = at(position);
      if (!matches(index)) continue;
      count += 1;
      if (count <= COLLECT_LIMIT) collected.push(index);
    }
    return new CatalogueSelection(
      this,
      walkMatches,
      count,
      false,
      count <= COLLECT_LIMIT ? collected : null,
      bounds,
    );
  }

  /** The cars whose sort value of `column` lies within the bounds: a stretch of that sort order. */
  #range(column: 'price' | 'mileage', low: number, high: number): Int32Array {
    const order = this.#orders[column];
    const values = column === 'price' ? this.#price : this.#mileage;
    const first = firstWhere(this.size, (position) => values[order[position]!]! >= low);
    const end = firstWhere(this.size, (position) => values[order[position]!]! > high);
    return order.subarray(first, Math.max(first, end));
  }

  /** The cars holding one of a word's alternatives, in index order; the last few words asked are kept. */
  #wordMatches(alternatives: readonly string[]): Int32Array {
    const key = alternatives.join(' ');
    const known = this.#words.get(key);
    if (known) return known;
    const lexemes = new Set<number>();
    for (const alternative of alternatives) {
      const prefix = alternative.endsWith(':*');
      const text = prefix ? alternative.slice(0, -2) : alternative;
      for (let at = lowerBound(this.#lexemes, text); at < this.#lexemes.length; at += 1) {
        const lexeme = this.#lexemes[at]!;
        if (prefix ? !lexeme.startsWith(text) : lexeme !== text) break;
        lexemes.add(at);
      }
    }
    const postings = [...lexemes].map((at) =>
      this.#postings.subarray(this.#postingStart[at], this.#postingStart[at + 1]),
    );
    let cars: Int32Array;
    if (postings.length === 1) cars = postings[0]!;
    else {
      const all = new Int32Array(postings.reduce((sum, list) => sum + list.length, 0));
      let offset = 0;
      for (const list of postings) {
        all.set(list, offset);
        offset += list.length;
      }
      all.sort();
      let unique = 0;
      for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i]!;
      cars = all.slice(0, unique);
    }
    if (this.#words.size >= WORDS_KEPT) this.#words.delete(this.#words.keys().next().value!);
    this.#words.set(key, cars);
    return cars;
  }

  /** The order a sort walks, and a car's position in that walk. */
  walkOf(sort: CarSort): { at: (position: number) => number; position: (index: number) => number } {
    const key =
      sort === 'newest'
        ? 'newest'
        : sort === 'mileage'
          ? 'mileage'
          : sort === 'recently-reduced'
            ? 'reduced'
            : 'price';
    const order = this.#orders[key];
    const ranks = this.#ranks[key];
    const last = this.size - 1;
    return sort === 'price-high'
      ? { at: (position) => order[last - position]!, position: (index) => last - ranks[index]! }
      : { at: (position) => order[position]!, position: (index) => ranks[index]! };
  }

  /** The first position of the walk after the keyset (the car it names may be gone). */
  positionAfter(sort: CarSort, after: CatalogueKeyset): number {
    const key = Number(after.key);
    const id = after.id.toLowerCase();
    const walk = this.walkOf(sort);
    const value = this.#sortValues(sort);
    const descending = isDescending(sort);
    return firstWhere(this.size, (position) => {
      const index = walk.at(position);
      const v = value[index]!;
      const carId = this.#ids[index]!;
      return descending ? v < key || (v === key && carId < id) : v > key || (v === key && carId > id);
    });
  }

  /**
   * The stretch of the sort's walk whose sorted column lies within the bounds, as SQL reads an index between its
   * conditions: a walk by price from 500,000 up does not test the cars below it one by one.
   */
  span(sort: CarSort, bounds: SortBounds): [number, number] {
    const walk = this.walkOf(sort);
    const values = this.#sortValues(sort);
    const value = (position: number) => values[walk.at(position)]!;
    switch (sort) {
      case 'price-low':
        return [
          firstWhere(this.size, (position) => value(position) >= bounds.minPrice),
          firstWhere(this.size, (position) => value(position) > bounds.maxPrice),
        ];
      case 'price-high':
        return [
          firstWhere(this.size, (position) => value(position) <= bounds.maxPrice),
          firstWhere(this.size, (position) => value(position) < bounds.minPrice),
        ];
      case 'mileage':
        return [0, firstWhere(this.size, (position) => value(position) > bounds.maxMileage)];
      case 'newest':
        return [0, this.size];
      case 'recently-reduced':
        return [0, firstWhere(this.size, (position) => !(value(position) >= Math.max(bounds.minDropped, 1)))];
    }
  }

  #sortValues(sort: CarSort): Float64Array | Int32Array {
    if (sort === 'recently-reduced') return this.#dropped;
    return sort === 'newest' ? this.#ranked : sort === 'mileage' ? this.#mileage : this.#price;
  }

  keysetOf(sort: CarSort, index: number): CatalogueKeyset {
    return { key: String(this.#sortValues(sort)[index]), id: this.#ids[index]! };
  }

  /** A make and model's priced cars by model year, each year's in mileage then id order; made on first use. */
  #pricedByYear(make: string, model: string): Map<number, Int32Array> {
    const key = `${make}\u0000${model}`;
    let years = this.#modelYears.get(key);
    if (years) return years;
    years = new Map();
    const makeCode = this.#choices.make.dictionary.get(make);
    const modelCode = this.#choices.model.dictionary.get(model);
    if (makeCode !== undefined && modelCode !== undefined) {
      const lists = new Map<number, number[]>();
      for (const index of this.#choices.model.postings[modelCode]!) {
        if (this.#choices.make.codes[index] !== makeCode || this.#price[index]! <= 0) continue;
        const year = this.#year[index]!;
        const list = lists.get(year);
        if (list) list.push(index);
        else lists.set(year, [index]);
      }
      const mileage = this.#mileage;
      const ids = this.#ids;
      for (const [year, list] of lists)
        years.set(
          year,
          Int32Array.from(list).sort(
            (a, b) => mileage[a]! - mileage[b]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0),
          ),
        );
    }
    this.#modelYears.set(key, years);
    return years;
  }

  /** The comparables of a query in this snapshot, skipping the cars marked dead. */
  comparablesOf(query: ComparablesQuery, dead: Uint8Array | null): ComparableOfYear[] {
    const list = this.#pricedByYear(query.make.toLowerCase(), query.model.toLowerCase()).get(query.year);
    if (!list) return [];
    const mileage = this.#mileage;
    // The first car at or above the lowest mileage, by halving.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (mileage[list[middle]!]! < query.minMileage) low = middle + 1;
      else high = middle;
    }
    const exclude = query.excludeId?.toLowerCase();
    const found: ComparableOfYear[] = [];
    for (let at = low; at < list.length && found.length < query.limit; at++) {
      const index = list[at]!;
      if (query.maxMileage !== null && mileage[index]! >= query.maxMileage) break;
      if (dead?.[index] || this.#ids[index] === exclude) continue;
      found.push({ id: this.#ids[index]!, mileage: mileage[index]!, price: this.#price[index]! });
    }
    return found;
  }
}

/** The cars of one query on one view: the snapshot's matches beside the changed cars' matches. */
export class CatalogueSelection {
  readonly snapshot: CatalogueSnapshot;
  /** The view the selection was made on: a page is right while the log holds nothing past its sequence number. */
  view: CatalogueView | null = null;
  /** How many cars match: counted, or estimated from a sample when many do. */
  readonly count: number;
  readonly estimated: boolean;
  readonly #matches: (index: number) => boolean;
  /** Every match when there are few (COLLECT_LIMIT), else null: a page walks the sort order instead. */
  readonly #collected: number[] | null;
  readonly #bounds: SortBounds;
  /** Changed cars (held beside the snapshot) that match. */
  readonly #changed: ChangedCar[];

  constructor(
    snapshot: CatalogueSnapshot,
    matches: (index: number) => boolean,
    count: number,
    estimated: boolean,
    collected: number[] | null,
    bounds: SortBounds = NO_BOUNDS,
    changed: ChangedCar[] = [],
  ) {
    this.snapshot = snapshot;
    this.#bounds = bounds;
    this.#matches = matches;
    this.count = count + changed.length;
    this.estimated = estimated;
    this.#collected = collected;
    this.#changed = changed;
  }

  static empty(snapshot: CatalogueSnapshot): CatalogueSelection {
    return new CatalogueSelection(snapshot, () => false, 0, false, []);
  }

  /** Whether the car is among the matches: a changed car that matches, or a snapshot car that does (and is not dead). */
  holds(id: string): boolean {
    const key = id.toLowerCase();
    if (this.#changed.some((car) => car.id === key)) return true;
    const index = this.snapshot.indexOf(key);
    return index >= 0 && this.#matches(index);
  }

  /** The same matches of the snapshot with the changed cars that match beside them. */
  withChanged(changed: ChangedCar[]): CatalogueSelection {
    if (changed.length === 0) return this;
    return new CatalogueSelection(
      this.snapshot,
      this.#matches,
      this.count,
      this.estimated,
      this.#collected,
      this.#bounds,
      changed,
    );
  }

  /** `limit` cars after the keyset in the sort's order, and whether more follow. */
  page(sort: CarSort, limit: number, after: CatalogueKeyset | null): CataloguePage {
    const snapshot = this.snapshot;
    const walk = snapshot.walkOf(sort);
    const start = after ? snapshot.positionAfter(sort, after) : 0;
    let found: number[];
    if (this.#collected) {
      // Few matches: the first limit + 1 of their positions in the walk, from the keyset on.
      const first: number[] = [];
      for (const index of this.#collected) {
        const position = walk.position(index);
        if (position < start || (first.length > limit && position > first[limit]!)) continue;
        let at = first.length;
        while (at > 0 && first[at - 1]! > position) at -= 1;
        first.splice(at, 0, position);
        if (first.length > limit + 1) first.pop();
      }
      found = first.map((position) => walk.at(position));
    } else {
      found = [];
      const [first, end] = snapshot.span(sort, this.#bounds);
      for (let position = Math.max(start, first); position < end && found.length <= limit; position += 1) {
        const index = walk.at(position);
        if (this.#matches(index)) found.push(index);
      }
    }
    let keysets = found.map((index) => snapshot.keysetOf(sort, index));
    if (this.#changed.length > 0) keysets = this.#mergeChanged(keysets, sort, limit, after);
    const shown = keysets.slice(0, limit);
    return { ids: shown.map((keyset) => keyset.id), keysets: shown, hasMore: keysets.length > limit };
  }

  /** The snapshot's page merged with the changed cars after the keyset, in the sort's order (key, then id). */
  #mergeChanged(
    keysets: CatalogueKeyset[],
    sort: CarSort,
    limit: number,
    after: CatalogueKeyset | null,
  ): CatalogueKeyset[] {
    const descending = isDescending(sort);
    const compare = (a: { key: number; id: string }, b: { key: number; id: string }) => {
      const order = a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      return descending ? -order : order;
    };
    const afterKey = after ? { key: Number(after.key), id: after.id.toLowerCase() } : null;
    const entries = keysets.map((keyset) => ({ key: Number(keyset.key), id: keyset.id }));
    for (const car of this.#changed) {
      const entry = { key: changedSortValue(car, sort), id: car.id };
      if (afterKey && compare(entry, afterKey) <= 0) continue;
      entries.push(entry);
    }
    entries.sort(compare);
    return entries.slice(0, limit + 1).map((entry) => ({ key: String(entry.key), id: entry.id }));
  }
}

/**
 * The catalogue as one process knows it at one position of the change log: the last full read (the snapshot), the
 * cars changed since marked dead in it, and their current rows held beside it. Never changed once made: applying
 * log entries makes a new view, so a selection keeps answering from the view it was made on.
 */
export class CatalogueView {
  readonly snapshot: CatalogueSnapshot;
  readonly seq: number;
  readonly #dead: Uint8Array | null;
  readonly #deadCount: number;
  readonly #changed: Map<string, ChangedCar | null>;
  #changedByModel: Map<string, ChangedCar[]> | null = null;

  constructor(
    snapshot: CatalogueSnapshot,
    seq = snapshot.seq,
    dead: Uint8Array | null = null,
    deadCount = 0,
    changed = new Map<string, ChangedCar | null>(),
  ) {
    this.snapshot = snapshot;
    this.seq = seq;
    this.#dead = dead;
    this.#deadCount = deadCount;
    this.#changed = changed;
  }

  get version(): string {
    return this.snapshot.version;
  }

  /** Cars changed since the snapshot was read. */
  get changedCount(): number {
    return this.#changed.size;
  }

  select(query: CatalogueQuery): CatalogueSelection {
    const base = this.snapshot.select(query, this.#dead, this.#deadCount);
    const changed: ChangedCar[] = [];
    for (const car of this.#changed.values()) if (car && changedCarMatches(car, query)) changed.push(car);
    const selection = base.withChanged(changed);
    selection.view = this;
    return selection;
  }

  /** Whether the car, as changed since the snapshot, matches the query (false for one gone or not changed). */
  changedMatches(id: string, query: CatalogueQuery): boolean {
    const car = this.#changed.get(id.toLowerCase());
    return car ? changedCarMatches(car, query) : false;
  }

  /** The comparables of a query: the snapshot's, with the changed cars' that qualify merged in. */
  comparablesOf(query: ComparablesQuery): ComparableOfYear[] {
    const found = this.snapshot.comparablesOf(query, this.#dead);
    const changed = this.#changedOfModel(query.make.toLowerCase(), query.model.toLowerCase());
    if (changed.length === 0) return found;
    const exclude = query.excludeId?.toLowerCase();
    for (const car of changed) {
      const row = car.row;
      if (row.year !== query.year || row.price <= 0 || car.id === exclude || row.mileage < query.minMileage)
        continue;
      if (query.maxMileage !== null && row.mileage >= query.maxMileage) continue;
      found.push({ id: car.id, mileage: row.mileage, price: row.price });
    }
    return found.sort(byMileageThenId).slice(0, query.limit);
  }

  /** The changed cars still in the catalogue, by make and model; made on first use (a view never changes). */
  #changedOfModel(make: string, model: string): ChangedCar[] {
    if (!this.#changedByModel) {
      this.#changedByModel = new Map();
      for (const car of this.#changed.values()) {
        if (!car) continue;
        const key = `${car.row.make}\u0000${car.row.model}`;
        const list = this.#changedByModel.get(key);
        if (list) list.push(car);
        else this.#changedByModel.set(key, [car]);
      }
    }
    return this.#changedByModel.get(`${make}\u0000${model}`) ?? [];
  }

  /**
   * The view after log entries read past this view's position, or 'reload' when they cannot tell it: entries right
   * after this position were pruned away, so what they changed is unknown.
   */
  after(log: LogSince): CatalogueView | 'reload' {
    if (log.ids.length === 0 || log.last === null) return this;
    if (log.first !== null && Number(log.first) > this.seq + 1 && this.seq > 0) return 'reload';
    const byId = new Map(log.rows.map((row) => [row.id!.toLowerCase(), row]));
    return this.apply([...new Set(log.ids.map((id) => id.toLowerCase()))], byId, Number(log.last));
  }

  /** The view after the log up to `seq`: each named car now as `rows` has it, or gone when it has no row there. */
  apply(carIds: readonly string[], rows: ReadonlyMap<string, LoadedRow>, seq: number): CatalogueView {
    const dead = this.#dead ? this.#dead.slice() : new Uint8Array(this.snapshot.size);
    let deadCount = this.#deadCount;
    const changed = new Map(this.#changed);
    for (const raw of carIds) {
      const id = raw.toLowerCase();
      const index = this.snapshot.indexOf(id);
      if (index >= 0 && dead[index] === 0) {
        dead[index] = 1;
        deadCount += 1;
      }
      const row = rows.get(id);
      changed.set(
        id,
        row ? { id, row, ranked: Number(row.ranked), dropped: Number(row.dropped ?? 0) } : null,
      );
    }
    return new CatalogueView(this.snapshot, seq, dead, deadCount, changed);
  }
}

/**
 * The public catalogue's filters and sorts held in the API process: a page's ids and its total come from memory, and
 * the one statement a list then runs fetches those cars by id, reading the change log's last sequence number and the
 * catalogue version in the same statement.
 *
 * The index follows the change log (migration 0018) one car at a time: woken by NOTIFY on CAR_CHANGES_CHANNEL (any
 * writer's), by this process's own writes, and by a page that found the log ahead of it, it reads the entries past
 * its position and the changed cars' rows, and makes a new view. A missed wake-up, a restart or a reconnect leaves
 * nothing stale: the next page's statement sees the log ahead and answers by SQL while the index catches up. The
 * whole catalogue is read only at start, when the log was pruned past the index's position, after a seller's
 * suspension or a TRUNCATE (both raise the catalogue version), and in the background once OVERLAY_LIMIT cars have
 * changed since the last full read; the view in hand keeps answering meanwhile, except after a version change.
 */
export class CarCatalogueIndex {
  readonly #db: Database;
  #view: CatalogueView | null = null;
  #loading = false;
  #again = false;
  #lastLoadEnded = -Infinity;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #catchingUp: Promise<void> | null = null;
  #catchUpAgain = false;
  #closed = false;
  #unlisten: Promise<() => Promise<void>> | null = null;
  /** Callers of ready() waiting for the read under way. */
  #waiting: (() => void)[] = [];

  constructor(db: Database) {
    this.#db = db;
  }

  /** The view to answer from, or null while there is none (a read of the catalogue is then under way). */
  current(): CatalogueView | null {
    if (!this.#view) this.#schedule();
    return this.#view;
  }

  /**
   * Resolves once a read of the catalogue has ended (started here if none is under way): a server calls it at start,
   * so the first buyers are answered from memory. True when there is a view to answer from.
   */
  /** The change log's last entry the index has applied; undefined before its first read (the metrics' lag). */
  get appliedSeq(): number | undefined {
    return this.#view?.seq;
  }

  async ready(): Promise<boolean> {
    if (this.#view) return true;
    const ended = new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#schedule();
    await ended;
    return this.#view !== null;
  }

  /** Follows the change log's wake-ups on this database; resolves once listening. */
  async follow(database: DatabaseHandle): Promise<void> {
    this.#unlisten ??= database.listen(CAR_CHANGES_CHANNEL, () => this.changed());
    await this.#unlisten;
  }

  /** The log may hold entries past the view (a write here, a wake-up): apply them. */
  changed(): void {
    if (this.#closed || !this.#view) return;
    if (this.#catchingUp) {
      this.#catchUpAgain = true;
      return;
    }
    this.#catchingUp = this.#catchUp().finally(() => (this.#catchingUp = null));
  }

  /** Resolves once the log entries known now are applied (tests and the bench). */
  async caughtUp(): Promise<void> {
    this.changed();
    while (this.#catchingUp) await this.#catchingUp;
  }

  /** The whole catalogue must be read again (a suspension or TRUNCATE): stop answering from the view. */
  forget(): void {
    this.#view = null;
    if (this.#loading) this.#again = true;
    else this.#schedule();
  }

  /**
   * A page's statement read the log's last sequence number and the catalogue version: true when the view it was
   * chosen from held every entry up to it. Otherwise the page is answered by SQL, and the index catches up (or, on
   * another version, is read again).
   */
  checkPage(view: CatalogueView, seq: number, version: string): boolean {
    if (view.version !== version) {
      if (this.#view && this.#view.version === view.version) this.forget();
      return false;
    }
    if (seq <= view.seq) return true;
    this.changed();
    return false;
  }

  /** Stops any read waiting to start and the following of the log (the database is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#again = false;
    this.#wake();
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    if (unlisten) await (await unlisten.catch(() => async () => undefined))().catch(() => undefined);
    await this.#catchingUp;
  }

  async #catchUp(): Promise<void> {
    do {
      this.#catchUpAgain = false;
      const view = this.#view;
      if (!view || this.#closed) return;
      let next: CatalogueView | 'reload';
      try {
        next = await this.#readLog(view);
      } catch {
        // A closed database, or one not yet migrated: the next page or wake-up tries again.
        return;
      }
      // A full read that ended meanwhile is newer than the view this catch-up started from.
      if (this.#view !== view) {
        this.#catchUpAgain = true;
        continue;
      }
      if (next === 'reload') {
        this.forget();
        return;
      }
      this.#view = next;
      if (next.seq > view.seq) this.#catchUpAgain = true;
      if (next.changedCount > OVERLAY_LIMIT) this.#schedule();
    } while (this.#catchUpAgain);
  }

  /** The view after the log's next entries, or 'reload' when the whole catalogue must be read again. */
  async #readLog(view: CatalogueView): Promise<CatalogueView | 'reload'> {
    const [head] = resultRows<{ version: string; log: unknown }>(
      await this.#db.execute(sql`
        select v.version::text as version, ${logSince(view.seq, CATCH_UP_BATCH)} as log
        from car_catalogue_version v where v.id = 1`),
    );
    if (!head || head.version !== view.version) return 'reload';
    return view.after(readLogSince(head.log));
  }

  /**
   * A view a page made for itself from the log entries its statement read past `from` (it answers without waiting
   * for a catch-up): taken as the index's view when the index is still at `from`, so the next pages start there.
   */
  offer(from: CatalogueView, next: CatalogueView): void {
    if (this.#view === from && next.seq > from.seq) this.#view = next;
  }

  #wake(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }

  #schedule(): void {
    if (this.#loading || this.#timer || this.#closed) return;
    // Full reads arriving one after another cost one read of the catalogue per gap, not one each.
    const wait = Math.max(0, this.#lastLoadEnded + RELOAD_GAP_MS - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#load();
    }, wait);
  }

  async #load(): Promise<void> {
    this.#loading = true;
    this.#again = false;
    try {
      const snapshot = await CatalogueSnapshot.load(this.#db);
      // Told to read again during the read (a suspension): the version check decides, so keep it unless told.
      if (!this.#again) {
        this.#view = new CatalogueView(snapshot);
        // Entries written during the read are applied at once.
        this.changed();
      }
    } catch {
      // A closed or not yet migrated database: lists keep using SQL, and the next one tries again after the gap.
    } finally {
      this.#loading = false;
      this.#lastLoadEnded = performance.now();
      if (this.#again) this.#schedule();
      else this.#wake();
    }
  }
}

const shared = new WeakMap<Database, CarCatalogueIndex>();

/** The one catalogue index of a database handle, so that every repository on it shares it. */
export function carCatalogueIndexOf(db: Database): CarCatalogueIndex {
  let index = shared.get(db);
  if (!index) {
    index = new CarCatalogueIndex(db);
    shared.set(db, index);
  }
  return index;
}
