import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import type { CarSort } from '@autoreel/core';
import { sellerNotSuspended, type CarQueryConditions } from './car-conditions.ts';

/**
 * The public list's car query as the index reads it, search words already resolved into their alternatives. The
 * index answers it exactly as carConditions does in SQL (car-query-mirror.int.test.ts holds the two together).
 */
export type CatalogueQuery = Omit<CarQueryConditions, 'search'> & {
  /** Per search word, its tsquery alternatives ('word:*' a prefix, else a lexeme); every word must match one. */
  terms?: string[][] | undefined;
};

/** A page's place in the sort order: the sort key as text (created_at in microseconds) and the car's id. */
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
}
const NO_BOUNDS: SortBounds = { minPrice: -Infinity, maxPrice: Infinity, maxMileage: Infinity };

interface ChoiceColumn {
  codes: Int32Array;
  dictionary: Map<string, number>;
  /** Per code, the cars holding it, in index order. */
  postings: Int32Array[];
}

interface LoadedRow {
  version: string;
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
  created: string;
  lexemes: string[];
}

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
  readonly size: number;
  readonly #ids: string[];
  readonly #created: Float64Array;
  readonly #price: Int32Array;
  readonly #year: Int32Array;
  readonly #mileage: Int32Array;
  readonly #seats: Int32Array;
  readonly #choices: Record<Choice, ChoiceColumn>;
  readonly #lexemes: string[];
  readonly #postingStart: Int32Array;
  readonly #postings: Int32Array;
  /** Car indexes in sort order: newest first; price and mileage ascending (price-high walks price backwards). */
  readonly #orders: Record<'newest' | 'price' | 'mileage', Int32Array>;
  /** A car's position in each order. */
  readonly #ranks: Record<'newest' | 'price' | 'mileage', Int32Array>;
  readonly #words = new Map<string, Int32Array>();

  constructor(rows: readonly LoadedRow[], version: string) {
    const cars = rows.filter((row) => row.id !== null);
    const size = cars.length;
    this.version = version;
    this.size = size;
    this.#ids = cars.map((row) => row.id!.toLowerCase());
    this.#created = Float64Array.from(cars, (row) => Number(row.created));
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
    const created = this.#created;
    const price = this.#price;
    const mileage = this.#mileage;
    // The SQL orders exactly: created_at desc, id desc; price asc, id asc; mileage asc, id asc.
    this.#orders = {
      newest: order((a, b) => created[b]! - created[a]! || byId(b, a)),
      price: order((a, b) => price[a]! - price[b]! || byId(a, b)),
      mileage: order((a, b) => mileage[a]! - mileage[b]! || byId(a, b)),
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
    };
  }

  /** Reads every active car's indexed columns and the catalogue version in one statement (one snapshot). */
  static async load(db: Database): Promise<CatalogueSnapshot> {
    const rows = resultRows<LoadedRow>(
      await db.execute(sql`
        select v.version::text as version, c.* from car_catalogue_version v left join (
          select id, lower(make) as make, lower(model) as model, lower(body_type) as body_type,
                 lower(fuel_type) as fuel_type, lower(transmission) as transmission, lower(condition) as condition,
                 price, year, mileage, coalesce(seats, 0) as seats, (extract(epoch from created_at) * 1000000)::bigint::text as created,
                 tsvector_to_array(search_document) as lexemes
          from cars where status = 'active' and ${sellerNotSuspended}
        ) c on true
        where v.id = 1`),
    );
    if (rows.length === 0) throw new Error('car_catalogue_version has no row');
    return new CatalogueSnapshot(rows, rows[0]!.version);
  }

  /** The cars matching `query`: how many, and their pages in any order. */
  select(query: CatalogueQuery): CatalogueSelection {
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
    if (minPrice > -Infinity || maxPrice < Infinity) narrow(this.#range('price', minPrice, maxPrice));
    if (maxMileage < Infinity) narrow(this.#range('mileage', -Infinity, maxMileage));

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
      (others.length === 0 || inWords(index));
    // Walking a sort order, a car must also be in the list looked through.
    const sourceWord = words.length > others.length ? source : null;
    const walkMatches = sourceWord
      ? (index: number) => matches(index) && contains(sourceWord, index)
      : matches;

    const from: Int32Array | null = source;
    const unfiltered = from === null && minYear === -Infinity && maxYear === Infinity && minSeats === 0;
    if (unfiltered) return new CatalogueSelection(this, () => true, this.size, false, null);
    const bounds = { minPrice, maxPrice, maxMileage };
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
    const key = sort === 'newest' ? 'newest' : sort === 'mileage' ? 'mileage' : 'price';
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
    const descending = sort === 'newest' || sort === 'price-high';
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
    }
  }

  #sortValues(sort: CarSort): Float64Array | Int32Array {
    return sort === 'newest' ? this.#created : sort === 'mileage' ? this.#mileage : this.#price;
  }

  keysetOf(sort: CarSort, index: number): CatalogueKeyset {
    return { key: String(this.#sortValues(sort)[index]), id: this.#ids[index]! };
  }
}

/** The cars of one query on one snapshot. */
export class CatalogueSelection {
  readonly snapshot: CatalogueSnapshot;
  /** How many cars match: counted, or estimated from a sample when many do. */
  readonly count: number;
  readonly estimated: boolean;
  readonly #matches: (index: number) => boolean;
  /** Every match when there are few (COLLECT_LIMIT), else null: a page walks the sort order instead. */
  readonly #collected: number[] | null;
  readonly #bounds: SortBounds;

  constructor(
    snapshot: CatalogueSnapshot,
    matches: (index: number) => boolean,
    count: number,
    estimated: boolean,
    collected: number[] | null,
    bounds: SortBounds = NO_BOUNDS,
  ) {
    this.snapshot = snapshot;
    this.#bounds = bounds;
    this.#matches = matches;
    this.count = count;
    this.estimated = estimated;
    this.#collected = collected;
  }

  static empty(snapshot: CatalogueSnapshot): CatalogueSelection {
    return new CatalogueSelection(snapshot, () => false, 0, false, []);
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
    const shown = found.slice(0, limit);
    const keysets = shown.map((index) => snapshot.keysetOf(sort, index));
    return { ids: keysets.map((keyset) => keyset.id), keysets, hasMore: found.length > limit };
  }
}

/**
 * The public catalogue's filters and sorts held in the API process: a page's ids and its total come from memory, and
 * the one statement a list then runs fetches those cars by id, reading the catalogue version in the same statement.
 * A version other than the snapshot's (a write by anyone, anywhere) drops the snapshot and the list is answered by
 * SQL while the catalogue is read again in the background; this process's own writes drop it at once (forget()).
 */
export class CarCatalogueIndex {
  readonly #db: Database;
  #snapshot: CatalogueSnapshot | null = null;
  #loading = false;
  #again = false;
  #lastLoadEnded = -Infinity;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Callers of ready() waiting for the read under way. */
  #waiting: (() => void)[] = [];

  constructor(db: Database) {
    this.#db = db;
  }

  /** The snapshot to answer from, or null while there is none (a read of the catalogue is then under way). */
  current(): CatalogueSnapshot | null {
    if (!this.#snapshot) this.#schedule();
    return this.#snapshot;
  }

  /**
   * Resolves once a read of the catalogue has ended (started here if none is under way): a server calls it at start,
   * so the first buyers are answered from memory. True when there is a snapshot to answer from.
   */
  async ready(): Promise<boolean> {
    if (this.#snapshot) return true;
    const ended = new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#schedule();
    await ended;
    return this.#snapshot !== null;
  }

  /** The catalogue changed (or may have): stop answering from the snapshot, and read the catalogue again. */
  forget(): void {
    this.#snapshot = null;
    if (this.#loading) this.#again = true;
    else this.#schedule();
  }

  /** A statement read `version`: a snapshot of another version is dropped. */
  checkVersion(snapshot: CatalogueSnapshot, version: string): boolean {
    if (snapshot.version === version) return true;
    if (this.#snapshot === snapshot) this.forget();
    return false;
  }

  /** Stops any read waiting to start (the database is closing). */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#again = false;
    this.#wake();
  }

  #wake(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }

  #schedule(): void {
    if (this.#loading || this.#timer) return;
    // Writes arriving one after another cost one read of the catalogue per gap, not one each.
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
      // A write announced during the read may be in it or not: the version check decides, so keep it unless told.
      if (!this.#again) this.#snapshot = snapshot;
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

/** The one catalogue index of a database handle, so that every repository on it shares (and clears) it. */
export function carCatalogueIndexOf(db: Database): CarCatalogueIndex {
  let index = shared.get(db);
  if (!index) {
    index = new CarCatalogueIndex(db);
    shared.set(db, index);
  }
  return index;
}
