import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from './columns.ts';
import { dealers } from './dealers.ts';
import { users } from './users.ts';

export const cars = pgTable(
  'cars',
  {
    id: id(),
    /** The account that listed the car: a dealer's owner account or a private seller. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: uuid('dealer_id').references(() => dealers.id, { onDelete: 'cascade' }),
    /** dealer | private */
    sellerType: text('seller_type').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    mileage: integer('mileage').notNull(),
    /** Seats including the driver; set by the seller, else the model's usual count. */
    seats: integer('seats').notNull().default(5),
    fuelType: text('fuel_type').notNull(),
    transmission: text('transmission').notNull(),
    bodyType: text('body_type').notNull(),
    color: text('color'),
    exteriorColor: text('exterior_color'),
    interiorColor: text('interior_color'),
    condition: text('condition').notNull(),
    features: text('features').array().notNull().default([]),
    description: text('description').notNull(),
    /** Whole currency units; 0 means 'Contact for price'. */
    price: integer('price').notNull().default(0),
    /** The latest price drop (migration 0019's trigger): falls within 14 days add up, a rise clears it. */
    priceDropAmount: integer('price_drop_amount'),
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true }),
    currency: text('currency').notNull().default('SZL'),
    countryCode: text('country_code').notNull().default('SZ'),
    /** active | sold | reserved */
    status: text('status').notNull().default('active'),
    /** Storage keys; URLs are built when answering. */
    images: text('images').array().notNull().default([]),
    videos: text('videos').array().notNull().default([]),
    posterKey: text('poster_key'),
    /** Hidden by moderation (migration 0022): out of every public answer until restored. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Hidden by its reports (AUTO_HIDE_REPORTERS accounts), not yet reviewed by an admin. */
    hiddenPendingReview: boolean('hidden_pending_review').notNull().default(false),
    /** A video's key -> its adaptive ladder's master playlist key (migration 0025); absent when it has none. */
    videoStreams: jsonb('video_streams').$type<Record<string, string>>().notNull().default({}),
    /** none | processing | ready | failed: a car shows its video once it is ready. */
    videoStatus: text('video_status').notNull().default('none'),
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('simple', make || ' ' || model || ' ' || coalesce(exterior_color, '') || ' ' || coalesce(color, '') || ' ' || description || ' ' || autoreel_text_array_to_string(features))`,
    ),
    createdAt: createdAt(),
    /**
     * The car's place in Newest First: created_at plus its seller's reply boost (migration 0027's triggers keep it,
     * from core's REPLY_TIME_BANDS); never written by the API.
     */
    rankedAt: timestamp('ranked_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Keyset pagination: every sort ends on id so a cursor is unique.
    index('cars_status_ranked_idx').on(t.status, t.rankedAt.desc().nullsLast(), t.id.desc().nullsLast()),
    // The smart search's candidates, newest first by listing time.
    index('cars_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('cars_status_price_idx').on(t.status, t.price, t.id),
    index('cars_status_mileage_idx').on(t.status, t.mileage, t.id),
    // Make and model filters ignore letter case; these serve them, newest first, without reading other makes.
    index('cars_make_lower_created_idx').on(sql`lower(${t.make})`, t.createdAt.desc()),
    index('cars_make_model_lower_idx').on(sql`lower(${t.make})`, sql`lower(${t.model})`),
    // The two commonest filter pairs on the public list, read newest first in the list's exact order so a page
    // stops after its rows: make and body type (Browse), body type and fuel type ('electric SUV' searches).
    index('cars_active_make_body_ranked_idx')
      .on(
        sql`lower(${t.make})`,
        sql`lower(${t.bodyType})`,
        t.rankedAt.desc().nullsLast(),
        t.id.desc().nullsLast(),
      )
      .where(sql`${t.status} = 'active'`),
    index('cars_active_body_fuel_ranked_idx')
      .on(
        sql`lower(${t.bodyType})`,
        sql`lower(${t.fuelType})`,
        t.rankedAt.desc().nullsLast(),
        t.id.desc().nullsLast(),
      )
      .where(sql`${t.status} = 'active'`),
    // Exact make and model: typo search walks the distinct values (a loose index scan) and then matches cars by them.
    index('cars_make_idx').on(t.make),
    index('cars_model_idx').on(t.model),
    index('cars_year_idx').on(t.year),
    index('cars_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('cars_dealer_idx').on(t.dealerId, t.createdAt.desc()),
    index('cars_search_idx').using('gin', t.searchDocument),
    // The makes and models in stock for the query reader, one probe per distinct pair (a loose index scan).
    index('cars_active_make_model_idx')
      .on(t.make, t.model)
      .where(sql`${t.status} = 'active'`),
    // Not modelled here: statistics on lower(body_type | fuel_type | transmission | condition) and on lower(make)
    // with lower(model), created by migration 0009 (CREATE STATISTICS), which the choice filters' estimates need.
  ],
);

/**
 * One row: a number raised by a trigger on every statement that changes what the in-memory catalogue index reads
 * (migration 0011), so a page chosen from the index can check in its own statement that the index is current.
 */
export const carCatalogueVersion = pgTable(
  'car_catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('car_catalogue_version_one_row', sql`${t.id} = 1`)],
);

export const CAR_CHANGE_KINDS = [
  'listed',
  'price_changed',
  'status_changed',
  'details_changed',
  /** Its place in Newest First moved: its seller's reply boost changed (migration 0027). */
  'reordered',
  'removed',
] as const;
export type CarChangeKind = (typeof CAR_CHANGE_KINDS)[number];

/**
 * The catalogue's change log (migration 0018): one row per change a reader or a follower of a car cares about,
 * appended by a trigger in the writing transaction, so scripts and psql are logged too. No foreign key: a
 * 'removed' row outlives its car. Each statement that appends notifies the channel `autoreel_car_changes`.
 */
export const carChanges = pgTable(
  'car_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    carId: uuid('car_id').notNull(),
    kind: text('kind', { enum: CAR_CHANGE_KINDS }).notNull(),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price'),
    oldStatus: text('old_status'),
    newStatus: text('new_status'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_changes_car_seq_idx').on(t.carId, t.seq), index('car_changes_at_idx').on(t.at)],
);

/** A car's price over time, written by the same trigger: its first price, then one point per change. */
export const carPricePoints = pgTable(
  'car_price_points',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_price_points_car_at_idx').on(t.carId, t.at)],
);
