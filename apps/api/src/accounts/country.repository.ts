import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { countries } from '../db/schema/index.ts';

export type CountryRow = typeof countries.$inferSelect;
export type NewCountryRow = typeof countries.$inferInsert;

export class CountryRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Inserts or refreshes every given country in one statement; running it again changes nothing. */
  async upsertAll(rows: NewCountryRow[]): Promise<void> {
    if (rows.length === 0) return;
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await this.#db
      .insert(countries)
      .values(rows)
      .onConflictDoUpdate({
        target: countries.code,
        set: {
          code3: excluded('code3'),
          name: excluded('name'),
          callingCode: excluded('calling_code'),
          dialCode: excluded('dial_code'),
          region: excluded('region'),
          subregion: excluded('subregion'),
          currencyCode: excluded('currency_code'),
          currencyName: excluded('currency_name'),
          currencySymbol: excluded('currency_symbol'),
          languages: excluded('languages'),
          isActive: excluded('is_active'),
          isSupported: excluded('is_supported'),
        },
      });
  }

  async listActive(): Promise<CountryRow[]> {
    return this.#db.select().from(countries).where(eq(countries.isActive, true)).orderBy(asc(countries.name));
  }

  async listSupported(): Promise<CountryRow[]> {
    return this.#db
      .select()
      .from(countries)
      .where(sql`${countries.isSupported} and ${countries.isActive}`)
      .orderBy(asc(countries.name));
  }

  async findByCode(code: string): Promise<CountryRow | undefined> {
    const [row] = await this.#db.select().from(countries).where(eq(countries.code, code)).limit(1);
    return row;
  }
}
