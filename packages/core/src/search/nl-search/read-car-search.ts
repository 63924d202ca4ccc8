import { EXTERIOR_COLOURS } from '../../cars/index.ts';
import { CAR_MAKES } from '../../cars/index.ts';
import { readSearchQuery, type QueryReading } from './query-reader.ts';

/**
 * Reads a query against the product's own catalogue, for clients that show what a search was read as (chips)
 * before or without asking the server. The server also adds makes and models only its inventory lists.
 */
export function readCarSearch(query: string, now: Date = new Date()): QueryReading {
  return readSearchQuery(query, {
    catalogue: CAR_MAKES,
    colors: EXTERIOR_COLOURS,
    currentYear: now.getFullYear(),
  });
}
