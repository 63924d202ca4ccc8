import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import { plannedOnce } from '../db/named-statement.ts';
import type { CarSort } from '@autoreel/core';
import { carConditions, sellerNotSuspended, statusIn, type CarFilters } from './car-conditions.ts';
import { carVocabularyOf } from './car-vocabulary.ts';
import {
  carCatalogueIndexOf,
  EXACT_TOTAL_LIMIT,
  logSince,
  readLogSince,
  type CatalogueQuery,
  type CatalogueSelection,
} from './car-catalogue-index.ts';
import {
  carCatalogueVersion,
  carChanges,
  carLikes,
  carPricePoints,
  cars,
  countries,
  dealerApplications,
  dealers,
  mediaObjects,
  users,
} from '../db/schema/index.ts';

/** A car as read for answers: every column but the search document, which only queries use. */

/** Rows a statement inserts at most: a car has about 25 columns and a statement takes 65,535 parameters. */
const INSERT_CHUNK = 1_000;
export type CarRow = Omit<typeof cars.$inferSelect, 'searchDocument'>;

/** What a car answer needs from other tables; CarRepository loads it in the same statement as the car. */
export interface CarJoins {
  seller: {
    id: string;
    name: string;
    phone: string;
    isPrivateSeller: boolean;
    isPhoneVerified: boolean;
  } | null;
  dealer: {
    id: string;
    name: string;
    location: string;
    phone: string | null;
    rating: number;
    reviewCount: number;
    isVerified: boolean;
  } | null;
  /** The listing country's currency; null when the country is not in the countries table. */
  country: { currencyCode: string | null; currencyName: string | null; currencySymbol: string | null } | null;
  /** A private seller's location: the one given on their approved private-seller application. */
  sellerLocation: string | null;
}

/** A car with everything its answer needs from other tables. */
export interface CarRecord {
  car: CarRow;
  joins: CarJoins;
}

export type CarInsert = typeof cars.$inferInsert;
export type CarUpdate = Partial<Omit<CarInsert, 'id' | 'sellerId' | 'dealerId' | 'sellerType' | 'createdAt'>>;

export type { CarFilters, CarSort };

/** Where the previous page stopped: the sort key of its last car (an integer as text; ranked_at in microseconds) and its id. */
export interface CarKeyset {
  key: string;
  id: string;
}

export interface CarPage {
  records: (CarRecord & { keyset: CarKeyset })[];
  hasMore: boolean;
  /** The filters the page was read with: prepared again when the catalogue index turned out to be outdated. */
  prepared: PreparedCarFilters;
}

/** count() stops here. */
export const TOTAL_COUNT_CAP = 10_000;

export { EXACT_TOTAL_LIMIT };

/** A list's total, and whether it is the planner's estimate rather than a count. */
export interface CarTotal {
  total: number;
  estimated: boolean;
}

/**
 * Filters whose search words are resolved: into a tsquery text, and per word its alternatives (the catalogue
 * index's form); `rare` when a word is in few cars.
 */
type ResolvedFilters = CarFilters & { tsquery?: string | undefined; terms?: string[][]; rare?: boolean };

/**
 * Filters made ready for list() and total(): search words resolved, and how many cars match: counted by the
 * catalogue index (`selection`) for the public catalogue while it is current, else the planner's estimate.
 */
export type PreparedCarFilters = ResolvedFilters & { expected: number; selection?: CatalogueSelection };

/** The public catalogue (active cars, nobody's own list) is what the in-memory catalogue index holds. */
function isPublicCatalogue(filters: CarFilters): boolean {
  return (
    filters.dealerId === undefined &&
    filters.sellerId === undefined &&
    filters.statuses?.length === 1 &&
    filters.statuses[0] === 'active'
  );
}

/**
 * Up to this many expected matches, a page is read matches first (every match through the filters' indexes, then
 * sorted) rather than by walking the sort's index until a page of matches turns up: a walk that costs a few dozen
 * rows when matches are common reads the whole catalogue when they are few, or none (Toyota + Corolla + Automatic).
 */
export const MATCHES_FIRST_LIMIT = 1_000;
/** Rows of the sort's index a walk reads at most: past 1,000 expected matches in 100,000, a page is in ~2,100. */
export const WALK_LIMIT = 4_000;

/** Two significant figures: an estimate should not look like a count (8,333 is shown as 'about 8,300'). */
export function roundEstimate(expected: number): number {
  const value = Math.max(0, Math.round(expected));
  if (value < 100) return value;
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

/** Words of a search, each kept to letters and digits so it can go into a tsquery safely. */
export function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
}

const sellerLocation = sql<string | null>`(
  select ${dealerApplications.location} from ${dealerApplications}
  where ${dealerApplications.userId} = ${cars.sellerId}
    and ${dealerApplications.status} = 'approved'
  order by ${dealerApplications.createdAt} desc
  limit 1
)`;

/** The one select every car answer uses: the car, its seller, dealer and country, joined in one statement. */
// The search document is large and only ever used inside WHERE clauses, so answers never carry it.
const { searchDocument: _searchDocument, ...answerColumns } = getTableColumns(cars);

const carSelection = {
  car: answerColumns,
  seller: {
    id: users.id,
    name: users.name,
    phone: users.phone,
    isPrivateSeller: users.isPrivateSeller,
    isPhoneVerified: users.isPhoneVerified,
  },
  dealer: {
    id: dealers.id,
    name: dealers.name,
    location: dealers.location,
    phone: dealers.phone,
    rating: dealers.rating,
    reviewCount: dealers.reviewCount,
    isVerified: dealers.isVerified,
  },
  country: {
    currencyCode: countries.currencyCode,
    currencyName: countries.currencyName,
    currencySymbol: countries.currencySymbol,
  },
  sellerLocation,
};

interface SelectedCar {
  car: CarRow;
  seller: CarJoins['seller'];
  dealer: CarJoins['dealer'];
  country: CarJoins['country'];
  sellerLocation: string | null;
}

function toRecord(row: SelectedCar): CarRecord {
  return {
    car: row.car,
    joins: {
      seller: row.seller,
      dealer: row.dealer,
      country: row.country,
      sellerLocation: row.sellerLocation,
    },
  };
}

/** The catalogue version as text, read in the same statement (snapshot) as the cars it vouches for. */
const catalogueVersion = sql<string>`(select ${carCatalogueVersion.version}::text from ${carCatalogueVersion} where ${carCatalogueVersion.id} = 1)`;
/** The change log's last sequence number, read in the same statement: an index behind it may not choose the page. */
const logPosition = sql<string>`(select coalesce(max(${carChanges.seq}), 0)::text from ${carChanges})`;

/**
 * Log entries a page's statement reads past its view: a page chosen a moment before an edit applies them itself
 * instead of waiting for the index (more than this, and it waits).
 */
const PAGE_LOG_LIMIT = 64;

/**
 * The cars of an indexed page, with the catalogue version, the log's last sequence number and its entries past the
 * view the page was chosen from (`after`); `ids` is an array literal or the statement's placeholder.
 */
function carsByIds(
  db: Database,
  ids: ReturnType<typeof sql.placeholder> | string,
  after: ReturnType<typeof sql.placeholder> | number,
) {
  return db
    .select({
      ...carSelection,
      version: catalogueVersion,
      seq: logPosition,
      log: logSince(after, PAGE_LOG_LIMIT),
    })
    .from(cars)
    .leftJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(dealers, eq(dealers.id, cars.dealerId))
    .leftJoin(countries, eq(countries.code, cars.countryCode))
    .where(sql`${cars.id} = any(${ids}::uuid[])`);
}

function preparedStatements(db: Database) {
  return {
    carsByIds: plannedOnce(
      db,
      'car_catalogue_page',
      carsByIds(db, sql.placeholder('ids'), sql.placeholder('after')).prepare('car_catalogue_page'),
    ),
    catalogueVersion: plannedOnce(
      db,
      'car_catalogue_version',
      db
        .select({
          version: sql<string>`${carCatalogueVersion.version}::text`,
          seq: logPosition,
          log: logSince(sql.placeholder('after'), PAGE_LOG_LIMIT),
        })
        .from(carCatalogueVersion)
        .where(eq(carCatalogueVersion.id, 1))
        .prepare('car_catalogue_version'),
    ),
  };
}

/** Sort key column as text, and its order; every sort ends on id so that a keyset is unique. */
function sortSpec(sort: CarSort): { key: SQL; keyText: SQL<string>; direction: 'asc' | 'desc' } {
  switch (sort) {
    case 'newest':
      // Listing time plus the seller's reply boost (ranked_at, migration 0027), in microseconds since the epoch:
      // exact, where a JavaScript Date would drop the microseconds Postgres keeps.
      return {
        key: sql`${cars.rankedAt}`,
        keyText: sql<string>`(extract(epoch from ${cars.rankedAt}) * 1000000)::bigint::text`,
        direction: 'desc',
      };
    case 'price-low':
      return { key: sql`${cars.price}`, keyText: sql<string>`${cars.price}::text`, direction: 'asc' };
    case 'price-high':
      return { key: sql`${cars.price}`, keyText: sql<string>`${cars.price}::text`, direction: 'desc' };
    case 'mileage':
      return { key: sql`${cars.mileage}`, keyText: sql<string>`${cars.mileage}::text`, direction: 'asc' };
    case 'recently-reduced':
      return {
        key: sql`${cars.priceDroppedAt}`,
        keyText: sql<string>`coalesce((extract(epoch from ${cars.priceDroppedAt}) * 1000000)::bigint, 0)::text`,
        direction: 'desc',
      };
  }
}

/** Sorts by a time (microseconds in the keyset), newest first, missing times last. */
const byTime = (sort: CarSort) => sort === 'newest' || sort === 'recently-reduced';

/** The only place car queries live. Reads always join seller, dealer and country in the same statement. */
export class CarRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * The statements every indexed page runs, built once and prepared by name: the database plans each once (per
   * connection on Postgres) instead of on every request (planning a 20-car fetch took longer than running it).
   */
  get #statements() {
    this.#prepared ??= preparedStatements(this.#db);
    return this.#prepared;
  }
  #prepared: ReturnType<typeof preparedStatements> | null = null;

  #select(db: Database = this.#db) {
    return db
      .select(carSelection)
      .from(cars)
      .leftJoin(users, eq(users.id, cars.sellerId))
      .leftJoin(dealers, eq(dealers.id, cars.dealerId))
      .leftJoin(countries, eq(countries.code, cars.countryCode));
  }

  async findById(id: string): Promise<CarRecord | null> {
    const [row] = await this.#select().where(eq(cars.id, id)).limit(1);
    return row ? toRecord(row) : null;
  }

  /** Cars in the order of the ids asked for; unknown ids are skipped. One statement whatever the count. */
  async findManyByIds(ids: readonly string[]): Promise<CarRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.#select().where(inArray(cars.id, [...new Set(ids)]));
    const byId = new Map(rows.map((row) => [row.car.id, toRecord(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Whether the account that listed the car is suspended (its listings are then hidden from everyone). */
  async isSellerSuspended(sellerId: string): Promise<boolean> {
    const [row] = await this.#db
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, sellerId))
      .limit(1);
    return Boolean(row?.suspendedAt);
  }

  /** Just the columns that decide who may change a car. */
  async findOwnership(id: string): Promise<{ id: string; sellerId: string; dealerId: string | null } | null> {
    const [row] = await this.#db
      .select({ id: cars.id, sellerId: cars.sellerId, dealerId: cars.dealerId })
      .from(cars)
      .where(eq(cars.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Which of the ids name a car at all. */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .select({ id: cars.id })
      .from(cars)
      .where(inArray(cars.id, [...new Set(ids)]));
    return new Set(rows.map((row) => row.id));
  }

  /** The filters with their search words resolved, typos included, into one tsquery text. */
  async #resolve(filters: CarFilters): Promise<ResolvedFilters> {
    const words = searchWords(filters.search ?? '');
    if (words.length === 0) return filters;
    const vocabulary = carVocabularyOf(this.#db);
    // Every word must match: as a word prefix in the search document (make, model, colour, description,
    // features), or as one of the makes' and models' words it resembles ('toyta' -> toyota, 'mercedez' -> mercedes).
    const resolved = await Promise.all(words.map((word) => vocabulary.word(word)));
    return {
      ...filters,
      tsquery: resolved.map(({ alternatives }) => `(${alternatives.join(' | ')})`).join(' & '),
      terms: resolved.map(({ alternatives }) => alternatives),
      rare: resolved.some(({ common }) => !common),
    };
  }

  /** Resolves the search words and asks the planner how many cars match; list() and total() share the answer. */
  async prepare(filters: CarFilters | PreparedCarFilters): Promise<PreparedCarFilters> {
    if ('expected' in filters) return filters;
    const resolved = await this.#resolve(filters);
    const snapshot = isPublicCatalogue(filters) ? carCatalogueIndexOf(this.#db).current() : null;
    if (snapshot) {
      const selection = snapshot.select(resolved);
      return { ...resolved, expected: selection.count, selection };
    }
    return this.#prepareForSql(resolved);
  }

  /** The planner's estimate, for a list read by SQL. */
  async #prepareForSql(resolved: ResolvedFilters): Promise<PreparedCarFilters> {
    // A rare word's matches are few and come from the search index (the planner would guess 2%).
    return { ...resolved, expected: resolved.rare ? 0 : await this.#estimate(resolved) };
  }

  #filterConditions(filters: ResolvedFilters): SQL[] {
    return carConditions(filters);
  }

  /**
   * How a page's ids are found. 'walk': the sort's index in order, stopping after a page of matches (no filter but
   * status, so every row matches). 'matches first': every match through the filters' indexes, then sorted (few
   * expected). 'bounded walk': the sort's index in order, but at most WALK_LIMIT rows of it (many expected); if
   * that did not fill the page, the estimate missed a correlation and list() reads matches first.
   */
  #strategy(filters: PreparedCarFilters): 'walk' | 'matches first' | 'bounded walk' {
    const { statuses: _statuses, expected, selection: _selection, terms: _terms, ...others } = filters;
    if (Object.values(others).every((value) => value === undefined || value === false)) return 'walk';
    return filters.rare || expected <= MATCHES_FIRST_LIMIT ? 'matches first' : 'bounded walk';
  }

  #listQuery(
    filters: PreparedCarFilters,
    sort: CarSort,
    limit: number,
    after: CarKeyset | null,
    strategy = this.#strategy(filters),
  ) {
    const spec = sortSpec(sort);
    const conditions = this.#filterConditions(filters);
    // Status, position, and bounds on the sorted column: what the sort's index itself can serve.
    const walked: SQL[] = filters.statuses ? [statusIn(filters.statuses)] : [];
    if (sort === 'price-low' || sort === 'price-high') {
      if (filters.minPrice) walked.push(sql`${cars.price} >= ${filters.minPrice}`);
      if (filters.maxPrice) walked.push(sql`${cars.price} > 0 and ${cars.price} <= ${filters.maxPrice}`);
    }
    if (sort === 'mileage' && filters.maxMileage) walked.push(sql`${cars.mileage} <= ${filters.maxMileage}`);
    if (sort === 'recently-reduced' && filters.priceDroppedSince)
      walked.push(sql`${cars.priceDroppedAt} >= ${filters.priceDroppedSince.toISOString()}::timestamptz`);
    if (after) {
      const castKey = byTime(sort)
        ? sql`('epoch'::timestamptz + ${after.key}::bigint * interval '1 microsecond')`
        : sql`${after.key}::integer`;
      const position =
        spec.direction === 'desc'
          ? sql`(${spec.key}, ${cars.id}) < (${castKey}, ${after.id}::uuid)`
          : sql`(${spec.key}, ${cars.id}) > (${castKey}, ${after.id}::uuid)`;
      conditions.push(position);
      walked.push(position);
    }
    // The orders match the indexes exactly, NULLS placement included, so a page is read from the index in order:
    // cars_status_ranked_idx is declared DESC NULLS LAST; price and mileage ones are ascending and read backwards
    // for price-high (DESC NULLS FIRST, the default for DESC).
    const order = byTime(sort)
      ? [sql`${spec.key} desc nulls last`, sql`${cars.id} desc nulls last`]
      : spec.direction === 'desc'
        ? [sql`${spec.key} desc`, desc(cars.id)]
        : [sql`${spec.key} asc`, sql`${cars.id} asc`];
    const orderSql = sql.join(order, sql`, `);
    // The page's ids first, then the joins for those 21 cars only: whatever the planner expects of the filters, it
    // never joins every match before it sorts and cuts.
    const page =
      strategy === 'matches first'
        ? this.#matchesFirstPage(conditions, sort, limit)
        : strategy === 'bounded walk'
          ? // The inner statement is named cars too, so the filters' column references read its rows.
            sql`select ${cars.id} from (select * from ${cars} where ${and(...walked)} order by ${orderSql} limit ${WALK_LIMIT}) as ${cars} where ${and(...conditions)} order by ${orderSql} limit ${limit + 1}`
          : this.#db
              .select({ id: cars.id })
              .from(cars)
              .where(and(...conditions))
              .orderBy(...order)
              .limit(limit + 1)
              .getSQL();
    return this.#db
      .select({ ...carSelection, sortKey: spec.keyText })
      .from(cars)
      .leftJoin(users, eq(users.id, cars.sellerId))
      .leftJoin(dealers, eq(dealers.id, cars.dealerId))
      .leftJoin(countries, eq(countries.code, cars.countryCode))
      .where(sql`${cars.id} = any(array(${page}))`)
      .orderBy(...order);
  }

  /**
   * The page's ids when few cars match: every match is found through the filters' indexes first (a materialized CTE
   * is a fence the planner cannot see through), then sorted. Walking the sort's index instead, as an estimate that
   * misses a correlation (or the planner's 2% guess for an unknown search prefix) would, reads the whole catalogue
   * when nothing matches.
   */
  #matchesFirstPage(conditions: SQL[], sort: CarSort, limit: number): SQL {
    const spec = sortSpec(sort);
    const matches = this.#db
      .select({ id: cars.id, key: sql`${spec.key}`.as('key') })
      .from(cars)
      .where(and(...conditions));
    const order = sql.raw(
      byTime(sort)
        ? 'key desc nulls last, id desc nulls last'
        : spec.direction === 'desc'
          ? 'key desc, id desc'
          : 'key asc, id asc',
    );
    return sql`with matches as materialized (${matches.getSQL()}) select id from matches order by ${order} limit ${limit + 1}`;
  }

  /** The plan of the statement list() runs, so tests can hold pages to index scans; `analyze` also runs it. */
  async explainList(
    filters: CarFilters,
    sort: CarSort,
    limit: number,
    after: CarKeyset | null,
    analyze = false,
  ): Promise<string> {
    const prepared = await this.#prepareForSql(await this.#resolve(filters));
    return this.#explain(this.#listQuery(prepared, sort, limit, after).getSQL(), analyze);
  }

  /** The plan of the one statement a page chosen by the catalogue index runs (its cars by id); null without the index. */
  async explainIndexedPage(filters: CarFilters, sort: CarSort, limit: number): Promise<string | null> {
    const { selection } = await this.prepare(filters);
    if (!selection) return null;
    const { ids } = selection.page(sort, limit, null);
    return this.#explain(carsByIds(this.#db, `{${ids.join(',')}}`, selection.view?.seq ?? 0).getSQL(), false);
  }

  /** The plan of the exact count total() runs when the planner expects few cars. */
  async explainCount(filters: CarFilters, analyze = false): Promise<string> {
    return this.#explain(this.#countQuery(await this.#resolve(filters), EXACT_TOTAL_LIMIT).getSQL(), analyze);
  }

  async #explain(query: SQL, analyze: boolean): Promise<string> {
    const how = sql.raw(analyze ? '(analyze, buffers, costs off)' : '');
    const lines = resultRows<Record<string, string>>(await this.#db.execute(sql`explain ${how} ${query}`));
    return lines.map((line) => Object.values(line)[0]).join('\n');
  }

  /** A page of cars in the chosen order after the given keyset. Costs the same on any page: no OFFSET. */
  async list(
    filters: CarFilters | PreparedCarFilters,
    sort: CarSort,
    limit: number,
    after: CarKeyset | null,
  ): Promise<CarPage> {
    let prepared = await this.prepare(filters);
    if (prepared.selection) {
      const { selection: _outdated, expected: _expected, ...unprepared } = prepared;
      let chosen = await this.#indexedPage(prepared.selection, unprepared, sort, limit, after);
      if (!chosen) {
        // The log ran past the index's view by more than the page's statement read: the index applies its entries in
        // a few milliseconds, far less than a page read by SQL costs, so the page waits for it and is chosen again.
        const index = carCatalogueIndexOf(this.#db);
        await index.caughtUp();
        const selection = index.current()?.select(unprepared);
        if (selection) chosen = await this.#indexedPage(selection, unprepared, sort, limit, after);
      }
      if (chosen) {
        const { selection, ...page } = chosen;
        return { ...page, prepared: { ...unprepared, expected: selection.count, selection } };
      }
      // The index must read the whole catalogue again (or fell behind once more): this list is read by SQL.
      prepared = await this.#prepareForSql(unprepared);
    }
    const strategy = this.#strategy(prepared);
    let rows = await this.#listQuery(prepared, sort, limit, after, strategy);
    if (strategy === 'bounded walk' && rows.length <= limit)
      rows = await this.#listQuery(prepared, sort, limit, after, 'matches first');
    const hasMore = rows.length > limit;
    return {
      hasMore,
      prepared,
      records: rows.slice(0, limit).map((row) => ({
        ...toRecord(row),
        keyset: { key: row.sortKey, id: row.car.id },
      })),
    };
  }

  /**
   * A page chosen by the catalogue index: its cars fetched by id in one statement that also reads the catalogue
   * version and the change log past the selection's view. When the log has moved on (an edit a moment ago), the
   * entries it read make the view the page is chosen from again, and the page stands if its cars are among those
   * fetched. Null when the page cannot be answered so (another version, more entries than read, a car not fetched).
   */
  async #indexedPage(
    selection: CatalogueSelection,
    query: CatalogueQuery,
    sort: CarSort,
    limit: number,
    after: CarKeyset | null,
  ): Promise<(Omit<CarPage, 'prepared'> & { selection: CatalogueSelection }) | null> {
    const view = selection.view;
    if (!view) return null;
    let page = selection.page(sort, limit, after);
    let read: { version: string; seq: string; log: unknown } | undefined;
    let byId = new Map<string, CarRecord>();
    if (page.ids.length === 0) {
      read = (await this.#statements.catalogueVersion.execute({ after: view.seq }))[0];
    } else {
      const rows = await this.#statements.carsByIds.execute({ ids: page.ids, after: view.seq });
      read = rows[0];
      byId = new Map(rows.map((row) => [row.car.id, toRecord(row)]));
    }
    if (read === undefined) return null;
    const index = carCatalogueIndexOf(this.#db);
    let chosen = selection;
    if (!index.checkPage(view, Number(read.seq), read.version)) {
      const log = readLogSince(read.log);
      if (read.version !== view.version || log.ids.length >= PAGE_LOG_LIMIT) return null;
      const next = view.after(log);
      if (next === 'reload' || next.seq !== Number(read.seq)) return null;
      index.offer(view, next);
      // Entries about cars the query neither held nor holds now leave its matches, and so its page, as they were: most
      // edits are elsewhere in the catalogue, and choosing again would cost every page in flight a second selection.
      if (log.ids.some((id) => selection.holds(id) || next.changedMatches(id, query))) {
        chosen = next.select(query);
        page = chosen.page(sort, limit, after);
      }
    }
    if (!page.ids.every((id) => byId.has(id))) return null;
    return {
      hasMore: page.hasMore,
      records: page.ids.map((id, at) => ({ ...byId.get(id)!, keyset: page.keysets[at]! })),
      selection: chosen,
    };
  }

  /**
   * How many cars match: counted exactly when the planner expects at most EXACT_TOTAL_LIMIT (a count of a few index
   * entries), otherwise the planner's estimate from the statistics, rounded to two significant figures, without
   * reading a row. A count of thousands of cars costs milliseconds per filter set, and the figure only labels the list.
   */
  async total(filters: CarFilters | PreparedCarFilters): Promise<CarTotal> {
    const prepared = await this.prepare(filters);
    const { expected, selection } = prepared;
    // The catalogue index counted every match: exact when small, rounded like an estimate when large.
    if (selection)
      return selection.count <= EXACT_TOTAL_LIMIT
        ? { total: selection.count, estimated: false }
        : { total: roundEstimate(selection.count), estimated: true };
    if (expected <= EXACT_TOTAL_LIMIT) {
      const [row] = await this.#countQuery(prepared, EXACT_TOTAL_LIMIT + 1);
      const counted = row?.total ?? 0;
      if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimated: false };
      return { total: roundEstimate(Math.max(expected, counted)), estimated: true };
    }
    return { total: roundEstimate(expected), estimated: true };
  }

  /** How many cars match, counted up to TOTAL_COUNT_CAP (writes and tests; lists use total()). */
  async count(filters: CarFilters): Promise<number> {
    const [row] = await this.#countQuery(await this.#resolve(filters), TOTAL_COUNT_CAP);
    return row?.total ?? 0;
  }

  /** The planner's expected number of matching cars: EXPLAIN only plans, it reads no rows. */
  async #estimate(filters: ResolvedFilters): Promise<number> {
    // Without the suspended sellers' condition: the planner guesses half for a subquery's filter, while suspended
    // accounts are a handful, and an estimate is shown as one ('about 8,300').
    const conditions = this.#filterConditions(filters).filter(
      (condition) => condition !== sellerNotSuspended,
    );
    const query = this.#db
      .select({ one: sql`1` })
      .from(cars)
      .where(and(...conditions));
    const [row] = resultRows<Record<string, unknown>>(
      await this.#db.execute(sql`explain (format json) ${query.getSQL()}`),
    );
    const value = row ? Object.values(row)[0] : undefined;
    const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return plan[0].Plan['Plan Rows'];
  }

  #countQuery(filters: ResolvedFilters, cap: number) {
    const limited = this.#db
      .select({ one: sql`1` })
      .from(cars)
      .where(and(...this.#filterConditions(filters)))
      .limit(cap)
      .as('limited');
    return this.#db.select({ total: sql<number>`count(*)::int` }).from(limited);
  }

  /** Makes and models are read again, and the catalogue index catches up with the log (after a write anywhere). */
  forgetVocabulary(): void {
    carVocabularyOf(this.#db).forget();
    carCatalogueIndexOf(this.#db).changed();
  }

  /** Deletes the change log's entries written before `before`; answers how many. */
  async pruneChanges(before: Date): Promise<number> {
    const rows = await this.#db
      .delete(carChanges)
      .where(sql`${carChanges.at} < ${before.toISOString()}::timestamptz`)
      .returning({ seq: carChanges.seq });
    return rows.length;
  }

  /** A car's price points, oldest first (the first is its price when listed). */
  async pricePoints(carId: string): Promise<{ price: number; at: Date }[]> {
    return this.#db
      .select({ price: carPricePoints.price, at: carPricePoints.at })
      .from(carPricePoints)
      .where(eq(carPricePoints.carId, carId))
      .orderBy(carPricePoints.at);
  }

  async insert(values: CarInsert): Promise<string> {
    const [row] = await this.#db.insert(cars).values(values).returning({ id: cars.id });
    this.forgetVocabulary();
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /** Inserts every row in one transaction, all or none, in statements of up to INSERT_CHUNK rows. */
  async insertMany(values: readonly CarInsert[]): Promise<string[]> {
    if (values.length === 0) return [];
    const ids = await this.#db.transaction(async (tx) => {
      const made: string[] = [];
      for (let at = 0; at < values.length; at += INSERT_CHUNK) {
        const rows = await tx
          .insert(cars)
          .values(values.slice(at, at + INSERT_CHUNK))
          .returning({ id: cars.id });
        made.push(...rows.map((row) => row.id));
      }
      return made;
    });
    this.forgetVocabulary();
    return ids;
  }

  async update(id: string, values: CarUpdate, now: Date): Promise<void> {
    await this.#db
      .update(cars)
      .set({ ...values, updatedAt: now })
      .where(eq(cars.id, id));
    if (values.make !== undefined || values.model !== undefined) this.forgetVocabulary();
  }

  /** Deletes the car and the media rows of its folder in one transaction; answers the storage keys to remove. */
  async deleteWithMedia(id: string): Promise<string[]> {
    return this.#db.transaction(async (tx) => {
      const media = await tx
        .delete(mediaObjects)
        .where(eq(mediaObjects.folder, `cars/${id}`))
        .returning({ key: mediaObjects.key });
      await tx.delete(cars).where(eq(cars.id, id));
      return media.map((m) => m.key);
    });
  }

  /**
   * Sets the status of every listed car the seller owns, or of none: the ownership check and the update run in one
   * transaction, and the update happens only when the seller owns all of them.
   */
  async setStatusIfAllOwned(
    carIds: readonly string[],
    sellerId: string,
    status: string,
    now: Date,
  ): Promise<{ updated: number } | { notOwned: string[] } | { drafts: string[] }> {
    const ids = [...new Set(carIds)];
    return this.#db.transaction(async (tx) => {
      // Row locks keep a concurrent delete or transfer from slipping in between the check and the update.
      const owned = await tx
        .select({ id: cars.id, status: cars.status })
        .from(cars)
        .where(and(inArray(cars.id, ids), eq(cars.sellerId, sellerId)))
        .for('update');
      if (owned.length !== ids.length) {
        const ownedIds = new Set(owned.map((row) => row.id));
        return { notOwned: ids.filter((id) => !ownedIds.has(id)) };
      }
      // A draft goes live with its video alone; a status change would publish it without one.
      const drafts = owned.filter((row) => row.status === 'draft').map((row) => row.id);
      if (drafts.length > 0) return { drafts };
      const updated = await tx
        .update(cars)
        .set({ status, updatedAt: now })
        .where(and(inArray(cars.id, ids), eq(cars.sellerId, sellerId)))
        .returning({ id: cars.id });
      return { updated: updated.length };
    });
  }

  /** Media the user uploaded into a car's folder, by key; used to check keys before they are attached. */
  async findOwnedMedia(
    ownerId: string,
    carId: string,
    keys: readonly string[],
  ): Promise<{ key: string; kind: string; status: string }[]> {
    if (keys.length === 0) return [];
    return this.#db
      .select({ key: mediaObjects.key, kind: mediaObjects.kind, status: mediaObjects.status })
      .from(mediaObjects)
      .where(
        and(
          inArray(mediaObjects.key, [...new Set(keys)]),
          eq(mediaObjects.ownerId, ownerId),
          eq(mediaObjects.folder, `cars/${carId}`),
        ),
      );
  }

  /** The user's liked cars, newest like first, with when each was liked. Liked lists are short: page and limit. */
  async listLiked(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ records: (CarRecord & { likedAt: Date })[]; total: number }> {
    const rows = await this.#db
      .select({ ...carSelection, likedAt: carLikes.createdAt })
      .from(carLikes)
      .innerJoin(cars, eq(cars.id, carLikes.carId))
      .leftJoin(users, eq(users.id, cars.sellerId))
      .leftJoin(dealers, eq(dealers.id, cars.dealerId))
      .leftJoin(countries, eq(countries.code, cars.countryCode))
      .where(eq(carLikes.userId, userId))
      // NULLS LAST like car_likes_user_idx, so the index gives the order.
      .orderBy(sql`${carLikes.createdAt} desc nulls last`, desc(carLikes.carId))
      .limit(limit)
      .offset((page - 1) * limit);
    const [count] = await this.#db
      .select({ total: sql<number>`count(*)::int` })
      .from(carLikes)
      .where(eq(carLikes.userId, userId));
    return {
      records: rows.map((row) => ({ ...toRecord(row), likedAt: row.likedAt })),
      total: count?.total ?? 0,
    };
  }
}
