import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-2 */
  code: text('code').primaryKey(),
  code3: text('code3').notNull(),
  name: text('name').notNull(),
  callingCode: text('calling_code').notNull(),
  dialCode: text('dial_code').notNull(),
  region: text('region').notNull(),
  subregion: text('subregion').notNull(),
  currencyCode: text('currency_code'),
  currencyName: text('currency_name'),
  currencySymbol: text('currency_symbol'),
  languages: text('languages').array().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  /** Countries where the marketplace operates (listings, prices); others are only pickable for phone numbers. */
  isSupported: boolean('is_supported').notNull().default(false),
});
