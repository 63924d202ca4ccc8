import type { CatalogueMake, QueryReading } from '@autoreel/core';
import type { DescriptionFacts, ListingSpecs, WrittenListing } from './listing-writer.ts';

/** What reading a query needs besides the query: the makes, colours and year it is read against. */
export interface QueryContext {
  catalogue: readonly CatalogueMake[];
  colors: readonly string[];
  currentYear: number;
}

/**
 * The language work behind the AI endpoints. Ranking, pricing and recommendations are rules over the
 * database and stay in the service; a provider only reads text and writes text.
 *
 * Implementations: the local engine (default, deterministic, no network) and an OpenAI-compatible service
 * that falls back to the local engine whenever it fails or answers something unusable.
 */
export interface AiProvider {
  readonly name: 'local' | 'openai-compatible';
  readQuery(query: string, context: QueryContext): Promise<QueryReading>;
  writeListing(specs: ListingSpecs): Promise<WrittenListing>;
  enhanceDescription(description: string, facts: DescriptionFacts): Promise<string>;
}

/** The little a provider logs; never given the API key. */
export interface AiLogger {
  warn(details: Record<string, unknown>, message: string): void;
}
