import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';

/** The health check's one question to the database: does it answer at all. */
export class DatabaseHealthRepository {
  readonly #database: DatabaseHandle;

  constructor(database: DatabaseHandle) {
    this.#database = database;
  }

  /** Runs a trivial statement (it throws when the database does not answer) and names the database's kind. */
  async check(): Promise<DatabaseHandle['dialect']> {
    await this.#database.db.execute(sql`select 1`);
    return this.#database.dialect;
  }
}
