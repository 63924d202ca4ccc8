import { invalidInput } from '../errors.ts';
import type { CarKeyset, CarSort } from './car.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Postgres accepts any hex UUID; anything else would be an error, so ids are checked before they reach a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Sort keys are integers: price, mileage, or created_at or the price drop's time in microseconds since the epoch. */
const KEY = /^-?\d{1,16}$/;

/**
 * An opaque, URL-safe cursor naming the sort it belongs to and the last car's sort key and id. A cursor from another
 * sort, or one that was altered into something that is not a key, is refused with 400 rather than failing the query.
 */
export function encodeCarCursor(sort: CarSort, keyset: CarKeyset): string {
  return Buffer.from(JSON.stringify({ s: sort, k: keyset.key, i: keyset.id })).toString('base64url');
}

export function decodeCarCursor(cursor: string, sort: CarSort): CarKeyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalidCursor();
  const { s, k, i } = parsed as Record<string, unknown>;
  if (s !== sort)
    throw invalidCursor('This cursor belongs to another sort order; start again from the first page');
  if (typeof k !== 'string' || !KEY.test(k) || typeof i !== 'string' || !isUuid(i)) throw invalidCursor();
  if (sort !== 'newest' && sort !== 'recently-reduced' && Math.abs(Number(k)) > 2_147_483_647)
    throw invalidCursor();
  return { key: k, id: i };
}

function invalidCursor(message = 'Invalid cursor') {
  return invalidInput(message, [{ field: 'cursor', message }]);
}
