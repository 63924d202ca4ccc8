import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

/** What a statement built by the query builder runs through: `prepare(name)`'s answer, for both drivers. */
interface BuiltStatement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

type QueryFn = (text: string, params: unknown[], options?: unknown) => Promise<unknown>;

/** Names already PREPAREd in each embedded database (a name is PREPAREd once per database, not per repository). */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A parameter as an SQL literal for EXECUTE, which takes no bound parameters. Only the shapes the named statements
 * pass are accepted, and anything else throws: ids (checked to be UUIDs), arrays of them, and finite numbers.
 */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && UUID.test(value)) return `'${value}'`;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && UUID.test(v)))
    return `'{${value.join(',')}}'`;
  throw new TypeError('A named statement on PGlite takes only numbers, ids and arrays of ids');
}

/**
 * `statement`, planned once by the database. On Postgres the driver's `prepare(name)` already does that on each
 * connection. PGlite's driver ignores the name and plans every statement anew, which costs about as much as running
 * a 20-car page; there the statement is PREPAREd once under `name` and each run is an EXECUTE with its parameters
 * written as literals (the result's columns, and so the builder's mapping of rows, are the same).
 */
export function plannedOnce<T extends BuiltStatement>(db: Database, name: string, statement: T): T {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return statement;
  const holder = statement as unknown as { client: { query: QueryFn } };
  const real = client;
  const known = preparedIn.get(real) ?? new Map<string, Promise<unknown>>();
  preparedIn.set(real, known);
  holder.client = {
    async query(text, params, options) {
      let prepared = known.get(name);
      if (!prepared) {
        prepared = real.query(`prepare ${name} as ${text}`);
        known.set(name, prepared);
        // A failed PREPARE is tried again by the next run rather than remembered.
        prepared.catch(() => known.delete(name));
      }
      await prepared;
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      return real.query(`execute ${name}${args}`, [], options as never);
    },
  };
  return statement;
}
