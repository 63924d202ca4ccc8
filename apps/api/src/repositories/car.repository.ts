import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import { choiceConditions, distinctValuesMatching, equalsIgnoringCase, statusIn } from './car-conditions.ts';
import {
  carLikes,
  cars,
  countries,
  dealerApplications,
  dealers,
  mediaObjects,
  users,
} from '../db/schema/index.ts';
import type { CarJoins, CarRow } from '../services/car-presenter.ts';

/** A car with everything its answer needs from other tables. */
export interface CarRecord {
  car: CarRow;
  joins: CarJoins;
}

export type CarInsert = typeof cars.$inferInsert;
export type CarUpdate = Partial<Omit<CarInsert, 'id' | 'sellerId' | 'dealerId' | 'sellerType' | 'createdAt'>>;

export type CarSort = 'newest' | 'price-low' | 'price-high' | 'mileage';

export interface CarFilters {
  make?: string | undefined;
  model?: string | undefined;
  bodyType?: string | undefined;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  condition?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
  maxMileage?: number | undefined;
  search?: string | undefined;
  dealerId?: string | undefined;
  sellerId?: string | undefined;
  /** Omitted means every status (an owner's own inventory). */
  statuses?: string[] | undefined;
}

/** Where the previous page stopped: the sort key of its last car (an integer as text; created_at in microseconds) and its id. */
export interface CarKeyset {
  key: string;
  id: string;
}

export interface CarPage {
  records: (CarRecord & { keyset: CarKeyset })[];
  hasMore: boolean;
}

/** Counting stops here: past it the list says 'at least this many', which keeps a count over a huge set cheap. */
export const TOTAL_COUNT_CAP = 10_000;

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

/** Sort key column as text, and its order; every sort ends on id so that a keyset is unique. */
function sortSpec(sort: CarSort): { key: SQL; keyText: SQL<string>; direction: 'asc' | 'desc' } {
  switch (sort) {
    case 'newest':
      // Microseconds since the epoch: exact, where a JavaScript Date would drop the microseconds Postgres keeps.
      return {
        key: sql`${cars.createdAt}`,
        keyText: sql<string>`(extract(epoch from ${cars.createdAt}) * 1000000)::bigint::text`,
        direction: 'desc',
      };
    case 'price-low':
      return { key: sql`${cars.price}`, keyText: sql<string>`${cars.price}::text`, direction: 'asc' };
    case 'price-high':
      return { key: sql`${cars.price}`, keyText: sql<string>`${cars.price}::text`, direction: 'desc' };
    case 'mileage':
      return { key: sql`${cars.mileage}`, keyText: sql<string>`${cars.mileage}::text`, direction: 'asc' };
  }
}

/** The only place car queries live. Reads always join seller, dealer and country in the same statement. */
export class CarRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

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

  #filterConditions(filters: CarFilters): SQL[] {
    const conditions: SQL[] = choiceConditions(filters);
    const model = equalsIgnoringCase(cars.model, filters.model);
    if (model) conditions.push(model);
    if (filters.minPrice) conditions.push(sql`${cars.price} >= ${filters.minPrice}`);
    if (filters.maxPrice) conditions.push(sql`${cars.price} <= ${filters.maxPrice}`);
    if (filters.minYear) conditions.push(sql`${cars.year} >= ${filters.minYear}`);
    if (filters.maxYear) conditions.push(sql`${cars.year} <= ${filters.maxYear}`);
    if (filters.maxMileage) conditions.push(sql`${cars.mileage} <= ${filters.maxMileage}`);
    if (filters.dealerId) conditions.push(eq(cars.dealerId, filters.dealerId));
    if (filters.sellerId) conditions.push(eq(cars.sellerId, filters.sellerId));
    if (filters.statuses) conditions.push(statusIn(filters.statuses));
    // Every word must match: as a word prefix in the search document, or, for typos ('toyta', 'mercedez'), by
    // trigram similarity to the whole make or model (%) or to a word in it (<%, 'mercedez' in 'Mercedes-Benz').
    // Similarity is computed on the few distinct makes and models, not on every car: per row it costs a sequential
    // scan of trigram work, while the distinct values come from an index walk and the matches then use the
    // make/model indexes.
    for (const word of searchWords(filters.search ?? '')) {
      const fullText = sql`${cars.searchDocument} @@ to_tsquery('simple', ${`${word}:*`})`;
      if (word.length < 3) {
        conditions.push(sql`(${fullText})`);
        continue;
      }
      const similar = (column: 'make' | 'model') =>
        distinctValuesMatching(column, (value) => sql`${value} % ${word} or ${word} <% ${value}`);
      conditions.push(
        sql`(${fullText} or ${cars.make} = any(${similar('make')}) or ${cars.model} = any(${similar('model')}))`,
      );
    }
    return conditions;
  }

  #listQuery(filters: CarFilters, sort: CarSort, limit: number, after: CarKeyset | null) {
    const spec = sortSpec(sort);
    const conditions = this.#filterConditions(filters);
    if (after) {
      const castKey =
        sort === 'newest'
          ? sql`('epoch'::timestamptz + ${after.key}::bigint * interval '1 microsecond')`
          : sql`${after.key}::integer`;
      conditions.push(
        spec.direction === 'desc'
          ? sql`(${spec.key}, ${cars.id}) < (${castKey}, ${after.id}::uuid)`
          : sql`(${spec.key}, ${cars.id}) > (${castKey}, ${after.id}::uuid)`,
      );
    }
    // The orders match the indexes exactly, NULLS placement included, so a page is read from the index in order:
    // cars_status_created_idx is declared DESC NULLS LAST; price and mileage ones are ascending and read backwards
    // for price-high (DESC NULLS FIRST, the default for DESC).
    const order =
      sort === 'newest'
        ? [sql`${spec.key} desc nulls last`, sql`${cars.id} desc nulls last`]
        : spec.direction === 'desc'
          ? [sql`${spec.key} desc`, desc(cars.id)]
          : [sql`${spec.key} asc`, sql`${cars.id} asc`];
    return this.#db
      .select({ ...carSelection, sortKey: spec.keyText })
      .from(cars)
      .leftJoin(users, eq(users.id, cars.sellerId))
      .leftJoin(dealers, eq(dealers.id, cars.dealerId))
      .leftJoin(countries, eq(countries.code, cars.countryCode))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit + 1);
  }

  /** The plan of the statement list() runs, so tests can hold pages to index scans. */
  async explainList(
    filters: CarFilters,
    sort: CarSort,
    limit: number,
    after: CarKeyset | null,
  ): Promise<string> {
    const query = this.#listQuery(filters, sort, limit, after).getSQL();
    const lines = resultRows<Record<string, string>>(await this.#db.execute(sql`explain ${query}`));
    return lines.map((line) => Object.values(line)[0]).join('\n');
  }

  /** A page of cars in the chosen order after the given keyset. Costs the same on any page: no OFFSET. */
  async list(filters: CarFilters, sort: CarSort, limit: number, after: CarKeyset | null): Promise<CarPage> {
    const rows = await this.#listQuery(filters, sort, limit, after);
    const hasMore = rows.length > limit;
    return {
      hasMore,
      records: rows.slice(0, limit).map((row) => ({
        ...toRecord(row),
        keyset: { key: row.sortKey, id: row.car.id },
      })),
    };
  }

  /** How many cars match, counted up to TOTAL_COUNT_CAP. */
  async count(filters: CarFilters): Promise<number> {
    const conditions = this.#filterConditions(filters);
    const limited = this.#db
      .select({ one: sql`1` })
      .from(cars)
      .where(and(...conditions))
      .limit(TOTAL_COUNT_CAP)
      .as('limited');
    const [row] = await this.#db.select({ total: sql<number>`count(*)::int` }).from(limited);
    return row?.total ?? 0;
  }

  async insert(values: CarInsert): Promise<string> {
    const [row] = await this.#db.insert(cars).values(values).returning({ id: cars.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async insertMany(values: CarInsert[]): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await this.#db.insert(cars).values(values).returning({ id: cars.id });
    return rows.map((row) => row.id);
  }

  async update(id: string, values: CarUpdate, now: Date): Promise<void> {
    await this.#db
      .update(cars)
      .set({ ...values, updatedAt: now })
      .where(eq(cars.id, id));
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
  ): Promise<{ updated: number } | { notOwned: string[] }> {
    const ids = [...new Set(carIds)];
    return this.#db.transaction(async (tx) => {
      // Row locks keep a concurrent delete or transfer from slipping in between the check and the update.
      const owned = await tx
        .select({ id: cars.id })
        .from(cars)
        .where(and(inArray(cars.id, ids), eq(cars.sellerId, sellerId)))
        .for('update');
      if (owned.length !== ids.length) {
        const ownedIds = new Set(owned.map((row) => row.id));
        return { notOwned: ids.filter((id) => !ownedIds.has(id)) };
      }
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
